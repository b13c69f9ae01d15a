import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminActionResponseSchema, type AdminActionResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { customersQueryKey } from '../../../lib/query-keys';

/** POST /api/admin/reenable-api-keys/{id}: the API keys a block suspended work again (the customer unblocked). */
export function reenableApiKeys(customerId: string): Promise<AdminActionResponse> {
  return api.post(`/admin/reenable-api-keys/${encodeURIComponent(customerId)}`, undefined, { schema: adminActionResponseSchema });
}

/** Re-enables a customer's suspended API keys, then reloads the customers list. */
export function useReenableApiKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reenableApiKeys,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
