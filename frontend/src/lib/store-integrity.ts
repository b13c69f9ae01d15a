import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminStoreIntegritySchema, type AcknowledgeIntegrityBreak, type AdminStoreIntegrity } from '@walletscreen/contracts';
import { api } from './http-client';

/** The event store's integrity as the admin area shows it (the banner of every admin page). */
export const storeIntegrityQueryKey = ['store-integrity'] as const;

/** GET /api/admin/integrity: how far the hash chain was verified, or where it breaks and what to do. */
export function getStoreIntegrity(signal?: AbortSignal): Promise<AdminStoreIntegrity> {
  return api.get('/admin/integrity', { schema: adminStoreIntegritySchema, signal });
}

export function storeIntegrityQueryOptions() {
  return queryOptions({
    queryKey: storeIntegrityQueryKey,
    queryFn: ({ signal }) => getStoreIntegrity(signal),
    // The server verifies again every minute.
    refetchInterval: 60_000,
  });
}

export function useStoreIntegrity() {
  return useQuery(storeIntegrityQueryOptions());
}

/** POST /api/admin/integrity/acknowledge: the admin acknowledges the break with a note; writes resume. */
export function acknowledgeIntegrityBreak(body: AcknowledgeIntegrityBreak): Promise<AdminStoreIntegrity> {
  return api.post('/admin/integrity/acknowledge', body, { schema: adminStoreIntegritySchema });
}

export function useAcknowledgeIntegrityBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeIntegrityBreak,
    onSuccess: (report) => queryClient.setQueryData(storeIntegrityQueryKey, report),
  });
}
