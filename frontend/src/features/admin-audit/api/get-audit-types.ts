import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditTypesSchema, type AuditTypes } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { auditQueryKey } from '../../../lib/query-keys';

/** GET /api/admin/audit/types: the event types recorded so far. */
export function getAuditTypes(signal?: AbortSignal): Promise<AuditTypes> {
  return api.get('/admin/audit/types', { schema: auditTypesSchema, signal });
}

export function auditTypesQueryOptions() {
  return queryOptions({ queryKey: [...auditQueryKey, 'types'], queryFn: ({ signal }) => getAuditTypes(signal), staleTime: 60_000 });
}

export function useAuditTypes() {
  return useQuery(auditTypesQueryOptions());
}
