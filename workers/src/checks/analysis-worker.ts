/**
 * The analysis worker: consumes `WalletCheckRequested` and runs each check's pipeline, many at a
 * time (up to `concurrency`). Its checkpoint advances when a check has started, so at start it
 * also resumes every check the read model still shows as running: a worker killed in the middle
 * of a check finishes it after a restart.
 */
import { startWorker, type Logger, type MessageBus, type ReadStore, type RunningWorker } from '@walletscreen/platform';
import type { CheckPipeline } from './pipeline';

export interface AnalysisWorker {
  /** Checks being analysed by this worker now. */
  inFlight(): number;
  /** Resolves when every check started so far has settled. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export function startAnalysisWorker(deps: {
  bus: MessageBus;
  readStore: ReadStore;
  logger: Logger;
  pipeline: CheckPipeline;
  /** Ids of checks still running, from the checks read model, resumed at start. */
  runningChecks: () => Promise<string[]>;
  concurrency?: number;
}): AnalysisWorker {
  const limit = deps.concurrency ?? 32;
  const running = new Map<string, Promise<void>>();
  const freed: Array<() => void> = [];

  const start = (checkId: string) => {
    if (running.has(checkId)) return;
    const p = deps.pipeline
      .run(checkId)
      .catch((error: unknown) => deps.logger.error({ err: error, checkId }, 'analysis could not record its outcome; it resumes at the next start'))
      .finally(() => {
        running.delete(checkId);
        freed.shift()?.();
      });
    running.set(checkId, p);
  };
  const slot = async () => {
    while (running.size >= limit) await new Promise<void>((resolve) => freed.push(resolve));
  };

  const resumed = deps.runningChecks().then(
    (ids) => {
      if (ids.length > 0) deps.logger.info({ count: ids.length }, 'resuming checks that were running');
      for (const id of ids) start(id);
    },
    (error: unknown) => deps.logger.error({ err: error }, 'could not list running checks to resume'),
  );

  const worker: RunningWorker = startWorker(
    { bus: deps.bus, readStore: deps.readStore, logger: deps.logger },
    {
      name: 'analysis',
      filter: { eventTypes: ['WalletCheckRequested'] },
      handle: async (event) => {
        await resumed;
        await slot();
        start((event.data as { checkId: string }).checkId);
      },
    },
  );

  return {
    inFlight: () => running.size,
    async drain() {
      await resumed;
      while (running.size > 0) await Promise.all([...running.values()]);
    },
    async stop() {
      await worker.stop();
    },
  };
}
