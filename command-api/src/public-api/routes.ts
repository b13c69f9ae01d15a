/** The public API (`/api/v1`): screenings and the drop-in sanctions endpoints, authenticated by API key with per-key rate limits. */
import type { ReadStore } from '@walletscreen/platform';
import type { RateLimiter } from '@walletscreen/platform/rate-limit/rate-limiter';
import { apiKeyAuth, type ApiKeyAuthenticator } from '../http/api-key-auth';
import { routeGroup } from '../http/route';
import { sanctionsDropInRoutes, type SanctionsIndex } from './sanctions-dropins';
import type { EvidenceBundles } from '../shared/evidence-bundle';
import { screeningRoutes, type RenderCheckPdf, type ScreeningChecks } from './screenings';

export function publicApiRoutes(deps: {
  auth: ApiKeyAuthenticator;
  limiter: RateLimiter;
  /** Present when the operator opened the sanctions drop-ins to callers without a key: their limit per client address. */
  anonymousLimiter?: RateLimiter;
  checks: ScreeningChecks;
  readStore: ReadStore;
  renderPdf: RenderCheckPdf;
  sanctionsIndex: () => Promise<SanctionsIndex | null>;
  evidence: EvidenceBundles;
}) {
  return routeGroup(
    [
      ...screeningRoutes({ checks: deps.checks, readStore: deps.readStore, renderPdf: deps.renderPdf, evidence: deps.evidence }),
      ...sanctionsDropInRoutes({ sanctionsIndex: deps.sanctionsIndex, openToAnonymous: deps.anonymousLimiter !== undefined }),
    ],
    { auth: apiKeyAuth({ auth: deps.auth, limiter: deps.limiter, anonymousLimiter: deps.anonymousLimiter }) },
  );
}
