/**
 * GET /api/sanctions/status: whether an OFAC list is loaded, so the Wallet Checker can warn that
 * checks cannot screen against sanctions while none is.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { sanctionsStatusSchema, type SanctionsStatus } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

export function getSanctionsStatus(signal?: AbortSignal): Promise<SanctionsStatus> {
  return api.get('/sanctions/status', { schema: sanctionsStatusSchema, signal });
}

export const sanctionsStatusQueryKey = ['sanctions', 'status'] as const;

export function sanctionsStatusQueryOptions() {
  return queryOptions({
    queryKey: sanctionsStatusQueryKey,
    queryFn: ({ signal }) => getSanctionsStatus(signal),
    // The list changes at most daily; a page visit after five minutes asks again.
    staleTime: 5 * 60_000,
  });
}

export function useSanctionsStatus() {
  return useQuery(sanctionsStatusQueryOptions());
}
