import { queryOptions, useQuery } from '@tanstack/react-query';
import { historyDetailParser, type HistoryDetail } from '../../../components/check-history/history-item';
import { api } from '../../../lib/http-client';
import { adminTransactionsQueryKey } from './get-admin-transactions';

/** GET /api/admin/transactions/{id}: any user's check with its report and the user's e-mail. */
export function getAdminTransaction(id: string, signal?: AbortSignal): Promise<HistoryDetail> {
  return api.get(`/admin/transactions/${encodeURIComponent(id)}`, { schema: historyDetailParser, signal });
}

export function adminTransactionQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminTransactionsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getAdminTransaction(id, signal),
  });
}

/** The detail of the check whose Details were opened; nothing is fetched while none is. */
export function useAdminTransaction(id: string | null) {
  return useQuery({ ...adminTransactionQueryOptions(id ?? ''), enabled: id !== null });
}
