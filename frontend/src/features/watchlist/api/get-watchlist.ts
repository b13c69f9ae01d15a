import { queryOptions, useQuery } from '@tanstack/react-query';
import { watchListSchema, type WatchList } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

export const watchlistQueryKey = ['watchlist'] as const;

/** GET /api/watchlist: the watched wallets, newest first, with the pricing of re-screens. */
export function getWatchlist(signal?: AbortSignal): Promise<WatchList> {
  return api.get('/watchlist', { query: { limit: 500 }, schema: watchListSchema, signal });
}

export function watchlistQueryOptions() {
  return queryOptions({ queryKey: watchlistQueryKey, queryFn: ({ signal }) => getWatchlist(signal), refetchInterval: 30_000 });
}

export function useWatchlist() {
  return useQuery(watchlistQueryOptions());
}
