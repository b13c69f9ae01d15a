import { infiniteQueryOptions } from '@tanstack/react-query';
import { historyItemSchema, type HistoryItem } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { historyListQueryKey } from '../../../lib/query-keys';
import { filterParams, type HistoryFilters } from '../history-filters';
import { HISTORY_PAGE_SIZE, nextPageOffset, type HistoryRow } from '../history-item';

const historyPageSchema = historyItemSchema.array();

/** GET /api/transactions/history?limit=10&offset=N&address=&risk_level=&date_from=&date_to=: a page of the user's own checks. */
export function getHistory(filters: HistoryFilters, offset: number, signal?: AbortSignal): Promise<HistoryItem[]> {
  return api.get('/transactions/history', { query: { limit: HISTORY_PAGE_SIZE, offset, ...filterParams(filters) }, schema: historyPageSchema, signal });
}

/** The pages loaded so far for one set of filters; there is a next page while the last one was full. */
export function historyQueryOptions(filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: historyListQueryKey('user', filters),
    queryFn: ({ pageParam, signal }): Promise<HistoryRow[]> => getHistory(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
  });
}
