import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type ChangePasswordRequest, type MessageResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { accountSessionsQueryKey } from './get-sessions';

/** POST /api/account/password: every other session ends, this one stays. */
export function changePassword(body: ChangePasswordRequest): Promise<MessageResponse> {
  return api.post('/account/password', body, { schema: messageResponseSchema });
}

/** Changes the password, then reloads the sessions (the others have ended). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
