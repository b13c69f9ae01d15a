/**
 * The HTTP API as a whole: every route group it mounts under /api, in mounting order, with the
 * reference page's sections and the webhook messages it documents. It assembles every feature, so
 * it sits outside them; what the features run on (services, stores, the workers' admin side) comes
 * in as ports, which a composition root (server/) builds and hands in. The same list describes
 * the API: `describeApi()` builds the OpenAPI document from it without serving anything
 * (`npm run openapi:types` writes the typed client's schema from that).
 */
import { alertCreatedMessageSchema, batchCompletedMessageSchema, screeningCompletedMessageSchema } from '@walletscreen/contracts';
import type { ChainSource, Config, EventStore, Logger, ReadStore } from '@walletscreen/platform';
import { accountRoutes } from './accounts/routes';
import type { RegistrationLimiters } from './accounts/registration-throttle';
import type { Accounts } from './accounts/service';
import { adminPathsGuard, adminRoutes } from './admin/routes';
import { accountPurchaseRoutes } from './billing/account-routes';
import { billingRoutes } from './billing/routes';
import { sellerAddressLines } from './billing/receipt-pdf';
import type { Billing } from './billing/service';
import { addressRoutes, checkRoutes } from './checks/routes';
import type { Checks } from './checks/service';
import { apiDocument } from './http/app';
import type { ApiTag, ApiWebhook, OpenApiJson } from './http/openapi-document';
import type { RouteGroup } from './http/route';
import { insightsRoutes } from './insights/routes';
import { listsRoutes } from './lists/routes';
import type { CustomListsService } from './lists/service';
import { pdfRoutes } from './pdf/routes';
import { auditRoutes } from './audit/routes';
import { integrityRoutes } from './integrity/routes';
import { treeHeadRoutes } from './audit/tree-head-routes';
import type { TreeHeads } from './audit/tree-heads';
import type { EvidenceBundles } from './shared/evidence-bundle';
import type { IntegrityMonitor } from './integrity/monitor';
import { streamRoutes, type CheckAudit } from './audit/stream-routes';
import { adminFeedsRoutes, type FeedsAdmin } from './sanctions/feeds-routes';
import { adminSanctionsRoutes, sanctionsRoutes, type SanctionsStatusReader, type SanctionsSyncNow, type SanctionsUpload } from './sanctions/routes';
import type { RateLimiter } from '@walletscreen/platform/rate-limit/rate-limiter';
import { apiKeyRoutes } from './api-keys/routes';
import { publicApiRoutes } from './public-api/routes';
import type { SanctionsIndex } from './public-api/sanctions-dropins';
import type { RenderCheckPdf } from './shared/check-command';
import { batchRoutes } from './batches/routes';
import type { Batches } from './batches/service';
import { sessionAuth } from './http/auth';
import { apiKeyAuth } from './http/api-key-auth';
import { routeGroup } from './http/route';
import { monitoringRoutes, publicMonitoringRoutes } from './monitoring/routes';
import type { Monitoring } from './monitoring/service';
import { webhookRoutes } from './webhooks/routes';
import { casesRoutes } from './cases/routes';
import type { Cases } from './cases/service';
import { siteRoutes } from './site/routes';
import { loadLegalDocuments, type LegalDocuments } from './site/legal';
import type { Webhooks } from './webhooks/service';

export interface ApiRouteDeps {
  accounts: Accounts;
  checks: Checks;
  billing: Billing;
  customLists: CustomListsService;
  sanctionsStatus: SanctionsStatusReader;
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  clock: () => Date;
  config: Pick<Config, 'CONTACT_EMAIL' | 'SALES_EMAIL' | 'SELLER_NAME' | 'SELLER_ADDRESS' | 'OPENAI_API_KEY'>;
  /** The Terms of Service and the Privacy notice (site/legal.ts: read once, at start). */
  legal: LegalDocuments;
  /** Waits (a bounded time) until the read models show a change at this position. */
  readModelsShow: (what: string) => (position: number) => Promise<void>;
  /** The public API's per-key rate limit. */
  apiKeyLimiter: RateLimiter;
  /** Present when the operator opened the sanctions drop-ins to callers without a key. */
  dropInAnonymousLimiter?: RateLimiter;
  /** Registration's rate limits (per client address and in total) and the confirmation links asked for again. */
  registrationLimiters: RegistrationLimiters;
  /** The sanctions list in force, for the drop-in sanctions endpoints (null when none is loaded). */
  sanctionsIndex: () => Promise<SanctionsIndex | null>;
  renderCheckPdf: RenderCheckPdf;
  batches: Batches;
  /** The watchlist and the alerts inbox. */
  monitoring: Monitoring;
  webhooks: Webhooks;
  /** Cases opened on checks and alerts. */
  cases: Cases;
  /** The admin's OFAC "sync now" and file upload (the workers' recorded sync, behind these ports). */
  sanctionsSync: SanctionsSyncNow;
  sanctionsUpload: SanctionsUpload;
  /** The intelligence feeds' admin side: status, sync now, the labels upload. */
  feedsAdmin: FeedsAdmin;
  /** A check's replay and the versions it used, for the auditor's check routes. */
  checkAudit: CheckAudit;
  /** The event store's hash chain, for the audit's verification; absent where the store keeps none. */
  hashChain?: ChainSource;
  /** The event store's integrity, verified at start and as the server runs: its report and the acknowledgement of a break. */
  integrity: IntegrityMonitor;
  /** The audit log's signed tree heads: the public key, the latest head. */
  treeHeads: TreeHeads;
  /** Checks' evidence bundles (their events with inclusion proofs against a signed tree head). */
  evidenceBundles: EvidenceBundles;
}

/** The reference page's sections, in order. */
export const apiTags: ApiTag[] = [
  {
    name: 'Accounts',
    description:
      "Registration, sign-in, password reset, the signed-in user and their Account screen (password change, sessions, purchases and receipts). Calls whose authorization is `session` take the token from sign-in as `Authorization: Bearer <token>`; admin calls take an admin's token from /api/admin/admin-login.",
  },
  {
    name: 'Checks',
    description:
      'Checking a wallet, following the check, the History and the PDF report. A check charges one premium check (bonus checks first); a check that fails, or comes back Incomplete (data unavailable), is refunded.',
  },
  { name: 'Addresses', description: 'Which chain and network an address belongs to, and its canonical form.' },
  { name: 'Billing', description: 'The plans and buying checks: Stripe Checkout, or the built-in test-payment provider when Stripe is not configured.' },
  { name: 'Sanctions', description: 'Whether an OFAC sanctions list is loaded, so checks can be screened against it.' },
  { name: 'Admin: customers', description: "Admins only: customers, top-ups, blocks, refunds of recorded checks, every user's checks and the purchases." },
  { name: 'Admin: insights', description: 'Admins only: every screened wallet, and the financial stats.' },
  {
    name: 'Admin: admins',
    description:
      'Who administers this server: the admins listed (admins and auditors), added and removed by an admin, never oneself and never the last one; every change recorded in the audit log.',
  },
  {
    name: 'Admin: sanctions lists',
    description:
      'Admins only: the OFAC list (sync now, upload a file), the custom block and allow lists, and the intelligence feeds (status, sync now, your own labels file).',
  },
  {
    name: 'Admin: audit',
    description:
      "Admins only: every recorded event, its export, a customer's balance as of a moment, the event store's hash chain, the audit log's signed tree heads and checks' evidence bundles.",
  },
  { name: 'API keys', description: "The signed-in user's API keys for the public API: create (the key is shown once), list, revoke." },
  {
    name: 'Screenings',
    description:
      'The public API (`/api/v1`): send an API key as `X-API-Key` or `Authorization: Bearer`. Screenings run the same analysis and charging as the web app; each key has a rate limit (429 with Retry-After and the RateLimit headers).',
  },
  {
    name: 'Batches',
    description:
      'Batch screening in the web app: a CSV file of up to 10,000 wallets, checked whole before anything is charged, then screened one check per distinct wallet, with live progress, the results CSV and a ZIP of the reports.',
  },
  {
    name: 'Webhooks',
    description:
      "The signed-in user's webhook endpoints: events (`screening.completed`, `alert.created`, `batch.completed`) POSTed to a URL, signed as the Standard Webhooks specification says, retried with exponential back-off for about three days, each attempt in the delivery log. An endpoint whose deliveries all fail for five days is disabled and its owner told by e-mail.",
  },
  { name: 'Webhooks (API)', description: 'The same webhook endpoints and delivery logs through the public API, with a key that has the `monitor` scope.' },
  { name: 'Batches (API)', description: 'The same batches through the public API: submit with the `screen` scope, read and download with `read`.' },
  {
    name: 'Monitoring',
    description:
      'The watchlist and the alerts inbox of the signed-in user. Watched wallets are re-screened on their interval (a scheduled re-screen costs one check; with none left it is skipped and tried at the next slot) and at once, free and without a blockchain call, when a sanctions or custom list changes. A changed level or status, or a new sanctions hit, raises an alert.',
  },
  {
    name: 'Monitoring (API)',
    description: 'The watchlist and the alerts through the public API: an API key with the `monitor` scope. Same rules and prices as the web app.',
  },
  {
    name: 'Cases',
    description:
      'A check or an alert opened for review: status (open, escalated, closed), assignee, notes, and a decision with its reason (approve, reject, report), each an event on the case. Closing a case of a High Risk, Non-compliant or Incomplete check needs a second person (four eyes, as the operator sets it). The customer acts on the cases of their own checks, admins on every case.',
  },
  { name: 'Admin: cases', description: "Admins only: every customer's cases." },
  {
    name: 'Sanctions (drop-in)',
    description: "Free sanctions checks answered in the shapes of Chainalysis' and TRM's free sanctions APIs, against the OFAC SDN list in force.",
  },
  { name: 'Service', description: 'Liveness, this document and its reference page.' },
];

/** The messages sent to users' webhook endpoints, documented in the OpenAPI document's `webhooks`. */
export const apiWebhooks: ApiWebhook[] = [
  {
    name: 'screening.completed',
    summary: 'A screening finished',
    description:
      'Sent when a screening completes (`refunded: true` when it came back Incomplete), or fails (`status: "failed"`, `refunded: true`, with the reason in `error`).',
    tags: ['Webhooks'],
    body: screeningCompletedMessageSchema,
  },
  {
    name: 'alert.created',
    summary: 'Monitoring raised an alert',
    description:
      "Sent when a watched wallet's re-screen changes its level or status, or finds a new sanctions hit: the alert with before, after and the evidence.",
    tags: ['Webhooks'],
    body: alertCreatedMessageSchema,
  },
  {
    name: 'batch.completed',
    summary: 'A batch finished',
    description: 'Sent once every wallet of a batch has been screened (or skipped).',
    tags: ['Webhooks'],
    body: batchCompletedMessageSchema,
  },
];

export function apiRouteGroups(deps: ApiRouteDeps): RouteGroup[] {
  const { accounts, readStore, clock } = deps;
  const batchDeps = {
    batches: deps.batches,
    renderPdf: deps.renderCheckPdf,
    logger: deps.logger,
    clock,
    // A row whose text the sanctions list holds as written, and that is no address, is screened as `other`.
    listedTexts: async () => {
      const index = await deps.sanctionsIndex();
      return (text: string) => (index?.lookup('other', text).length ?? 0) > 0;
    },
  };
  const webhookDeps = { webhooks: deps.webhooks };
  const groups = [
    siteRoutes(
      {
        contact_email: deps.config.CONTACT_EMAIL,
        sales_email: deps.config.SALES_EMAIL ?? deps.config.CONTACT_EMAIL,
        ai_narrative: Boolean(deps.config.OPENAI_API_KEY),
      },
      deps.legal,
    ),
    accountRoutes(accounts, deps.registrationLimiters, deps.readModelsShow('the confirmed e-mail address')),
    addressRoutes(),
    checkRoutes({ auth: accounts, checks: deps.checks, readStore, logger: deps.logger, clock, evidence: deps.evidenceBundles }),
    pdfRoutes({ auth: accounts, readStore, clock }),
    adminRoutes({ auth: accounts, readStore, commands: accounts, logger: deps.logger, clock }),
    insightsRoutes({ auth: accounts, readStore, clock }),
    listsRoutes({ auth: accounts, lists: deps.customLists }),
    billingRoutes({ auth: accounts, billing: deps.billing, readStore }),
    accountPurchaseRoutes({
      auth: accounts,
      readStore,
      clock,
      seller: { name: deps.config.SELLER_NAME, address: sellerAddressLines(deps.config.SELLER_ADDRESS) },
    }),
    sanctionsRoutes({ auth: accounts, status: deps.sanctionsStatus }),
    auditRoutes({ auth: accounts, readStore, eventStore: deps.eventStore, hashChain: deps.hashChain, integrity: deps.integrity, clock }),
    integrityRoutes({ auth: accounts, integrity: deps.integrity }),
    streamRoutes({ auth: accounts, eventStore: deps.eventStore, checks: deps.checkAudit, evidence: deps.evidenceBundles }),
    treeHeadRoutes({ auth: accounts, treeHeads: deps.treeHeads, readStore }),
    adminSanctionsRoutes({ auth: accounts, sync: deps.sanctionsSync, upload: deps.sanctionsUpload, status: deps.sanctionsStatus }),
    adminFeedsRoutes({ auth: accounts, feeds: deps.feedsAdmin }),
    apiKeyRoutes({ auth: accounts, keys: accounts }),
    publicApiRoutes({
      auth: accounts,
      limiter: deps.apiKeyLimiter,
      anonymousLimiter: deps.dropInAnonymousLimiter,
      checks: deps.checks,
      readStore,
      renderPdf: deps.renderCheckPdf,
      sanctionsIndex: deps.sanctionsIndex,
      evidence: deps.evidenceBundles,
    }),
    routeGroup(batchRoutes(batchDeps, { prefix: '/batches', submitAuth: 'session', readAuth: 'session', tags: ['Batches'], source: 'web' }), {
      auth: sessionAuth(accounts),
    }),
    routeGroup(
      batchRoutes(batchDeps, { prefix: '/v1/batches', submitAuth: { apiKey: 'screen' }, readAuth: { apiKey: 'read' }, tags: ['Batches (API)'], source: 'api' }),
      {
        auth: apiKeyAuth({ auth: accounts, limiter: deps.apiKeyLimiter }),
      },
    ),
    monitoringRoutes({ auth: accounts, monitoring: deps.monitoring, waitForReadModels: deps.readModelsShow('a watchlist change') }),
    publicMonitoringRoutes({
      auth: accounts,
      limiter: deps.apiKeyLimiter,
      monitoring: deps.monitoring,
      waitForReadModels: deps.readModelsShow('a watchlist change'),
    }),
    routeGroup(webhookRoutes(webhookDeps, { prefix: '/webhooks', auth: 'session', tags: ['Webhooks'], source: 'web' }), { auth: sessionAuth(accounts) }),
    routeGroup(webhookRoutes(webhookDeps, { prefix: '/v1/webhooks', auth: { apiKey: 'monitor' }, tags: ['Webhooks (API)'], source: 'api' }), {
      auth: apiKeyAuth({ auth: accounts, limiter: deps.apiKeyLimiter }),
    }),
    casesRoutes({ auth: accounts, cases: deps.cases }),
  ];
  // Last: any other /api/admin path asks for an admin before it is found missing.
  return [...groups, adminPathsGuard(accounts, groups)];
}

/** A dependency the described routes hold but never call: using it is a mistake, said loudly. */
function unused<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      if (property === 'then' || typeof property === 'symbol') return undefined;
      throw new Error(`${name}.${String(property)} was used, but these routes were built only to be described`);
    },
  });
}

/** The route groups over dependencies that are never called: for describing the API, not serving it. */
export function describedRouteGroups(): RouteGroup[] {
  return apiRouteGroups({
    accounts: unused('accounts'),
    checks: unused('checks'),
    billing: unused('billing'),
    customLists: unused('customLists'),
    sanctionsStatus: () => Promise.reject(new Error('sanctionsStatus was used, but these routes were built only to be described')),
    eventStore: unused('eventStore'),
    readStore: unused('readStore'),
    logger: unused('logger'),
    clock: () => new Date(0),
    config: {
      CONTACT_EMAIL: 'compliance@walletscreen.example',
      SALES_EMAIL: undefined,
      SELLER_NAME: 'WalletScreen',
      SELLER_ADDRESS: undefined,
      OPENAI_API_KEY: undefined,
    },
    legal: loadLegalDocuments({}, { name: 'WalletScreen', email: 'compliance@walletscreen.example' }),
    readModelsShow: () => () => Promise.resolve(),
    apiKeyLimiter: unused('apiKeyLimiter'),
    registrationLimiters: unused('registrationLimiters'),
    sanctionsIndex: () => Promise.reject(new Error('sanctionsIndex was used, but these routes were built only to be described')),
    renderCheckPdf: () => Promise.reject(new Error('renderCheckPdf was used, but these routes were built only to be described')),
    batches: unused('batches'),
    monitoring: unused('monitoring'),
    webhooks: unused('webhooks'),
    cases: unused('cases'),
    sanctionsSync: () => Promise.reject(new Error('sanctionsSync was used, but these routes were built only to be described')),
    sanctionsUpload: () => Promise.reject(new Error('sanctionsUpload was used, but these routes were built only to be described')),
    feedsAdmin: unused('feedsAdmin'),
    checkAudit: unused('checkAudit'),
    integrity: unused('integrity'),
    treeHeads: unused('treeHeads'),
    evidenceBundles: unused('evidenceBundles'),
  });
}

/** The OpenAPI document of the API, built in-process from the route declarations (no server). */
export function describeApi(serverUrl = 'http://localhost:3000'): OpenApiJson {
  return apiDocument(describedRouteGroups(), serverUrl, apiTags, apiWebhooks);
}
