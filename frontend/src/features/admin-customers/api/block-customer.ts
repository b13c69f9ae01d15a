import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminActionResponseSchema, type AdminActionResponse, type RoleChangeRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { customersQueryKey } from '../../../lib/query-keys';

/**
 * POST /api/admin/block-user/{id} with the admin's reason, which the customer is told; without one
 * the body is empty (spec §7) and the server records its default reason.
 */
export function blockCustomer({ customerId, reason }: { customerId: string; reason?: string }): Promise<AdminActionResponse> {
  const body: RoleChangeRequest = reason ? { reason } : {};
  return api.post(`/admin/block-user/${encodeURIComponent(customerId)}`, body, { schema: adminActionResponseSchema });
}

/** Blocks a customer, then reloads the customers list. */
export function useBlockCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockCustomer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
