/**
 * The batch runner: a worker group over `BatchSubmitted`. It screens a batch's distinct wallets a
 * few at a time through the check command (one Idempotency-Key per wallet, so a wallet already
 * screened is answered, not charged again), waits for every check to settle, then records
 * `BatchCompleted`. The group moves past a batch only once it has completed, so a process killed
 * mid-way leaves the batch to be run again after a restart (or by another member of the group):
 * the wallets already screened come back at once and the rest go on.
 */
import {
  startWorker,
  type ConsumerDeclaration,
  type ConsumerStarts,
  type EventStore,
  type Logger,
  type MessageBus,
  type ReadStore,
  type RunningWorker,
} from '@walletscreen/platform';
import type { CheckCommand } from '../shared/check-command';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { batchCompletedEventId, batchRowCheckKey } from '@walletscreen/domain/ids';
import { BusinessError, Forbidden, PaymentRequired } from '@walletscreen/domain/errors';
import { batchDecider } from '@walletscreen/domain/batch/decide';
import { batchStreamId, type BatchSkippedRow } from '@walletscreen/domain/batch/events';
import { walletRows } from '@walletscreen/domain/batch/state';
import { BATCHES_CACHED } from './service';

/** How long one wait for a check lasts before it is looked at again. */
const SETTLE_WAIT_MS = 60_000;

export const skipReasons = {
  noChecks: 'Not screened: no checks were left when its turn came',
  blocked: 'Not screened: the account is blocked',
} as const;

export const batchRunnerConsumer = { name: 'batches', eventTypes: ['BatchSubmitted'] } as const satisfies ConsumerDeclaration;

export function startBatchRunner(deps: {
  bus: MessageBus;
  starts: ConsumerStarts;
  readStore: ReadStore;
  eventStore: EventStore;
  checks: CheckCommand;
  logger: Logger;
  clock: () => Date;
  /** Wallets of one batch screened at once: a batch never takes the whole analysis worker from interactive checks. */
  walletsAtOnce: number;
  /** Batches run at once by this process. */
  batchesAtOnce?: number;
}): RunningWorker {
  const { checks, logger } = deps;
  const batches = new CommandHandler(deps.eventStore, batchDecider, BATCHES_CACHED);

  async function run(batchId: string): Promise<void> {
    const { state } = await batches.load(batchStreamId(batchId));
    if (!state || state.completed) return;
    const { userId, apiKeyId } = state.submitted;
    const wallets = walletRows(state.rows);
    const skipped: BatchSkippedRow[] = [];
    const settled = new Map<string, 'running' | 'completed' | 'failed'>();
    let stop: string | null = null;
    let next = 0;

    const screen = async (row: (typeof wallets)[number]) => {
      if (stop !== null) return void skipped.push({ line: row.line, reason: stop });
      try {
        const { progress } = await checks.start(userId, { wallet_address: row.input, network: row.network }, batchRowCheckKey(batchId, row.line), {
          ...(row.reference ? { reference: row.reference } : {}),
          ...(apiKeyId ? { apiKeyId } : {}),
          batchId,
          waitMs: SETTLE_WAIT_MS,
        });
        settled.set(progress.check_id, progress.status);
      } catch (error) {
        if (error instanceof PaymentRequired) stop ??= skipReasons.noChecks;
        else if (error instanceof Forbidden) stop ??= skipReasons.blocked;
        // Anything else a client could cause is this row's alone; a failure of ours is retried with the batch.
        if (!(error instanceof BusinessError)) throw error;
        skipped.push({ line: row.line, reason: stop ?? `Not screened: ${error.message}` });
      }
    };
    await Promise.all(
      Array.from({ length: Math.max(1, deps.walletsAtOnce) }, async () => {
        while (next < wallets.length) await screen(wallets[next++]!);
      }),
    );

    // Checks still running after their wait: follow each until it settles.
    for (const [checkId, status] of settled) {
      let current = status;
      while (current === 'running') current = (await checks.follow(userId, checkId, SETTLE_WAIT_MS)).progress.status;
      settled.set(checkId, current);
    }
    const count = (status: string) => [...settled.values()].filter((s) => s === status).length;
    skipped.sort((a, b) => a.line - b.line);
    const completed = { completed: count('completed'), failed: count('failed'), skipped };
    // The one BatchCompleted has had its own id from the first batch (batchCompletedEventId): a batch completed by two runners records it once.
    await batches.execute(
      batchStreamId(batchId),
      { type: 'CompleteBatch', data: completed, metadata: { now: deps.clock().toISOString() } },
      { commandId: 'complete', eventId: () => batchCompletedEventId(batchId), metadata: { worker: 'batch-runner' } },
    );
    logger.info({ batchId, wallets: wallets.length, completed: completed.completed, failed: completed.failed, skipped: skipped.length }, 'batch completed');
  }

  return startWorker(
    { bus: deps.bus, readStore: deps.readStore, logger, starts: deps.starts },
    {
      ...batchRunnerConsumer,
      concurrency: deps.batchesAtOnce ?? 4,
      handle: (event) => run((event.data as { batchId: string }).batchId),
    },
  );
}
