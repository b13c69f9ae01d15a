/** A batch as its stream `batch-<batchId>` tells it: what was submitted, its rows, and how it ended (null: never submitted). */
import type { BatchCompleted, BatchEvent, BatchRefusedRow, BatchRow, BatchSubmitted } from './events';

export interface SubmittedBatch {
  submitted: BatchSubmitted;
  rows: BatchRow[];
  /** The rows left out as invalid (a batch submitted with its invalid rows skipped). */
  refused: BatchRefusedRow[];
  completed: BatchCompleted | null;
}
export type BatchState = SubmittedBatch | null;

export const initialBatchState: BatchState = null;

export function evolveBatch(state: BatchState, event: BatchEvent): BatchState {
  switch (event.type) {
    case 'BatchSubmitted':
      return { submitted: event.data, rows: [], refused: [], completed: null };
    case 'BatchRowsAdded':
      return state && { ...state, rows: [...state.rows, ...event.data.rows] };
    case 'BatchRowsRefused':
      return state && { ...state, refused: [...state.refused, ...event.data.rows] };
    case 'BatchCompleted':
      return state && { ...state, completed: event.data };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The wallets to screen: one row per distinct wallet, in file order. */
export const walletRows = (rows: readonly BatchRow[]) => rows.filter((r) => r.sameAs === undefined);
