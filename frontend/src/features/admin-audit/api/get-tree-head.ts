import { queryOptions, useQuery } from '@tanstack/react-query';
import { treeHeadStatusSchema, type TreeHeadStatus } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { auditQueryKey } from '../../../lib/query-keys';

/** GET /api/admin/audit/tree-head: the audit log's latest signed tree head, the signing key, the witness's last answer. */
export function getTreeHead(signal?: AbortSignal): Promise<TreeHeadStatus> {
  return api.get('/admin/audit/tree-head', { schema: treeHeadStatusSchema, signal });
}

export function treeHeadQueryOptions() {
  return queryOptions({ queryKey: [...auditQueryKey, 'tree-head'], queryFn: ({ signal }) => getTreeHead(signal), refetchInterval: 60_000 });
}

export function useTreeHead() {
  return useQuery(treeHeadQueryOptions());
}
