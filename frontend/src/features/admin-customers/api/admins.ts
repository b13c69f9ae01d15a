/**
 * The admins (GET /api/admin/admins) and the changes to them: create another admin's account,
 * make an existing account an admin, remove an admin. Each answers with the admins as they now are.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminMemberSchema, type AdminMember, type CreateAdminRequest, type PromoteAdminRequest, type RoleChangeRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { customersQueryKey } from '../../../lib/query-keys';

const adminsSchema = adminMemberSchema.array();
export const adminsQueryKey = ['admin', 'admins'] as const;

export function adminsQueryOptions() {
  return queryOptions({ queryKey: adminsQueryKey, queryFn: ({ signal }) => api.get('/admin/admins', { schema: adminsSchema, signal }) });
}

export function useAdmins() {
  return useQuery(adminsQueryOptions());
}

/** The change's answer is the list as it now is; the customers list shows the roles changed too. */
function useAdminsChange<Input>(call: (input: Input) => Promise<AdminMember[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (admins) => queryClient.setQueryData(adminsQueryKey, admins),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminsQueryKey }), queryClient.invalidateQueries({ queryKey: customersQueryKey })]),
  });
}

export const useCreateAdmin = () => useAdminsChange((body: CreateAdminRequest) => api.post('/admin/admins', body, { schema: adminsSchema }));
export const usePromoteAdmin = () => useAdminsChange((body: PromoteAdminRequest) => api.post('/admin/admins/promote', body, { schema: adminsSchema }));
export const useRemoveAdmin = () =>
  useAdminsChange(({ id, reason }: { id: string; reason?: string }) =>
    api.post(`/admin/admins/${encodeURIComponent(id)}/remove`, (reason ? { reason } : {}) satisfies RoleChangeRequest, { schema: adminsSchema }),
  );
