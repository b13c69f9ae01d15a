import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertListSchema, type AlertList, type AlertStatus } from '@walletscreen/contracts';
import { alertsQueryKey } from '../../../lib/get-open-alerts';
import { api } from '../../../lib/http-client';

export type AlertFilter = AlertStatus | 'all';

/** GET /api/alerts: the inbox, newest first, filtered by status. */
export function getAlerts(status: AlertFilter, signal?: AbortSignal): Promise<AlertList> {
  return api.get('/alerts', { query: { status, limit: 200 }, schema: alertListSchema, signal });
}

export function alertsQueryOptions(status: AlertFilter) {
  return queryOptions({ queryKey: [...alertsQueryKey, 'list', status] as const, queryFn: ({ signal }) => getAlerts(status, signal), refetchInterval: 30_000 });
}

export function useAlerts(status: AlertFilter) {
  return useQuery(alertsQueryOptions(status));
}
