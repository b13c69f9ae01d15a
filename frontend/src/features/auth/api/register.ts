import { useMutation } from '@tanstack/react-query';
import { registerResponseSchema, type RegisterRequest, type RegisterResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** POST /api/auth/register: the new user's session token, and whether their free checks wait for the e-mail confirmation. */
export function register(body: RegisterRequest): Promise<RegisterResponse> {
  return api.post('/auth/register', body, { auth: false, schema: registerResponseSchema });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
