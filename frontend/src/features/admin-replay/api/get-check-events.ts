import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkEventsSchema, type CheckEvents } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** GET /api/admin/checks/:checkId/events: the check's stream event by event and the versions it used. */
export function getCheckEvents(checkId: string, signal?: AbortSignal): Promise<CheckEvents> {
  return api.get(`/admin/checks/${encodeURIComponent(checkId)}/events`, { schema: checkEventsSchema, signal });
}

export const checkEvidenceQueryKey = ['admin', 'check-evidence'] as const;

export function checkEventsQueryOptions(checkId: string) {
  return queryOptions({ queryKey: [...checkEvidenceQueryKey, checkId, 'events'], queryFn: ({ signal }) => getCheckEvents(checkId, signal) });
}

export function useCheckEvents(checkId: string) {
  return useQuery(checkEventsQueryOptions(checkId));
}
