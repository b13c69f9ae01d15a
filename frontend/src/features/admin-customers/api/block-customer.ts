import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminActionResponseSchema, type AdminActionResponse, type RoleChangeRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { customersQueryKey } from './get-customers';

/** POST /api/admin/block-user/{id} with an empty body (spec §7): the server records its default reason. */
export function blockCustomer(customerId: string): Promise<AdminActionResponse> {
  return api.post(`/admin/block-user/${encodeURIComponent(customerId)}`, {} satisfies RoleChangeRequest, { schema: adminActionResponseSchema });
}

/** Blocks a customer, then reloads the customers list. */
export function useBlockCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockCustomer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
