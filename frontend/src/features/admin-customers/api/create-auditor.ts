import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditorSchema, type Auditor, type CreateAuditorRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { customersQueryKey } from '../../../lib/query-keys';

/** POST /api/admin/auditors: an auditor's account with its first password. */
export function createAuditor(body: CreateAuditorRequest): Promise<Auditor> {
  return api.post('/admin/auditors', body, { schema: auditorSchema });
}

/** Creates an auditor, then reloads the customers list (where the account shows, as an auditor). */
export function useCreateAuditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAuditor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
