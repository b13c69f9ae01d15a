import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminStoreIntegritySchema, healthSchema, type AcknowledgeIntegrityBreak, type AdminStoreIntegrity, type Health } from '@walletscreen/contracts';
import { api } from './http-client';

/** The event store's integrity as the admin area shows it (the banner of every admin page). */
export const storeIntegrityQueryKey = ['store-integrity'] as const;

/** GET /api/health: whether writes are halted on a break of the event store (asked every minute: the server verifies as often). */
export function getHealth(signal?: AbortSignal): Promise<Health> {
  return api.get('/health', { schema: healthSchema, signal });
}

export function healthQueryOptions() {
  return queryOptions({ queryKey: [...storeIntegrityQueryKey, 'health'] as const, queryFn: ({ signal }) => getHealth(signal), refetchInterval: 60_000 });
}

/**
 * GET /api/admin/integrity: where the chain breaks, its event and what to do. Asked only while
 * writes are halted: an auditor's every read of the admin area is recorded.
 */
export function getStoreIntegrity(signal?: AbortSignal): Promise<AdminStoreIntegrity> {
  return api.get('/admin/integrity', { schema: adminStoreIntegritySchema, signal });
}

export function storeIntegrityQueryOptions() {
  return queryOptions({ queryKey: [...storeIntegrityQueryKey, 'report'] as const, queryFn: ({ signal }) => getStoreIntegrity(signal) });
}

/** The report while writes are halted (null otherwise). */
export function useHaltedIntegrity(): AdminStoreIntegrity | null {
  const health = useQuery(healthQueryOptions());
  const halted = health.data?.integrity.writes === 'halted';
  const report = useQuery({ ...storeIntegrityQueryOptions(), enabled: halted });
  return halted && report.data?.writes === 'halted' ? report.data : null;
}

/** POST /api/admin/integrity/acknowledge: the admin acknowledges the break with a note; writes resume. */
export function acknowledgeIntegrityBreak(body: AcknowledgeIntegrityBreak): Promise<AdminStoreIntegrity> {
  return api.post('/admin/integrity/acknowledge', body, { schema: adminStoreIntegritySchema });
}

export function useAcknowledgeIntegrityBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeIntegrityBreak,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeIntegrityQueryKey }),
  });
}
