import { useMutation, useQueryClient } from '@tanstack/react-query';
import { localCompleteResponseSchema, type LocalCompleteResponse, type LocalCompleteRequest } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { profileQueryKey } from '../../../lib/get-profile';
import { localSessionQueryKey } from './get-local-session';

/** POST /api/billing/local/complete { session }: pays a test payment (applied once). */
export function completeLocalSession(sessionId: string): Promise<LocalCompleteResponse> {
  return api.post('/billing/local/complete', { session: sessionId } satisfies LocalCompleteRequest, { schema: localCompleteResponseSchema });
}

/** Confirms the test payment, then refreshes the balance and the session. */
export function useCompleteLocalSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLocalSession,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: profileQueryKey }), queryClient.invalidateQueries({ queryKey: localSessionQueryKey })]),
  });
}
