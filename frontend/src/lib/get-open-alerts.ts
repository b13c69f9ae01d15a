import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertListSchema } from '@walletscreen/contracts';
import { api } from './http-client';

/** Every query of the alerts inbox starts with this key; acknowledging or resolving invalidates it (and the sidebar's count). */
export const alertsQueryKey = ['alerts'] as const;

/** GET /api/alerts?status=open&limit=1: how many alerts are still open (the sidebar's unread count). */
export function openAlertsCountQueryOptions() {
  return queryOptions({
    queryKey: [...alertsQueryKey, 'open-count'] as const,
    queryFn: async ({ signal }) => (await api.get('/alerts', { query: { status: 'open', limit: 1 }, schema: alertListSchema, signal })).open,
    refetchInterval: 60_000,
  });
}

export function useOpenAlertsCount() {
  return useQuery(openAlertsCountQueryOptions());
}
