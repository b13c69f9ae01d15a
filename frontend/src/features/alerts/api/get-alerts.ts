import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertListSchema, type AlertList, type AlertStatus } from '@walletscreen/contracts';
import { alertsQueryKey, openAlertsCountQueryOptions } from '../../../lib/get-open-alerts';
import { api } from '../../../lib/http-client';

export type AlertFilter = AlertStatus | 'all';

/** GET /api/alerts: the inbox, newest first, filtered by status. */
export function getAlerts(status: AlertFilter, signal?: AbortSignal): Promise<AlertList> {
  return api.get('/alerts', { query: { status, limit: 200 }, schema: alertListSchema, signal });
}

/** Every answer carries the number of open alerts, so the sidebar's count never lags behind the inbox it sits beside. */
export function alertsQueryOptions(status: AlertFilter) {
  return queryOptions({
    queryKey: [...alertsQueryKey, 'list', status] as const,
    queryFn: async ({ signal, client }) => {
      const list = await getAlerts(status, signal);
      client.setQueryData(openAlertsCountQueryOptions().queryKey, list.open);
      return list;
    },
    refetchInterval: 30_000,
  });
}

export function useAlerts(status: AlertFilter) {
  return useQuery(alertsQueryOptions(status));
}
