import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { WALLETS_PAGE_SIZE, walletsPageSchema, type WalletSort, type WalletsPage } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

export interface WalletFilters {
  /** Case-insensitive address substring; empty lists every wallet. */
  address: string;
  /** "Low Risk", "Medium Risk", "High Risk", or empty for all. */
  riskLevel: string;
  sort: WalletSort;
}

/** GET /api/admin/wallets?address=&risk_level=&sort=&limit=&offset= */
export function getWallets(filters: WalletFilters, offset: number, signal?: AbortSignal): Promise<WalletsPage> {
  return api.get('/admin/wallets', {
    query: { address: filters.address.trim() || undefined, risk_level: filters.riskLevel || undefined, sort: filters.sort, limit: WALLETS_PAGE_SIZE, offset },
    schema: walletsPageSchema,
    signal,
  });
}

export const walletsQueryKey = ['admin', 'wallets'] as const;

/** The pages loaded so far for one set of filters; Load More fetches the next while fewer than `total` are shown. */
export function walletsQueryOptions(filters: WalletFilters) {
  return infiniteQueryOptions({
    queryKey: [...walletsQueryKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getWallets(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: WalletsPage, _pages: WalletsPage[], lastOffset: number) =>
      lastOffset + last.items.length < last.total && last.items.length > 0 ? lastOffset + last.items.length : undefined,
  });
}

export function useWallets(filters: WalletFilters) {
  return useInfiniteQuery({ ...walletsQueryOptions(filters), placeholderData: keepPreviousData });
}
