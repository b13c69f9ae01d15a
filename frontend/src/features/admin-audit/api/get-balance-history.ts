import { queryOptions, useQuery } from '@tanstack/react-query';
import { balanceHistorySchema, type BalanceHistory } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { auditQueryKey } from '../../../lib/query-keys';

/** GET /api/admin/audit/balance-history/:userId: each balance change with the balance after it. */
export function getBalanceHistory(userId: string, signal?: AbortSignal): Promise<BalanceHistory> {
  return api.get(`/admin/audit/balance-history/${encodeURIComponent(userId)}`, { schema: balanceHistorySchema, signal });
}

export function balanceHistoryQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...auditQueryKey, 'balance-history', userId], queryFn: ({ signal }) => getBalanceHistory(userId, signal) });
}

export function useBalanceHistory(userId: string | null) {
  return useQuery({ ...balanceHistoryQueryOptions(userId ?? ''), enabled: userId !== null });
}
