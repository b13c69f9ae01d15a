import { infiniteQueryOptions } from '@tanstack/react-query';
import { adminHistoryItemSchema, type AdminHistoryItem } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { historyListQueryKey } from '../../../lib/query-keys';
import { filterParams, type HistoryFilters } from '../history-filters';
import { HISTORY_PAGE_SIZE, nextPageOffset, type HistoryRow } from '../history-item';

const adminHistoryPageSchema = adminHistoryItemSchema.array();

/** GET /api/admin/transactions?limit=10&offset=N&address=&risk_level=&date_from=&date_to=&email=: a page of every user's checks. */
export function getAdminHistory(filters: HistoryFilters, offset: number, signal?: AbortSignal): Promise<AdminHistoryItem[]> {
  return api.get('/admin/transactions', {
    query: { limit: HISTORY_PAGE_SIZE, offset, ...filterParams(filters, { email: true }) },
    schema: adminHistoryPageSchema,
    signal,
  });
}

/** The pages loaded so far for one set of filters; there is a next page while the last one was full. */
export function adminHistoryQueryOptions(filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: historyListQueryKey('admin', filters),
    queryFn: ({ pageParam, signal }): Promise<HistoryRow[]> => getAdminHistory(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
  });
}
