import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditPageSchema, type AuditPage } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { auditQueryKey } from '../../../lib/query-keys';

export const AUDIT_PAGE_SIZE = 25;

export interface AuditLogFilters {
  type: string;
  /** The affected user's e-mail or id. */
  user: string;
  /** The acting admin's e-mail. */
  admin: string;
  /** YYYY-MM-DD (UTC), both ends included; empty for open. */
  from: string;
  to: string;
}

export const emptyAuditFilters: AuditLogFilters = { type: '', user: '', admin: '', from: '', to: '' };

/** The filters as query parameters (empty ones left out). */
export function auditQuery(filters: AuditLogFilters): Record<string, string | undefined> {
  return {
    type: filters.type || undefined,
    user: filters.user.trim() || undefined,
    admin: filters.admin.trim() || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

/** GET /api/admin/audit?type=&user=&admin=&from=&to=&limit=&offset= */
export function getAuditLog(filters: AuditLogFilters, page: number, signal?: AbortSignal): Promise<AuditPage> {
  return api.get('/admin/audit', {
    query: { ...auditQuery(filters), limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE },
    schema: auditPageSchema,
    signal,
  });
}

export function auditLogQueryOptions(filters: AuditLogFilters, page: number) {
  return queryOptions({ queryKey: [...auditQueryKey, 'log', filters, page], queryFn: ({ signal }) => getAuditLog(filters, page, signal) });
}

export function useAuditLog(filters: AuditLogFilters, page: number) {
  return useQuery({ ...auditLogQueryOptions(filters, page), placeholderData: keepPreviousData });
}
