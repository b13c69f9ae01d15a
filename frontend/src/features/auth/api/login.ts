import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** POST /api/auth/login. Resolves to the token, or null when the response carries none. */
export async function login(body: LoginRequest): Promise<string | null> {
  const response = await api.post('/auth/login', body, { auth: false });
  const parsed = loginResponseSchema.safeParse(response);
  return parsed.success ? parsed.data.token : null;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
