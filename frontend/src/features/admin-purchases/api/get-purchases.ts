import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { purchaseSchema, type Purchase } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

export interface PurchasesQuery {
  /** Case-insensitive e-mail substring; empty lists every purchase. */
  email: string;
  limit: number;
  offset: number;
}

const purchasesSchema = purchaseSchema.array();

/** GET /api/admin/purchases?email=&limit=&offset= */
export function getPurchases(query: PurchasesQuery, signal?: AbortSignal): Promise<Purchase[]> {
  return api.get('/admin/purchases', {
    query: { email: query.email.trim() || undefined, limit: query.limit, offset: query.offset },
    schema: purchasesSchema,
    signal,
  });
}

export const purchasesQueryKey = ['admin', 'purchases'] as const;

export function purchasesQueryOptions(query: PurchasesQuery) {
  return queryOptions({ queryKey: [...purchasesQueryKey, query], queryFn: ({ signal }) => getPurchases(query, signal) });
}

/** The purchases page; the previous page stays on screen while the next one loads. */
export function usePurchases(query: PurchasesQuery) {
  return useQuery({ ...purchasesQueryOptions(query), placeholderData: keepPreviousData });
}
