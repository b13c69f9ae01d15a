import { queryOptions, useQuery } from '@tanstack/react-query';
import { caseDetailSchema, type CaseDetail } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { casesQueryKey } from '../../../lib/query-keys';
import type { CasesArea } from '../case-filters';

/** GET /api/cases/{id} (the owner's, or an admin's) or /api/admin/cases/{id} (admins and auditors): the case with its notes and history. */
export function getCase(area: CasesArea, id: string, signal?: AbortSignal): Promise<CaseDetail> {
  return api.get(`${area === 'admin' ? '/admin/cases' : '/cases'}/${encodeURIComponent(id)}`, { schema: caseDetailSchema, signal });
}

export const caseQueryKey = (area: CasesArea, id: string) => [...casesQueryKey, area, 'detail', id] as const;

export function caseQueryOptions(area: CasesArea, id: string) {
  return queryOptions({ queryKey: caseQueryKey(area, id), queryFn: ({ signal }) => getCase(area, id, signal) });
}

export function useCase(area: CasesArea, id: string) {
  return useQuery(caseQueryOptions(area, id));
}
