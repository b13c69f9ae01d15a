import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customListRemoveResponseSchema, type CustomListRemoveResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { sanctionsStatusQueryKey } from './get-sanctions-status';
import { customListsQueryKey } from './get-custom-lists';

/** DELETE /api/admin/lists/:id: the list stops being screened against. */
export function removeCustomList(id: string): Promise<CustomListRemoveResponse> {
  return api.request('DELETE', `/admin/lists/${encodeURIComponent(id)}`, { schema: customListRemoveResponseSchema });
}

export function useRemoveCustomList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeCustomList,
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: customListsQueryKey }), client.invalidateQueries({ queryKey: sanctionsStatusQueryKey })]),
  });
}
