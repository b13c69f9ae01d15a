import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse, type RegisterRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** POST /api/auth/register. */
export function register(body: RegisterRequest): Promise<MessageResponse> {
  return api.post('/auth/register', body, { auth: false, schema: messageResponseSchema });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
