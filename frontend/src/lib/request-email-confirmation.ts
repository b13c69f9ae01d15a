/** POST /api/account/email-confirmation: the link to confirm the signed-in user's e-mail address, sent again. */
import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse } from '@walletscreen/contracts';
import { api } from './http-client';

export function requestEmailConfirmation(): Promise<MessageResponse> {
  return api.post('/account/email-confirmation', undefined, { schema: messageResponseSchema });
}

export function useRequestEmailConfirmation() {
  return useMutation({ mutationFn: requestEmailConfirmation });
}
