import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http-client';
import { historyQueryKey } from '../../../lib/query-keys';
import { historyDetailParser, type HistoryDetail } from '../../../components/check-history/history-item';

/** GET /api/transactions/history/{id}: one check with its findings and report. */
export function getHistoryItem(id: string, signal?: AbortSignal): Promise<HistoryDetail> {
  return api.get(`/transactions/history/${encodeURIComponent(id)}`, { schema: historyDetailParser, signal });
}

export function historyItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...historyQueryKey, 'detail', id],
    queryFn: ({ signal }) => getHistoryItem(id, signal),
  });
}

/** The detail of the check whose Details were opened; nothing is fetched while none is. */
export function useHistoryItem(id: string | null) {
  return useQuery({ ...historyItemQueryOptions(id ?? ''), enabled: id !== null });
}
