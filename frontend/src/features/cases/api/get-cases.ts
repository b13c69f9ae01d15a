import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { caseListSchema, type CaseList } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { casesQueryKey } from '../../../lib/query-keys';
import { casesQuery, type CaseFilters, type CasesArea } from '../case-filters';

/** GET /api/cases (the customer's own) or /api/admin/cases (every customer's), one page under the filters. */
export function getCases(area: CasesArea, filters: CaseFilters, page: number, signal?: AbortSignal): Promise<CaseList> {
  return api.get(area === 'admin' ? '/admin/cases' : '/cases', { query: casesQuery(area, filters, page), schema: caseListSchema, signal });
}

export function casesQueryOptions(area: CasesArea, filters: CaseFilters, page: number) {
  return queryOptions({
    queryKey: [...casesQueryKey, area, 'list', filters, page] as const,
    queryFn: ({ signal }) => getCases(area, filters, page, signal),
  });
}

export function useCases(area: CasesArea, filters: CaseFilters, page: number) {
  return useQuery({ ...casesQueryOptions(area, filters, page), placeholderData: keepPreviousData });
}
