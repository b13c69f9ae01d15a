/**
 * Batch commands decided over one batch's state. Pure: the parsed rows, the checks the user has
 * left and the moment come in on the command.
 * - a batch is submitted once per key: the same file (or Idempotency-Key) again records nothing,
 *   and an Idempotency-Key used for another file is refused;
 * - a batch is refused, with nothing recorded, when the user has fewer checks left than its
 *   distinct wallets (each is one check);
 * - it is recorded as its submission and its rows, BATCH_ROWS_PER_EVENT rows per event;
 * - it completes once.
 */
import type { CommandMetadata, Decider } from '../decider';
import { Conflict, Invalid, NotFound, PaymentRequired } from '../errors';
import { checkIdFor, batchRowCheckKey } from '../ids';
import { batchEvents, type BatchEvent, type BatchRefusedRow, type BatchRow, type BatchSkippedRow, type BatchSubmitted } from './events';
import { evolveBatch, initialBatchState, walletRows, type BatchState } from './state';

/** Rows per `BatchRowsAdded` event: keeps every event well under a message bus's 1 MB. */
export const BATCH_ROWS_PER_EVENT = 500;

export const batchMessages = {
  notFound: 'No such batch',
  keyUsedForAnotherFile: 'This Idempotency-Key was already used for another file',
  nothingToScreen: 'No row of this file can be screened: fix its lines and upload it again. Nothing was charged.',
  notEnoughChecks: (wallets: number, left: number) =>
    `This batch screens ${wallets.toLocaleString('en-US')} wallet${wallets === 1 ? '' : 's'} (one check each) and you have ${left.toLocaleString('en-US')} check${left === 1 ? '' : 's'} left. Buy more checks or split the file.`,
} as const;

export type BatchCommand =
  | {
      type: 'SubmitBatch';
      data: Pick<BatchSubmitted, 'batchId' | 'userId' | 'fileName' | 'key' | 'contentHash' | 'source' | 'apiKeyId'> & {
        rows: BatchRow[];
        /** Rows that cannot be screened, left out (a batch submitted with its invalid rows skipped). */
        refused?: BatchRefusedRow[];
        /** The user's checks left when submitting. */
        checksLeft: number;
      };
      metadata: CommandMetadata;
    }
  | { type: 'CompleteBatch'; data: { completed: number; failed: number; skipped: BatchSkippedRow[] }; metadata: CommandMetadata };

/** The check a row's wallet is screened by (a repeated wallet's row shares its first row's check). */
export const rowCheckId = (userId: string, batchId: string, row: Pick<BatchRow, 'line' | 'sameAs'>) =>
  checkIdFor(userId, batchRowCheckKey(batchId, row.sameAs ?? row.line));

export function decideBatch(command: BatchCommand, state: BatchState): BatchEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'SubmitBatch': {
      const { rows, checksLeft, refused = [], ...d } = command.data;
      if (state) {
        if (state.submitted.contentHash !== d.contentHash)
          throw new Conflict(batchMessages.keyUsedForAnotherFile, { 'Idempotency-Key': 'Already used for another file' });
        return [];
      }
      if (rows.length === 0) throw new Invalid(batchMessages.nothingToScreen);
      const walletCount = walletRows(rows).length;
      if (checksLeft < walletCount) throw new PaymentRequired(batchMessages.notEnoughChecks(walletCount, checksLeft));
      const submitted: BatchSubmitted = {
        batchId: d.batchId,
        userId: d.userId,
        fileName: d.fileName,
        rowCount: rows.length + refused.length,
        walletCount,
        key: d.key,
        contentHash: d.contentHash,
        source: d.source,
        ...(d.apiKeyId ? { apiKeyId: d.apiKeyId } : {}),
        ...(refused.length > 0 ? { refusedCount: refused.length } : {}),
        at,
      };
      const events: BatchEvent[] = [{ type: 'BatchSubmitted', data: submitted }];
      for (let i = 0; i < rows.length; i += BATCH_ROWS_PER_EVENT)
        events.push({ type: 'BatchRowsAdded', data: { batchId: d.batchId, rows: rows.slice(i, i + BATCH_ROWS_PER_EVENT) } });
      for (let i = 0; i < refused.length; i += BATCH_ROWS_PER_EVENT)
        events.push({ type: 'BatchRowsRefused', data: { batchId: d.batchId, rows: refused.slice(i, i + BATCH_ROWS_PER_EVENT) } });
      return events;
    }
    case 'CompleteBatch': {
      if (!state) throw new NotFound(batchMessages.notFound);
      if (state.completed) return [];
      const { batchId, userId } = state.submitted;
      return [
        {
          type: 'BatchCompleted',
          data: { batchId, userId, completed: command.data.completed, failed: command.data.failed, skipped: command.data.skipped, at },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const batchDecider: Decider<BatchState, BatchCommand, BatchEvent> = {
  initialState: initialBatchState,
  evolve: evolveBatch,
  decide: decideBatch,
  types: batchEvents.typeSet,
};
