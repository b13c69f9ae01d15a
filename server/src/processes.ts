/**
 * Composition roots of the distributed shape: one per kind of process. Each reads the
 * configuration, opens the adapters it chooses (platform/composition.ts) and runs one part:
 *   api          HTTP and socket.io (as many replicas as wanted, behind a load balancer)
 *   workers      the analysis worker group, refunds, sweepers, OFAC refresh (as many as wanted)
 *   projections  the read models (one; a second waits as a standby)
 *   relay        the store → Kafka relay (exactly one)
 * They share work through Kafka, so each needs KAFKA_BROKERS. `npm start` runs all of it in one
 * process instead (embedded.ts).
 */
import type { Config, Logger } from '@walletscreen/platform';
import { closeStack, ConfigError, createLogger, loadConfig } from '@walletscreen/platform';
import { openPlatform, type Platform } from '@walletscreen/platform/composition';
import { allProjections, readModelGenerations, startProjections, watchReadModels } from '@walletscreen/projections';
import type { AnalysisOptions } from './analysis';
import { startBackgroundWork, type BackgroundWork } from './background-work';
import { createAccountsService, openStoreIntegrity, startCommandApi } from './command-api';
import { openConsumerStarts } from './consumers';
import { lockDataDir } from './data-dir-lock';
import { sharedRateLimitStore } from '@walletscreen/platform/rate-limit/rate-limiter';

export type ProcessKind = 'api' | 'workers' | 'projections' | 'relay';

export interface RunningProcess {
  kind: ProcessKind;
  config: Config;
  logger: Logger;
  platform: Platform;
  /** The API's address (api only). */
  url?: string;
  /** The worker group's part (workers only). */
  work?: BackgroundWork;
  close(): Promise<void>;
}

export interface ProcessOptions {
  env: NodeJS.ProcessEnv;
  logger?: Logger;
  clock?: () => Date;
  staticDir?: string;
  analysis?: AnalysisOptions;
}

/** How often a projections process saves the checkpoint of events it passes over, so the API replicas see them reached. */
const SAVE_SKIPPED_AFTER_MS = 100;
/** How often API and workers processes look for a rebuilt generation of the read models (`npm run projections:rebuild`). */
const FOLLOW_GENERATION_MS = 1_000;

function requireDistributed(kind: ProcessKind, config: Config) {
  const problems: string[] = [];
  if (!config.KAFKA_BROKERS)
    problems.push(
      `KAFKA_BROKERS: the ${kind} process shares its work with the other processes through Kafka; set it, or run \`npm start\` for the whole product in one process`,
    );
  if (kind === 'api' && config.EVENTSTORE_URL && config.jwtSecretSource !== 'env') {
    problems.push('JWT_SECRET: every command-api replica must sign sessions with the same secret; set it (at least 32 characters)');
  }
  if (problems.length > 0) throw new ConfigError(problems);
}

export async function startProcess(kind: ProcessKind, options: ProcessOptions): Promise<RunningProcess> {
  const config = loadConfig(options.env);
  const logger = (options.logger ?? createLogger({ level: config.LOG_LEVEL })).child({ process: kind });
  const clock = options.clock ?? (() => new Date());
  requireDistributed(kind, config);
  // Refuses to start during `npm run projections:rebuild`, and makes a rebuild refuse while this
  // runs: any rebuild for the projections process, an in-place one for the others (followers).
  const dataDirLock = lockDataDir(config.DATA_DIR, kind === 'projections' ? 'server' : 'follower', ['rebuild']);
  const opened = closeStack();
  opened.add(() => dataDirLock.release());
  try {
    const opening = await openPlatform(config, { logger, clock, relay: kind === 'relay' });
    opened.add(() => opening.close());
    // The read models through their current generation; API and workers processes follow a rebuild
    // (a new generation) without a restart. The projections process is stopped during a rebuild.
    const generations = await readModelGenerations({
      store: opening.readStore,
      projections: allProjections,
      followEveryMs: kind === 'api' || kind === 'workers' ? FOLLOW_GENERATION_MS : undefined,
      onSwitch: (from, to) => logger.info({ from, to }, 'the read models were rebuilt: now reading their new generation'),
      onError: (error) => logger.warn({ err: error }, 'could not look for a rebuilt generation of the read models'),
    });
    opened.add(() => generations.close());
    const platform: Platform = { ...opening, readStore: generations };
    const running: RunningProcess = { kind, config, logger, platform, close: opened.close };

    if (kind === 'projections') {
      const projections = await startProjections({
        bus: platform.bus,
        readStore: platform.readStore,
        projections: allProjections,
        logger,
        saveSkippedAfterMs: SAVE_SKIPPED_AFTER_MS,
      });
      opened.add(() => projections.stop());
    } else if (kind === 'api' || kind === 'workers') {
      const readModels = watchReadModels({ readStore: platform.readStore, projections: allProjections });
      opened.add(() => readModels.stop());
      // The store's hash chain (where the store keeps one), verified before anything appends or is served.
      const storeIntegrity = await openStoreIntegrity({ eventStore: platform.eventStore, readStore: platform.readStore, config, clock, logger });
      opened.add(() => storeIntegrity.close());
      // Where each consumer that acts on the world starts: recorded by whichever process comes up
      // first, before the API serves anything, so workers that start later still see that work.
      const starts = await openConsumerStarts({ eventStore: platform.eventStore, bus: platform.bus, clock, logger });
      const { accounts, mailer } = createAccountsService({ config, eventStore: platform.eventStore, readStore: platform.readStore, logger, clock });
      opened.add(() => mailer.close());
      if (kind === 'api') {
        // Before it serves anything: the read models have caught up (the projections process may be starting too).
        const catchUp = async () => {
          const head = await platform.eventStore.headPosition();
          for (let waited = 0; ; waited++) {
            try {
              return await readModels.waitFor(head, 15_000);
            } catch (error) {
              if (waited === 19) throw error;
              logger.warn({ head, at: readModels.position() }, 'waiting for the projections process to bring the read models up to the store');
            }
          }
        };
        // A read that carries a consistency token waits, bounded, for these read models to reach it.
        const api = await startCommandApi({
          config,
          env: options.env,
          ports: platform,
          accounts,
          readModels,
          storeIntegrity,
          catchUp,
          logger,
          clock,
          staticDir: options.staticDir,
          rateLimitStore: sharedRateLimitStore(opening.readStore),
        });
        opened.add(() => api.close());
        running.url = api.url;
      } else {
        const work = await startBackgroundWork({
          config,
          env: options.env,
          ports: platform,
          accounts,
          mailer,
          catchUp: async () => readModels.waitFor(await platform.eventStore.headPosition(), 30_000),
          logger,
          clock,
          analysis: options.analysis,
          resumeRunningChecks: false,
          writesHalted: storeIntegrity.writesHalted,
          starts,
        });
        opened.add(() => work.close());
        running.work = work;
      }
    }
    // relay: openPlatform runs it.
    return running;
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
}
