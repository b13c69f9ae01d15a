/**
 * The command-api part of a composition root: HTTP routes, socket.io and live progress, over the
 * ports it is given. The embedded server runs it next to the projections and the workers; the
 * distributed shape runs it as replicas of its own (api-main.ts).
 */
import type { Express } from 'express';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SANCTIONS_UPLOAD_MAX_BYTES } from '@walletscreen/contracts';
import type { ChainSource, Config, EventStore, Logger, MessageBus, ReadStore } from '@walletscreen/platform';
import { foundBreakFile, foundBreakFileStore, SqliteEventStore, verifiedHeadFile, verifiedHeadFileStore } from '@walletscreen/platform/adapters';
import { createIntegrityMonitor, type IntegrityMonitor } from '@walletscreen/command-api/integrity/monitor';
import { haltedWrites } from '@walletscreen/command-api/integrity/routes';
import { checkReplayAudit } from '@walletscreen/workers/checks/replay-audit';
import { createFeedsAdmin } from '@walletscreen/workers/feeds/admin';
import { feedsCacheDir } from '@walletscreen/workers/feeds/sync';
import { enabledFeedIds } from '@walletscreen/workers/feeds/catalog';
import { createSanctionsAdminSync } from '@walletscreen/workers/sanctions/admin-sync';
import { createSanctionsStatus } from '@walletscreen/workers/sanctions/status';
import { createSanctionsUpload } from '@walletscreen/workers/sanctions/upload';
import { createLoginThrottle } from '@walletscreen/command-api/accounts/login-throttle';
import { createMailer } from '@walletscreen/command-api/accounts/mailer';
import { CONFIRMATION_LINKS_PER_HOUR } from '@walletscreen/command-api/accounts/registration-throttle';
import { createAccounts, type Accounts } from '@walletscreen/command-api/accounts/service';
import { createTokenService } from '@walletscreen/command-api/accounts/tokens';
import { adminIdsOnRecord, anyAdmin } from '@walletscreen/projections/customers/queries';
import { createPlanCatalog } from '@walletscreen/command-api/billing/plans';
import { createBilling, type Billing } from '@walletscreen/command-api/billing/service';
import { createStripeGateway } from '@walletscreen/command-api/billing/stripe-gateway';
import { attachSocketGateway } from '@walletscreen/command-api/checks/socket-gateway';
import { createApp } from '@walletscreen/command-api/http/app';
import { answerClientErrors } from '@walletscreen/command-api/http/client-errors';
import { createCustomLists } from '@walletscreen/command-api/lists/service';
import { cachedSanctionsIndex } from '@walletscreen/workers/sanctions/sanctions-store';
import { createRateLimiter, type RateLimitStore } from '@walletscreen/platform/rate-limit/rate-limiter';
import { renderStoredCheckPdf } from '@walletscreen/command-api/pdf/stored-check';
import { apiRouteGroups, apiTags, apiWebhooks } from '@walletscreen/command-api/api';
import { loadLegalDocuments } from '@walletscreen/command-api/site/legal';
import { chainDataConfigOf } from './analysis';
import { startCheckCommand } from './check-command';
import { createBatches } from '@walletscreen/command-api/batches/service';
import { createMonitoring } from '@walletscreen/command-api/monitoring/service';
import { summarizeCheck } from '@walletscreen/workers/monitoring/summary';
import { createWebhooks } from '@walletscreen/command-api/webhooks/service';
import { createCases } from '@walletscreen/command-api/cases/service';
import { createEvidenceBundles } from '@walletscreen/command-api/shared/evidence-bundle';
import { treeHeadsOf } from './tree-heads';
import { signedHeadsCheck } from './tree-head-verify';

/** The ports a part runs on. */
export interface Ports {
  eventStore: EventStore;
  readStore: ReadStore;
  bus: MessageBus;
}

/** Whether the read models have caught up with a position: the in-process runner, or a watch of the stored checkpoints. */
export interface ReadModels {
  waitFor(position: number, timeoutMs?: number): Promise<void>;
}

/** Whether new users confirm their e-mail address before they get the welcome checks: auto means where the server sends e-mail. */
export function emailConfirmationOn(config: Pick<Config, 'REGISTRATION_EMAIL_CONFIRMATION' | 'SMTP_URL'>): boolean {
  return config.REGISTRATION_EMAIL_CONFIRMATION === 'on' || (config.REGISTRATION_EMAIL_CONFIRMATION === 'auto' && config.SMTP_URL !== undefined);
}

/** The accounts service and the mailer it sends through (the caller closes the mailer). */
export function createAccountsService(deps: { config: Config; eventStore: EventStore; readStore: ReadStore; logger: Logger; clock: () => Date }) {
  const { config, logger, clock } = deps;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.DATA_DIR, 'outbox'), logger });
  const accounts = createAccounts({
    eventStore: deps.eventStore,
    tokens: createTokenService(config.JWT_SECRET, clock),
    throttle: createLoginThrottle(() => clock().getTime()),
    mailer,
    logger,
    publicUrl: config.PUBLIC_URL,
    clock,
    emailConfirmation: emailConfirmationOn(config),
    adminIdsOnRecord: () => adminIdsOnRecord(deps.readStore),
  });
  return { accounts, mailer };
}

/** The built SPA: frontend/dist, looked for upwards from this file (source and bundle differ in depth). */
export function findStaticDir(from: string = __dirname): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'frontend', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The event store's integrity, verified and watched by the composition root; the API reports it and halts writes on a break. */
export interface StoreIntegrityWatch {
  integrity: IntegrityMonitor;
  /** The store's hash chain (the SQLite store's; undefined where the store keeps none). */
  hashChain: ChainSource | undefined;
  /** Whether writes are halted now (a break not acknowledged yet). */
  writesHalted(): boolean;
  close(): void;
}

/**
 * The hash chain is kept by the SQLite store only (see EventStoreDbEventStore): verified before
 * anything runs (the API serves, the background work appends), on from the position verified
 * before (remembered beside the store's file), then every INTEGRITY_VERIFY_INTERVAL_SECONDS, and
 * walked whole in the background every INTEGRITY_FULL_VERIFY_INTERVAL_SECONDS (the first walk at
 * once); a break halts writes until an admin acknowledges it.
 */
export async function openStoreIntegrity(deps: {
  eventStore: EventStore;
  /** The read models (the log tree's kept nodes narrow a change down to its events). */
  readStore: ReadStore;
  config: Pick<Config, 'INTEGRITY_VERIFY_INTERVAL_SECONDS' | 'INTEGRITY_FULL_VERIFY_INTERVAL_SECONDS' | 'auditLogKey'>;
  clock: () => Date;
  logger: Logger;
}): Promise<StoreIntegrityWatch> {
  const { eventStore } = deps;
  const hashChain =
    eventStore instanceof SqliteEventStore
      ? { readAll: eventStore.readAll.bind(eventStore), lastAssignedPosition: () => eventStore.lastAssignedPosition() }
      : undefined;
  const integrity = createIntegrityMonitor({
    chain: hashChain,
    verifiedHead: eventStore instanceof SqliteEventStore ? verifiedHeadFileStore(verifiedHeadFile(eventStore.db.name)) : undefined,
    foundBreak: eventStore instanceof SqliteEventStore ? foundBreakFileStore(foundBreakFile(eventStore.db.name)) : undefined,
    signedHeads: hashChain ? signedHeadsCheck({ eventStore, readStore: deps.readStore, key: deps.config.auditLogKey.publicKey }) : undefined,
    eventStore,
    clock: deps.clock,
    logger: deps.logger,
  });
  await integrity.verify();
  const close = integrity.watch(deps.config.INTEGRITY_VERIFY_INTERVAL_SECONDS * 1000, deps.config.INTEGRITY_FULL_VERIFY_INTERVAL_SECONDS * 1000);
  return { integrity, hashChain, writesHalted: () => integrity.halted() !== null, close };
}

export interface CommandApi {
  url: string;
  /** The HTTP app (tests read its mounted routes). */
  app: Express;
  billing: Billing;
  close(): Promise<void>;
}

export async function startCommandApi(deps: {
  config: Config;
  /** The environment, for the blockchain data sources the feeds read from the chain use (chain-data/config.ts). */
  env: NodeJS.ProcessEnv;
  ports: Ports;
  accounts: Accounts;
  readModels: ReadModels;
  storeIntegrity: StoreIntegrityWatch;
  /** Waits until the read models have caught up with the store's head (before asking whether an admin exists). */
  catchUp: () => Promise<void>;
  logger: Logger;
  clock: () => Date;
  staticDir?: string;
  /** Where the API keys' rate-limit counts are kept: memory for one process, shared by replicas otherwise. */
  rateLimitStore?: RateLimitStore;
  /** Sends a redelivered webhook at once, where this process also runs the dispatcher (the embedded server); otherwise the dispatcher finds it within a second. */
  deliverWebhookNow?: (deliveryId: string) => void;
}): Promise<CommandApi> {
  const { config, logger, clock, accounts, readModels } = deps;
  const { eventStore, readStore, bus } = deps.ports;
  // The operator's Terms and Privacy files are read first: one that cannot be used stops the start.
  const legal = loadLegalDocuments(config, { name: config.SELLER_NAME, email: config.CONTACT_EMAIL });

  const { integrity, hashChain } = deps.storeIntegrity;

  await deps.catchUp();
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const outcome = await accounts.ensureFirstAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD, () => anyAdmin(readStore));
    if (outcome === 'created') logger.info({ email: config.ADMIN_EMAIL }, 'first admin created from ADMIN_EMAIL');
    if (outcome === 'conflict') logger.error({ email: config.ADMIN_EMAIL }, 'ADMIN_EMAIL belongs to an ordinary account: no admin was created');
  } else if (!(await anyAdmin(readStore))) {
    logger.warn('no admin exists: set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create one');
  }

  // The audit log's signed tree heads and the checks' evidence bundles proved against them.
  const tree = treeHeadsOf({
    config,
    eventStore,
    readStore,
    clock,
    logger,
    readModelsAt: (position, timeoutMs) => readModels.waitFor(position, timeoutMs),
    writesHalted: deps.storeIntegrity.writesHalted,
  });
  const evidenceBundles = createEvidenceBundles({ eventStore, readStore, treeHeads: tree.treeHeads, evidence: checkReplayAudit, clock });

  // Live progress: every replica follows the check events in a group of its own, so each one
  // pushes to the sockets connected to it.
  const { checks, hub } = await startCheckCommand({ eventStore, bus, accounts, logger, clock, waitMs: config.CHECK_WAIT_MS });

  // An answer that changed something waits (up to 5 s) until the read models show it; after that it answers anyway (the change is stored).
  const readModelsShow = (what: string) => (position: number) =>
    readModels.waitFor(position, 5_000).catch((error: unknown) => logger.warn({ err: error, position }, `read models are behind ${what}`));

  // Billing: plans from PLANS; Stripe when STRIPE_SECRET_KEY is set, the local test-payment provider otherwise.
  const billing = createBilling({
    accounts,
    plans: createPlanCatalog(config.PLANS),
    stripe: config.STRIPE_SECRET_KEY
      ? createStripeGateway({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiBase: config.STRIPE_API_BASE })
      : undefined,
    publicUrl: config.PUBLIC_URL,
    expiryDays: config.PURCHASE_EXPIRY_DAYS,
    clock,
    logger,
  });
  if (!config.STRIPE_SECRET_KEY) logger.info('STRIPE_SECRET_KEY is not set: purchases use the local test-payment provider (no money is charged)');
  else if (!config.STRIPE_WEBHOOK_SECRET) logger.warn('STRIPE_WEBHOOK_SECRET is not set: paid Stripe sessions cannot be credited');

  // Sanctions: the admin's custom block and allow lists and the OFAC list's status.
  const customLists = createCustomLists({ eventStore, clock });
  const ofacStatus = createSanctionsStatus(eventStore, clock);
  const sanctionsStatus = async (audience: 'admin' | 'user') => ({ ...(await ofacStatus(audience)), custom_lists: (await customLists.list()).length });

  const apiKeyLimiter = createRateLimiter({ name: 'api_key', limit: config.API_KEY_RATE_LIMIT, windowSeconds: 60 }, deps.rateLimitStore ?? 'memory', {
    onSweepError: (error) => logger.warn({ err: error }, 'could not delete expired API-key rate-limit counts; the next sweep tries again'),
  });
  const dropInAnonymousLimiter = config.SANCTIONS_DROPIN_ANONYMOUS
    ? createRateLimiter({ name: 'dropin_anonymous', limit: config.SANCTIONS_DROPIN_ANONYMOUS_RATE_LIMIT, windowSeconds: 60 }, deps.rateLimitStore ?? 'memory', {
        onSweepError: (error) => logger.warn({ err: error }, 'could not delete expired anonymous drop-in rate-limit counts; the next sweep tries again'),
      })
    : undefined;
  if (dropInAnonymousLimiter)
    logger.info(
      { perMinute: config.SANCTIONS_DROPIN_ANONYMOUS_RATE_LIMIT },
      'the sanctions drop-ins answer callers without an API key (SANCTIONS_DROPIN_ANONYMOUS)',
    );
  // Registration: per client address and in total, each an hour; the confirmation links asked for again, per account.
  const hourly = (name: string, limit: number) =>
    createRateLimiter({ name, limit, windowSeconds: 3_600 }, deps.rateLimitStore ?? 'memory', {
      onSweepError: (error) => logger.warn({ err: error }, `could not delete expired ${name} rate-limit counts; the next sweep tries again`),
    });
  const registrationLimiters = {
    perAddress: hourly('registration_address', config.REGISTRATION_RATE_LIMIT_PER_ADDRESS),
    total: hourly('registration_total', config.REGISTRATION_RATE_LIMIT_TOTAL),
    confirmationLinks: hourly('email_confirmation_link', CONFIRMATION_LINKS_PER_HOUR),
  };
  // socket.io: the connections each user opens, per minute.
  const socketConnectLimiter = createRateLimiter(
    { name: 'socket_connect', limit: config.SOCKET_CONNECT_RATE_LIMIT, windowSeconds: 60 },
    deps.rateLimitStore ?? 'memory',
    {
      onSweepError: (error) => logger.warn({ err: error }, 'could not delete expired socket-connection rate-limit counts; the next sweep tries again'),
    },
  );
  const closeLimiters = () => {
    for (const limiter of [apiKeyLimiter, dropInAnonymousLimiter, socketConnectLimiter, ...Object.values(registrationLimiters)]) limiter?.close();
  };
  if (emailConfirmationOn(config) && !config.SMTP_URL)
    logger.info('REGISTRATION_EMAIL_CONFIRMATION is on without SMTP_URL: confirmation links are written to DATA_DIR/outbox');
  const app = createApp({
    groups: apiRouteGroups({
      accounts,
      checks,
      billing,
      customLists,
      sanctionsStatus,
      eventStore,
      readStore,
      logger,
      clock,
      config,
      legal,
      readModelsShow,
      apiKeyLimiter,
      dropInAnonymousLimiter,
      registrationLimiters,
      sanctionsIndex: cachedSanctionsIndex(eventStore),
      renderCheckPdf: (userId, checkId) => renderStoredCheckPdf(readStore, userId, checkId, clock()),
      batches: createBatches({ eventStore, readStore, clock, checksLeft: (userId) => accounts.checksLeft(userId) }),
      monitoring: createMonitoring({ eventStore, readStore, clock, maxWatches: config.WATCHLIST_MAX, summarize: summarizeCheck }),
      cases: createCases({ eventStore, readStore, clock, fourEyes: config.CASES_FOUR_EYES }),
      webhooks: createWebhooks({
        eventStore,
        readStore,
        clock,
        allowPrivateDestinations: config.WEBHOOK_ALLOW_PRIVATE_DESTINATIONS,
        ...(deps.deliverWebhookNow ? { deliverNow: deps.deliverWebhookNow } : {}),
      }),
      // The admin's operations run the workers' code: the OFAC sync and upload, the feeds, the check replay.
      sanctionsSync: createSanctionsAdminSync({ eventStore, clock, logger, url: config.OFAC_SDN_URL }),
      sanctionsUpload: createSanctionsUpload({ eventStore, clock, logger, maxBytes: SANCTIONS_UPLOAD_MAX_BYTES }),
      feedsAdmin: createFeedsAdmin({
        eventStore,
        readStore,
        readModelsAt: (position, timeoutMs) => readModels.waitFor(position, timeoutMs),
        enabled: enabledFeedIds(config.FEEDS_ENABLED),
        urls: config.FEED_URLS,
        chainData: chainDataConfigOf(deps.env),
        cacheDir: feedsCacheDir(config.DATA_DIR),
        clock,
        logger,
      }),
      checkAudit: checkReplayAudit,
      hashChain,
      integrity,
      treeHeads: tree.treeHeads,
      evidenceBundles,
    }),
    tags: apiTags,
    webhooks: apiWebhooks,
    // A read that carries a consistency token waits until the read models have reached it.
    readModelsAt: (position, timeoutMs) => readModels.waitFor(position, timeoutMs),
    logger,
    staticDir: deps.staticDir ?? findStaticDir(),
    trustProxy: config.TRUST_PROXY,
    publicUrl: config.PUBLIC_URL,
    health: () => {
      const report = integrity.report();
      return { status: report.writes === 'halted' ? 'degraded' : 'ok', integrity: report };
    },
    writeHalt: haltedWrites({ auth: accounts, integrity }),
  });
  const server: Server = createServer(app);
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  }).catch(async (error: unknown) => {
    closeLimiters();
    tree.close();
    await hub.stop();
    throw error;
  });
  const sockets = attachSocketGateway({
    server,
    auth: accounts,
    hub,
    checks,
    logger,
    publicUrl: config.PUBLIC_URL,
    limits: { openPerUser: config.SOCKET_CONNECTIONS_PER_USER, connects: socketConnectLimiter },
  });
  const address = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    app,
    billing,
    close() {
      closing ??= (async () => {
        // socket.io closes the HTTP server it is attached to.
        const closed = sockets.close();
        server.closeAllConnections();
        await closed;
        closeLimiters();
        tree.close();
        await hub.stop();
      })();
      return closing;
    },
  };
}
