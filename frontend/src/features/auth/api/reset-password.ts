import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse, type ResetPasswordRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** POST /api/auth/reset-password. */
export function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return api.post('/auth/reset-password', body, { auth: false, schema: messageResponseSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
