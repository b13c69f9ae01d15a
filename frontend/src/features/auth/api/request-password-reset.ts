import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse, type RequestPasswordResetRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** POST /api/auth/request-password-reset. */
export function requestPasswordReset(body: RequestPasswordResetRequest): Promise<MessageResponse> {
  return api.post('/auth/request-password-reset', body, { auth: false, schema: messageResponseSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
