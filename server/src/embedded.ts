/**
 * Composition root of the embedded profile: the whole product in one process (the API, the
 * projections and the workers); with no services configured, one SQLite file.
 */
import type { Express } from 'express';
import type { Config, EventStore, Logger, ReadStore } from '@walletscreen/platform';
import type { SqliteEventStore } from '@walletscreen/platform/adapters';
import { closeStack, createLogger, loadConfig } from '@walletscreen/platform';
import { openPlatform, type Platform } from '@walletscreen/platform/composition';
import { allProjections, readModelGenerations, startProjections, type ProjectionRunner } from '@walletscreen/projections';
import type { AnalysisWorker } from '@walletscreen/workers/checks/analysis-worker';
import type { Accounts } from '@walletscreen/command-api/accounts/service';
import type { ExpirySweeper } from '@walletscreen/command-api/billing/expiry-sweeper';
import type { Billing } from '@walletscreen/command-api/billing/service';
import type { ChargeSweeper } from '@walletscreen/command-api/checks/charge-sweeper';
import type { AnalysisOptions } from './analysis';
import { startBackgroundWork } from './background-work';
import { openConsumerStarts } from './consumers';
import type { RescreenScheduler } from '@walletscreen/command-api/monitoring/background';
import { createAccountsService, openStoreIntegrity, startCommandApi } from './command-api';
import { lockDataDir } from './data-dir-lock';
import { startProjectionsThread } from './projections-thread';

export { findStaticDir } from './command-api';

export interface EmbeddedServer {
  url: string;
  /** The HTTP app (tests read its mounted routes). */
  app: Express;
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
  rescreens: RescreenScheduler;
  close(): Promise<void>;
}

/**
 * The projections: on a thread of their own when the events and the read models are both SQLite
 * files with the in-process bus (the default), so that folding them takes nothing from the thread
 * that serves requests; here otherwise.
 */
async function startReadModels(config: Config, platform: Platform, logger: Logger): Promise<ProjectionRunner> {
  const store = platform.eventStore as Partial<Pick<SqliteEventStore, 'onAppended'>>;
  if (platform.sqliteFile && platform.readModelsFile && platform.shape.bus === 'in-process' && typeof store.onAppended === 'function') {
    const onAppended = store.onAppended.bind(store);
    const thread = await startProjectionsThread({
      files: { events: platform.sqliteFile, readModels: platform.readModelsFile },
      synchronous: config.SQLITE_SYNCHRONOUS,
      pollIntervalMs: config.SQLITE_POLL_MS,
      onAppended,
      logger,
    });
    return thread;
  }
  return startProjections({ bus: platform.bus, readStore: platform.readStore, projections: allProjections, logger });
}

export async function startEmbedded(options: {
  env: NodeJS.ProcessEnv;
  clock?: () => Date;
  staticDir?: string;
  logger?: Logger;
  analysis?: AnalysisOptions;
}): Promise<EmbeddedServer> {
  const config = loadConfig(options.env);
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL });
  const clock = options.clock ?? (() => new Date());
  // Refuses to start during `npm run projections:rebuild`, and makes a rebuild refuse while this runs.
  const dataDirLock = lockDataDir(config.DATA_DIR, 'server', ['rebuild']);
  const opened = closeStack();
  opened.add(() => dataDirLock.release());
  try {
    // The adapters EVENTSTORE_URL, KAFKA_BROKERS and MONGO_URL choose (none: one SQLite file, the
    // in-process bus); with Kafka, this process also runs the relay.
    const opening = await openPlatform(config, { logger, clock, relay: true });
    opened.add(() => opening.close());
    // The read models' current generation (a distributed rebuild makes a new one; see generations.ts).
    const generations = await readModelGenerations({ store: opening.readStore, projections: allProjections });
    const platform: Platform = { ...opening, readStore: generations };
    const projections = await startReadModels(config, platform, logger);
    opened.add(() => projections.stop());
    const catchUp = (timeoutMs: number) => async () => projections.waitFor(await platform.eventStore.headPosition(), timeoutMs);

    // The read models must have caught up before the worker looks for checks left running and
    // the API asks whether an admin exists.
    await catchUp(60_000)();

    // The store's hash chain, verified before anything appends or is served.
    const storeIntegrity = await openStoreIntegrity({ eventStore: platform.eventStore, readStore: platform.readStore, config, clock, logger });
    opened.add(() => storeIntegrity.close());
    // Where each consumer that acts on the world starts, recorded before anything else appends.
    const starts = await openConsumerStarts({ eventStore: platform.eventStore, bus: platform.bus, clock, logger });
    const { accounts, mailer } = createAccountsService({ config, eventStore: platform.eventStore, readStore: platform.readStore, logger, clock });
    opened.add(() => mailer.close());
    const work = await startBackgroundWork({
      config,
      env: options.env,
      ports: platform,
      accounts,
      mailer,
      catchUp: catchUp(30_000),
      logger,
      clock,
      analysis: options.analysis,
      resumeRunningChecks: true,
      writesHalted: storeIntegrity.writesHalted,
      starts,
    });
    opened.add(() => work.close());
    const api = await startCommandApi({
      config,
      env: options.env,
      ports: platform,
      accounts,
      readModels: projections,
      storeIntegrity,
      catchUp: catchUp(60_000),
      logger,
      clock,
      staticDir: options.staticDir,
      deliverWebhookNow: (id) => work.webhooks.wake(id),
    });
    opened.add(() => api.close());

    return {
      url: api.url,
      app: api.app,
      config,
      logger,
      eventStore: platform.eventStore,
      readStore: platform.readStore,
      projections,
      accounts,
      analysis: work.analysis,
      sweeper: work.sweeper,
      billing: api.billing,
      purchaseExpiry: work.purchaseExpiry,
      rescreens: work.rescreens,
      close: opened.close,
    };
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
}
