/**
 * Composition root of the embedded profile: one process, one SQLite file, zero services.
 * The only place that reads configuration and builds adapters.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createLogger, loadConfig, type Config, type EventStore, type Logger, type ReadStore } from '@walletscreen/platform';
import { openPlatform } from '@walletscreen/platform/composition';
import { allProjections, startProjections, type ProjectionRunner } from '@walletscreen/projections';
import { createLoginThrottle } from '../accounts/login-throttle';
import { createMailer } from '../accounts/mailer';
import { accountRoutes } from '../accounts/routes';
import { createAccounts, type Accounts } from '../accounts/service';
import { createTokenService } from '../accounts/tokens';
import { anyAdmin } from '../admin/customers-query';
import { adminRoutes } from '../admin/routes';
import { startExpirySweeper, type ExpirySweeper } from '../billing/expiry-sweeper';
import { createPlanCatalog } from '../billing/plans';
import { billingRoutes, STRIPE_WEBHOOK_PATH } from '../billing/routes';
import { createBilling, type Billing } from '../billing/service';
import { createStripeGateway } from '../billing/stripe-gateway';
import { runningCheckIds } from '../checks/history';
import { startProgressHub } from '../checks/progress-hub';
import { startChargeSweeper, type ChargeSweeper } from '../checks/charge-sweeper';
import { startRefundOnFailure } from '../checks/refund-on-failure';
import { addressRoutes, checkRoutes } from '../checks/routes';
import { createChecks } from '../checks/service';
import { attachSocketGateway } from '../checks/socket-gateway';
import { startAnalysisWorker, type AnalysisWorker } from '@walletscreen/workers/checks/analysis-worker';
import { createAnalysis, type AnalysisOptions } from './analysis';
import { createApp } from '../http/app';
import { insightsRoutes } from '../insights/routes';
import { listsRoutes } from '../lists/routes';
import { createCustomLists } from '../lists/service';
import { pdfRoutes } from '../pdf/routes';
import { sanctionsRoutes } from '../sanctions/routes';
import { createSanctionsStatus } from '@walletscreen/workers/sanctions/status';
import { startSanctionsRefresh } from './sanctions-refresh';
import { adminOperationsRoutes } from './admin-operations';
import { lockDataDir } from './data-dir-lock';

export interface EmbeddedServer {
  url: string;
  config: Config;
  logger: Logger;
  eventStore: EventStore;
  readStore: ReadStore;
  projections: ProjectionRunner;
  accounts: Accounts;
  analysis: AnalysisWorker;
  sweeper: ChargeSweeper;
  billing: Billing;
  purchaseExpiry: ExpirySweeper;
  close(): Promise<void>;
}

/** The built SPA: frontend/dist, looked for upwards from this file (source and bundle differ in depth). */
export function findStaticDir(from: string = __dirname): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'frontend', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

export async function startEmbedded(options: { env: NodeJS.ProcessEnv; clock?: () => Date; staticDir?: string; logger?: Logger; analysis?: AnalysisOptions }): Promise<EmbeddedServer> {
  const config = loadConfig(options.env);
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL });
  const clock = options.clock ?? (() => new Date());
  mkdirSync(config.DATA_DIR, { recursive: true });
  // Refuses to start during `npm run projections:rebuild`, and makes a rebuild refuse while this runs.
  const dataDirLock = lockDataDir(config.DATA_DIR, 'server', ['rebuild']);

  // The adapters EVENTSTORE_URL, KAFKA_BROKERS and MONGO_URL choose (none: one SQLite file, the
  // in-process bus); with Kafka, this process also runs the relay.
  const platform = await openPlatform(config, { logger, clock, relay: true });
  const { eventStore, readStore, bus } = platform;
  const projections = await startProjections({ bus, readStore, projections: allProjections, logger });

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.DATA_DIR, 'outbox'), logger });
  const accounts = createAccounts({
    eventStore,
    tokens: createTokenService(config.JWT_SECRET, clock),
    throttle: createLoginThrottle(() => clock().getTime()),
    mailer,
    logger,
    publicUrl: config.PUBLIC_URL,
    clock,
  });

  // The read models must have caught up before asking them whether an admin exists.
  await projections.waitFor(await eventStore.headPosition(), 60_000);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const outcome = await accounts.ensureFirstAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD, () => anyAdmin(readStore));
    if (outcome === 'created') logger.info({ email: config.ADMIN_EMAIL }, 'first admin created from ADMIN_EMAIL');
    if (outcome === 'conflict') logger.error({ email: config.ADMIN_EMAIL }, 'ADMIN_EMAIL belongs to an ordinary account: no admin was created');
  } else if (!(await anyAdmin(readStore))) {
    logger.warn('no admin exists: set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create one');
  }

  // Wallet checks: the pipeline, its worker (which resumes checks left running), refunds of failed
  // checks, and live progress.
  const pipeline = createAnalysis({ config, env: options.env, eventStore, logger, clock, options: options.analysis });
  const hub = await startProgressHub({ bus, eventStore, logger, group: `progress-hub-${randomUUID()}` });
  const analysis = startAnalysisWorker({ bus, readStore, logger, pipeline, runningChecks: () => runningCheckIds(readStore), concurrency: config.ANALYSIS_CONCURRENCY });
  const refunds = startRefundOnFailure({ bus, readStore, logger, refund: (userId, checkId, reason) => accounts.refundCheck(userId, checkId, reason) });
  const sweeper = startChargeSweeper({ eventStore, readStore, logger, clock, refund: (userId, checkId, reason) => accounts.refundCheck(userId, checkId, reason) });
  const checks = createChecks({
    eventStore,
    hub,
    clock,
    waitMs: config.CHECK_WAIT_MS,
    billing: {
      async chargeCheck(userId, checkId, check) {
        const { charged, state } = await accounts.chargeCheck(userId, checkId, check);
        return { charged, source: state.charges[checkId]!.source };
      },
    },
  });

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
    waitForReadModels: (position) => projections.waitFor(position, 5_000).catch((error: unknown) => logger.warn({ err: error, position }, 'read models are behind a purchase')),
  });
  if (!config.STRIPE_SECRET_KEY) logger.info('STRIPE_SECRET_KEY is not set: purchases use the local test-payment provider (no money is charged)');
  else if (!config.STRIPE_WEBHOOK_SECRET) logger.warn('STRIPE_WEBHOOK_SECRET is not set: paid Stripe sessions cannot be credited');
  const purchaseExpiry = startExpirySweeper({
    readStore,
    clock,
    logger,
    expire: (userId) => accounts.expirePurchasedChecks(userId),
    catchUp: async () => projections.waitFor(await eventStore.headPosition(), 30_000),
  });

  // Sanctions: the admin's custom block and allow lists and the OFAC list's status (its refresh starts once the server listens).
  const customLists = createCustomLists({ eventStore, clock });
  const ofacStatus = createSanctionsStatus(eventStore);

  const app = createApp({
    routers: [
      accountRoutes(accounts),
      addressRoutes(),
      checkRoutes({ auth: accounts, checks, readStore }),
      pdfRoutes({ auth: accounts, readStore, clock }),
      adminRoutes({
        auth: accounts,
        readStore,
        commands: accounts,
        // An admin's change answers once the read models show it; after 5 s it answers anyway (the change is stored).
        waitForReadModels: (position) => projections.waitFor(position, 5_000).catch((error: unknown) => logger.warn({ err: error, position }, 'read models are behind an admin change')),
      }),
      insightsRoutes({ auth: accounts, readStore, clock }),
      listsRoutes({ auth: accounts, lists: customLists }),
      billingRoutes({ auth: accounts, billing, readStore }),
      sanctionsRoutes({ auth: accounts, status: async () => ({ ...(await ofacStatus()), custom_lists: (await customLists.list()).length }) }),
      ...adminOperationsRoutes({ auth: accounts, eventStore, readStore, logger, clock, ofacUrl: config.OFAC_SDN_URL, sanctionsStatus: async () => ({ ...(await ofacStatus()), custom_lists: (await customLists.list()).length }) }),
    ],
    logger,
    staticDir: options.staticDir ?? findStaticDir(),
    trustProxy: config.TRUST_PROXY,
    ownBodyPaths: ['/admin/lists', STRIPE_WEBHOOK_PATH],
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const sockets = attachSocketGateway({ server, auth: accounts, hub, checks, logger });
  const address = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const url = `http://${host}:${address.port}`;
  const sanctionsRefresh = startSanctionsRefresh({ eventStore, logger, clock, intervalHours: config.SANCTIONS_SYNC_INTERVAL_HOURS, url: config.OFAC_SDN_URL });

  let closing: Promise<void> | undefined;
  return {
    url,
    config,
    logger,
    eventStore,
    readStore,
    projections,
    accounts,
    analysis,
    sweeper,
    billing,
    purchaseExpiry,
    close() {
      closing ??= (async () => {
        await sanctionsRefresh.stop();
        // socket.io closes the HTTP server it is attached to.
        const closed = sockets.close();
        server.closeAllConnections();
        await closed;
        await sweeper.stop();
        await purchaseExpiry.stop();
        await analysis.stop();
        await refunds.stop();
        await hub.stop();
        await projections.stop();
        mailer.close();
        await platform.close();
        dataDirLock.release();
      })();
      return closing;
    },
  };
}
