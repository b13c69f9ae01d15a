/** The public API (`/api/v1`): screenings and the drop-in sanctions endpoints, authenticated by API key with per-key rate limits. */
import type { ApiKeyScope } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import type { RateLimiter } from '@walletscreen/platform/rate-limit/rate-limiter';
import { requireApiKey, type ApiKeyAuthenticator } from '../http/api-key-auth';
import { routeGroup } from '../http/route';
import { sanctionsDropInRoutes, type SanctionsIndex } from './sanctions-dropins';
import { screeningRoutes, type RenderCheckPdf, type ScreeningChecks } from './screenings';

export function publicApiRoutes(deps: { auth: ApiKeyAuthenticator; limiter: RateLimiter; checks: ScreeningChecks; readStore: ReadStore; clock: () => Date; renderPdf: RenderCheckPdf; sanctionsIndex: () => Promise<SanctionsIndex | null> }) {
  const middleware = (scope: ApiKeyScope) => [requireApiKey({ auth: deps.auth, limiter: deps.limiter }, scope)];
  return routeGroup([
    ...screeningRoutes({ middleware, checks: deps.checks, readStore: deps.readStore, clock: deps.clock, renderPdf: deps.renderPdf }),
    ...sanctionsDropInRoutes({ middleware: middleware('screen'), sanctionsIndex: deps.sanctionsIndex }),
  ]);
}
