import { queryOptions, useQuery } from '@tanstack/react-query';
import { customListSummarySchema, type CustomListSummary } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

const listsSchema = customListSummarySchema.array();

/** GET /api/admin/lists: the custom block and allow lists in force. */
export function getCustomLists(signal?: AbortSignal): Promise<CustomListSummary[]> {
  return api.get('/admin/lists', { schema: listsSchema, signal });
}

export const customListsQueryKey = ['admin', 'lists'] as const;

export function customListsQueryOptions() {
  return queryOptions({ queryKey: customListsQueryKey, queryFn: ({ signal }) => getCustomLists(signal) });
}

export function useCustomLists() {
  return useQuery(customListsQueryOptions());
}
