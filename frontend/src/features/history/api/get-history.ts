import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http-client';
import { historyQueryKey } from '../../../lib/query-keys';
import { historyQueryParams, type HistoryFilters } from '../../../components/check-history/history-filters';
import { historyPageParser, type HistoryItem } from '../../../components/check-history/history-item';

/** Pages have 10 items (spec §4, §9). */
export const HISTORY_PAGE_SIZE = 10;

/** GET /api/transactions/history?limit=10&offset=N&address=&risk_level=&date_from=&date_to= */
export function getHistory(filters: HistoryFilters, offset: number, signal?: AbortSignal): Promise<HistoryItem[]> {
  return api.get('/transactions/history', { query: historyQueryParams(filters, offset, HISTORY_PAGE_SIZE), schema: historyPageParser, signal });
}

export const historyListQueryKey = (filters: HistoryFilters) => [...historyQueryKey, 'list', filters] as const;

/** The pages loaded so far for one set of filters; there is a next page while the last one was full. */
export function historyQueryOptions(filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: historyListQueryKey(filters),
    queryFn: ({ pageParam, signal }) => getHistory(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage: HistoryItem[], _pages: HistoryItem[][], lastOffset: number) =>
      lastPage.length === HISTORY_PAGE_SIZE ? lastOffset + HISTORY_PAGE_SIZE : undefined,
  });
}

export function useHistory(filters: HistoryFilters) {
  return useInfiniteQuery(historyQueryOptions(filters));
}
