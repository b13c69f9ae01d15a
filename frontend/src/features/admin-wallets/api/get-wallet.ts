import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { WALLETS_PAGE_SIZE, walletDetailSchema, type WalletDetail } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { walletsQueryKey } from './get-wallets';

export interface WalletRef {
  network: string;
  address: string;
}

/** GET /api/admin/wallets/:network/:address?limit=&offset= */
export function getWallet(wallet: WalletRef, offset: number, signal?: AbortSignal): Promise<WalletDetail> {
  return api.get(`/admin/wallets/${encodeURIComponent(wallet.network)}/${encodeURIComponent(wallet.address)}`, {
    query: { limit: WALLETS_PAGE_SIZE, offset },
    schema: walletDetailSchema,
    signal,
  });
}

/** One wallet and the pages of its checks loaded so far. */
export function walletQueryOptions(wallet: WalletRef) {
  return infiniteQueryOptions({
    queryKey: [...walletsQueryKey, 'detail', wallet.network, wallet.address],
    queryFn: ({ pageParam, signal }) => getWallet(wallet, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: WalletDetail, _pages: WalletDetail[], lastOffset: number) =>
      lastOffset + last.checks.length < last.total && last.checks.length > 0 ? lastOffset + last.checks.length : undefined,
  });
}

export function useWallet(wallet: WalletRef | null) {
  return useInfiniteQuery({ ...walletQueryOptions(wallet ?? { network: '', address: '' }), enabled: wallet !== null });
}
