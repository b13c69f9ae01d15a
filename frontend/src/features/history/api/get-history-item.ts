import { queryOptions } from '@tanstack/react-query';
import { historyDetailSchema, type HistoryDetail } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { historyItemQueryKey } from '../../../lib/query-keys';
import type { HistoryRowDetail } from '../history-item';

/** GET /api/transactions/history/{id}: one of the user's checks with its findings and report. */
export function getHistoryItem(id: string, signal?: AbortSignal): Promise<HistoryDetail> {
  return api.get(`/transactions/history/${encodeURIComponent(id)}`, { schema: historyDetailSchema, signal });
}

export function historyItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: historyItemQueryKey('user', id),
    queryFn: ({ signal }): Promise<HistoryRowDetail> => getHistoryItem(id, signal),
  });
}
