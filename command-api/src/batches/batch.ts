/** A batch as its stream tells it: what was submitted, its rows, and how it ended. Pure. */
import { BATCH_ROWS_PER_EVENT, type BatchCompleted, type BatchEvent, type BatchRow, type BatchSubmitted } from '@walletscreen/contracts';
import { checkIdFor } from '../shared/check-command';
import { batchIdFor } from '@walletscreen/domain/ids';

export interface BatchState {
  submitted: BatchSubmitted;
  rows: BatchRow[];
  completed: BatchCompleted | null;
}

export function evolveBatch(state: BatchState | null, event: BatchEvent): BatchState | null {
  switch (event.type) {
    case 'BatchSubmitted':
      return { submitted: event.data, rows: [], completed: null };
    case 'BatchRowsAdded':
      return state && { ...state, rows: [...state.rows, ...event.data.rows] };
    case 'BatchCompleted':
      return state && { ...state, completed: event.data };
  }
}

/** The batch a user's key names: the same file (or Idempotency-Key) always names the same batch. */
export { batchIdFor };

/** The Idempotency-Key of a wallet's check in a batch: its first row's line. */
export const rowCheckKey = (batchId: string, line: number) => `batch:${batchId}:${line}`;

/** The check a row's wallet is screened by (a repeated wallet's row shares its first row's check). */
export const rowCheckId = (userId: string, batchId: string, row: Pick<BatchRow, 'line' | 'sameAs'>) => checkIdFor(userId, rowCheckKey(batchId, row.sameAs ?? row.line));

/** The wallets to screen: one row per distinct wallet, in file order. */
export const walletRows = (rows: readonly BatchRow[]) => rows.filter((r) => r.sameAs === undefined);

/** The events of a new batch: its submission and its rows, a few hundred per event. */
export function submitEvents(submitted: BatchSubmitted, rows: readonly BatchRow[]): BatchEvent[] {
  const events: BatchEvent[] = [{ type: 'BatchSubmitted', data: submitted }];
  for (let i = 0; i < rows.length; i += BATCH_ROWS_PER_EVENT) {
    events.push({ type: 'BatchRowsAdded', data: { batchId: submitted.batchId, rows: rows.slice(i, i + BATCH_ROWS_PER_EVENT) } });
  }
  return events;
}
