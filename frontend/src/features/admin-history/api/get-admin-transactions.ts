import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { historyQueryParams, type HistoryFilters } from '../../../components/check-history/history-filters';
import { historyPageParser, type HistoryItem } from '../../../components/check-history/history-item';
import { api } from '../../../lib/http-client';

/** Pages have 10 items, for admins too (spec §9). */
export const ADMIN_HISTORY_PAGE_SIZE = 10;

/** The user history's filters plus a case-insensitive substring of the user's e-mail. */
export interface AdminHistoryFilters extends HistoryFilters {
  email: string;
}

export const emptyAdminFilters: AdminHistoryFilters = { address: '', riskLevel: '', dateFrom: null, dateTo: null, email: '' };

/** GET /api/admin/transactions?limit=10&offset=N&address=&risk_level=&date_from=&date_to=&email= */
export function getAdminTransactions(filters: AdminHistoryFilters, offset: number, signal?: AbortSignal): Promise<HistoryItem[]> {
  return api.get('/admin/transactions', {
    query: { ...historyQueryParams(filters, offset, ADMIN_HISTORY_PAGE_SIZE), email: filters.email.trim() || undefined },
    schema: historyPageParser,
    signal,
  });
}

export const adminTransactionsQueryKey = ['admin', 'transactions'] as const;
export const adminTransactionsListQueryKey = (filters: AdminHistoryFilters) => [...adminTransactionsQueryKey, 'list', filters] as const;

/** The pages loaded so far for one set of filters; there is a next page while the last one was full. */
export function adminTransactionsQueryOptions(filters: AdminHistoryFilters) {
  return infiniteQueryOptions({
    queryKey: adminTransactionsListQueryKey(filters),
    queryFn: ({ pageParam, signal }) => getAdminTransactions(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage: HistoryItem[], _pages: HistoryItem[][], lastOffset: number) =>
      lastPage.length === ADMIN_HISTORY_PAGE_SIZE ? lastOffset + ADMIN_HISTORY_PAGE_SIZE : undefined,
  });
}

export function useAdminTransactions(filters: AdminHistoryFilters) {
  return useInfiniteQuery(adminTransactionsQueryOptions(filters));
}
