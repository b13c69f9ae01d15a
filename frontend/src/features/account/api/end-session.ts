import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endedSessionsSchema, type EndedSessions } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { accountSessionsQueryKey } from './get-sessions';

/** DELETE /api/account/sessions/{id}: that session's token stops working at once. */
export function endSession(sessionId: string): Promise<EndedSessions> {
  return api.request('DELETE', `/account/sessions/${encodeURIComponent(sessionId)}`, { schema: endedSessionsSchema });
}

/** Ends one other session, then reloads the list. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
