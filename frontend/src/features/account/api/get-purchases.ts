import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accountPurchasesSchema, type AccountPurchases } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** Purchases per page of the Account screen. */
export const PURCHASES_PAGE_SIZE = 10;

/** GET /api/account/purchases: the user's own purchases, newest first, one page. */
export function getAccountPurchases(page: number, signal?: AbortSignal): Promise<AccountPurchases> {
  return api.get('/account/purchases', {
    schema: accountPurchasesSchema,
    query: { limit: PURCHASES_PAGE_SIZE, offset: (page - 1) * PURCHASES_PAGE_SIZE },
    signal,
  });
}

export const accountPurchasesQueryKey = ['account', 'purchases'] as const;

export function accountPurchasesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...accountPurchasesQueryKey, page],
    queryFn: ({ signal }) => getAccountPurchases(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page (from 1) of the purchase history. */
export function useAccountPurchases(page: number) {
  return useQuery(accountPurchasesQueryOptions(page));
}
