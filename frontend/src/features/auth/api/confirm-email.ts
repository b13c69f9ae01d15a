import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** POST /api/auth/confirm-email: the token of the link mailed to the address. */
export function confirmEmail(token: string): Promise<MessageResponse> {
  return api.post('/auth/confirm-email', { token }, { auth: false, schema: messageResponseSchema });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
