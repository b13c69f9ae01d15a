import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminActionResponseSchema, type AdminActionResponse, type RoleChangeRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { customersQueryKey } from '../../../lib/query-keys';

/** POST /api/admin/unblock-user/{id} with an empty body (spec §7): the server records its default reason. */
export function unblockCustomer(customerId: string): Promise<AdminActionResponse> {
  return api.post(`/admin/unblock-user/${encodeURIComponent(customerId)}`, {} satisfies RoleChangeRequest, { schema: adminActionResponseSchema });
}

/** Unblocks a customer, then reloads the customers list. */
export function useUnblockCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockCustomer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
