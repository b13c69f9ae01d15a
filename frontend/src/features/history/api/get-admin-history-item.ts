import { queryOptions } from '@tanstack/react-query';
import { adminHistoryDetailSchema, type AdminHistoryDetail } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { historyItemQueryKey } from '../../../lib/query-keys';
import type { HistoryRowDetail } from '../history-item';

/** GET /api/admin/transactions/{id}: any user's check with its report and the user's e-mail. */
export function getAdminHistoryItem(id: string, signal?: AbortSignal): Promise<AdminHistoryDetail> {
  return api.get(`/admin/transactions/${encodeURIComponent(id)}`, { schema: adminHistoryDetailSchema, signal });
}

export function adminHistoryItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: historyItemQueryKey('admin', id),
    queryFn: ({ signal }): Promise<HistoryRowDetail> => getAdminHistoryItem(id, signal),
  });
}
