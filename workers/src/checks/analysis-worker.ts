/**
 * The analysis worker: consumes `WalletCheckRequested` and runs each check's pipeline, many at a
 * time (up to `concurrency`). The group's progress moves past a request only once its check has
 * settled, so a worker stopped or killed in the middle of a check leaves the request to be
 * delivered again: to itself after a restart, or to another member of the group after it takes
 * the work over; the pipeline then resumes after the last stage recorded. In one process it can
 * also resume, at start, every check the read model still shows as running (`runningChecks`).
 */
import {
  startWorker,
  type ConsumerDeclaration,
  type ConsumerStarts,
  type Logger,
  type MessageBus,
  type ReadStore,
  type RunningWorker,
} from '@walletscreen/platform';
import type { CheckPipeline } from './pipeline';

export interface AnalysisWorker {
  /** Checks being analysed by this worker now. */
  inFlight(): number;
  /** Resolves when every check started so far has settled. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export const analysisConsumer = { name: 'analysis', eventTypes: ['WalletCheckRequested'] } as const satisfies ConsumerDeclaration;

export function startAnalysisWorker(deps: {
  bus: MessageBus;
  starts: ConsumerStarts;
  readStore: ReadStore;
  logger: Logger;
  pipeline: CheckPipeline;
  /**
   * Ids of checks still running, from the checks read model, resumed at start. Only where this is
   * the one analysis worker: members of a group would each resume every running check.
   */
  runningChecks?: () => Promise<string[]>;
  concurrency?: number;
}): AnalysisWorker {
  const running = new Map<string, Promise<void>>();

  /** Runs the check, or joins its run when it is running here already. */
  const run = (checkId: string): Promise<void> => {
    const current = running.get(checkId);
    if (current) return current;
    const p = deps.pipeline
      .run(checkId)
      .catch((error: unknown) => {
        // Its request stays unsettled: the group tries it again (and sets it aside after too many tries).
        deps.logger.error({ err: error, checkId }, 'analysis could not record its outcome; its request is handled again');
        throw error;
      })
      .finally(() => running.delete(checkId));
    running.set(checkId, p);
    return p;
  };

  const resumed = (deps.runningChecks?.() ?? Promise.resolve([])).then(
    (ids) => {
      if (ids.length > 0) deps.logger.info({ count: ids.length }, 'resuming checks that were running');
      // A resumed check that fails is logged by run; its request, if unsettled, comes again.
      for (const id of ids) run(id).catch(() => undefined);
    },
    (error: unknown) => deps.logger.error({ err: error }, 'could not list running checks to resume'),
  );

  const worker: RunningWorker = startWorker(
    { bus: deps.bus, readStore: deps.readStore, logger: deps.logger, starts: deps.starts },
    {
      ...analysisConsumer,
      concurrency: deps.concurrency ?? 32,
      handle: async (event) => {
        await resumed;
        await run((event.data as { checkId: string }).checkId);
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
