import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

export interface AdminSignIn {
  token: string;
  /** "admin" when the response has no role (spec §4). */
  role: string;
}

/** POST /api/admin/admin-login. Resolves to the token and role, or null when there is no token. */
export async function adminLogin(body: LoginRequest): Promise<AdminSignIn | null> {
  const response = await api.post<unknown>('/admin/admin-login', body, { auth: false });
  if (response === null || typeof response !== 'object') return null;
  const { token, role } = response as { token?: unknown; role?: unknown };
  if (typeof token !== 'string' || token === '') return null;
  return { token, role: typeof role === 'string' && role !== '' ? role : 'admin' };
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
