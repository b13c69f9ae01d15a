/**
 * The insight read models' queries: the admin Wallets screen (every screened address, one page at a
 * time, and one address) and the Financial stats' days of a range. The API parses its queries and
 * shapes the rows and the totals.
 */
import type { WalletSort } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import type { DocQuery } from '../collection';
import { statsDaily, type CentsByCurrency, type CustomerDay, type StatsDayDoc } from './stats-daily.projection';
import { walletKey, wallets, type WalletDoc } from './wallets.projection';

export { statsDaily, wallets, type CentsByCurrency, type CustomerDay, type StatsDayDoc, type WalletDoc };

const walletOrders: Record<WalletSort, DocQuery<WalletDoc>['sort']> = {
  checks: [
    { field: 'checks', direction: 'desc' },
    { field: 'last_checked_at', direction: 'desc' },
  ],
  latest: [{ field: 'last_checked_at', direction: 'desc' }],
  score: [
    { field: 'latest_score', direction: 'desc' },
    { field: 'last_checked_at', direction: 'desc' },
  ],
};

/** Screened addresses, filtered (a substring of the address, the latest risk level as labelled) and sorted by the store, one page at a time, with how many match. */
export async function findWallets(
  store: ReadStore,
  query: { address?: string | undefined; risk_level?: string | undefined; sort: WalletSort; limit: number; offset: number },
): Promise<{ items: WalletDoc[]; total: number }> {
  const where = { address: query.address ? { contains: query.address } : undefined, latest_level: query.risk_level };
  const [items, total] = await Promise.all([
    wallets.find(store, { where, sort: walletOrders[query.sort], limit: query.limit, offset: query.offset }),
    wallets.count(store, where),
  ]);
  return { items, total };
}

/** One screened address, or null when it was never checked. */
export const findWallet = (store: ReadStore, network: string, address: string): Promise<WalletDoc | null> => wallets.get(store, walletKey(network, address));

/** The days of a range (YYYY-MM-DD, both ends included), in order; days without activity have no document. */
export const findStatsDays = (store: ReadStore, from: string, to: string): Promise<StatsDayDoc[]> =>
  statsDaily.find(store, { where: { day: { gte: from, lte: to } }, sort: [{ field: 'day', direction: 'asc' }] });
