/**
 * The purchases read model's queries: purchases newest first (everyone's, some users', one user's),
 * one purchase, and the users whose purchases expired with checks left (the expiry sweeper's).
 */
import type { ReadStore } from '@walletscreen/platform';
import { purchases, type PurchaseDoc } from './purchases.projection';

export { purchases, type PurchaseDoc };

/** Purchases, newest first (then by id, so pages never overlap), of one user, of some users (`{ in: ids }`) or of everyone. */
export function findPurchases(store: ReadStore, page: { limit: number; offset: number }, userId?: string | { in: readonly string[] }): Promise<PurchaseDoc[]> {
  return purchases.find(store, {
    where: { user_id: userId },
    sort: [
      { field: 'created_at', direction: 'desc' },
      { field: 'id', direction: 'asc' },
    ],
    limit: page.limit,
    offset: page.offset,
  });
}

export const countPurchases = (store: ReadStore, userId: string): Promise<number> => purchases.count(store, { user_id: userId });

export const findPurchase = (store: ReadStore, id: string): Promise<PurchaseDoc | null> => purchases.get(store, id);

/** Users with purchases past their expiry (`now`, ISO) that still have checks left. */
export async function usersWithExpiredPurchases(store: ReadStore, now: string): Promise<string[]> {
  const docs = await purchases.find(store, { where: { expires_at: { lte: now }, remaining_checks: { gt: 0 } }, limit: 10_000 });
  return [...new Set(docs.map((d) => d.user_id))];
}
