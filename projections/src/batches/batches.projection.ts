import type { BatchEvent } from '@walletscreen/domain/batch/events';
import type { RecordedEvent } from '@walletscreen/platform';
import { collection } from '../collection';
import type { Projection } from '../projection';

export interface BatchDoc {
  id: string;
  user_id: string;
  file_name: string | null;
  rows: number;
  wallets: number;
  status: 'running' | 'completed';
  source: 'web' | 'api';
  api_key_id: string | null;
  created_at: string;
  completed_at: string | null;
  /** Known once the batch completes; while it runs, the checks read model counts its wallets. */
  completed: number | null;
  failed: number | null;
  /** Wallets not screened, and rows left out as invalid (a batch submitted with its invalid rows skipped). */
  skipped: number;
  /** Rows left out as invalid (absent on documents folded before it was kept). */
  refused?: number;
}

/** The batches read model: one document per batch, for the Batch screen's list and each batch's summary. */
export const batches = collection<BatchDoc>('batches');

export const batchesProjection: Projection<BatchDoc> = {
  name: 'batches-v1',
  collection: batches.name,
  handles: ['BatchSubmitted', 'BatchCompleted'],
  keyOf: (event: RecordedEvent) => (event.data as BatchEvent['data']).batchId ?? null,
  fold(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as BatchEvent;
    switch (event.type) {
      case 'BatchSubmitted': {
        const d = event.data;
        return {
          id: d.batchId,
          user_id: d.userId,
          file_name: d.fileName,
          rows: d.rowCount,
          wallets: d.walletCount,
          status: 'running',
          source: d.source,
          api_key_id: d.apiKeyId ?? null,
          created_at: d.at,
          completed_at: null,
          completed: null,
          failed: null,
          skipped: d.refusedCount ?? 0,
          refused: d.refusedCount ?? 0,
        };
      }
      case 'BatchCompleted': {
        if (!doc) return doc;
        const d = event.data;
        return { ...doc, status: 'completed', completed_at: d.at, completed: d.completed, failed: d.failed, skipped: d.skipped.length + (doc.refused ?? 0) };
      }
      case 'BatchRowsAdded':
      case 'BatchRowsRefused':
        return doc;
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  indexes: [['user_id', 'created_at'], ['status']],
};
