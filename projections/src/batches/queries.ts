/** The batches read model's queries: one batch, and a user's batches newest first. */
import type { ReadStore } from '@walletscreen/platform';
import { batches, type BatchDoc } from './batches.projection';

export { batches, type BatchDoc };

export const findBatch = (store: ReadStore, id: string): Promise<BatchDoc | null> => batches.get(store, id);

/** A user's batches, newest first, a page at a time. */
export const findUserBatches = (store: ReadStore, userId: string, page: { limit: number; offset: number }): Promise<BatchDoc[]> =>
  batches.find(store, { where: { user_id: userId }, sort: [{ field: 'created_at', direction: 'desc' }], limit: page.limit, offset: page.offset });
