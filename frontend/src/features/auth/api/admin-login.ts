import { useMutation } from '@tanstack/react-query';
import { adminLoginResponseSchema, type LoginRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

const signInAnswerSchema = adminLoginResponseSchema.partial({ role: true });

export interface AdminSignIn {
  token: string;
  /** "admin" when the response has no role (spec §4). */
  role: string;
}

/** POST /api/admin/admin-login. Resolves to the token and role, or null when there is no token. */
export async function adminLogin(body: LoginRequest): Promise<AdminSignIn | null> {
  const response = await api.post('/admin/admin-login', body, { auth: false });
  // Read with the route's schema, the role left optional: spec §4's sign-in takes "admin" when there is none.
  const answer = signInAnswerSchema.safeParse(response);
  if (!answer.success || answer.data.token === '') return null;
  return { token: answer.data.token, role: answer.data.role ?? 'admin' };
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
