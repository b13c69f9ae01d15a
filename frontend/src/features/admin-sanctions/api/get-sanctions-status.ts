import { queryOptions, useQuery } from '@tanstack/react-query';
import { sanctionsStatusSchema, type SanctionsStatus } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** GET /api/sanctions/status: the OFAC list in force and how the last sync went. */
export function getSanctionsStatus(signal?: AbortSignal): Promise<SanctionsStatus> {
  return api.get('/sanctions/status', { schema: sanctionsStatusSchema, signal });
}

export const sanctionsStatusQueryKey = ['sanctions', 'status'] as const;

export function sanctionsStatusQueryOptions() {
  return queryOptions({ queryKey: sanctionsStatusQueryKey, queryFn: ({ signal }) => getSanctionsStatus(signal) });
}

export function useSanctionsStatus() {
  return useQuery(sanctionsStatusQueryOptions());
}
