import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endedSessionsSchema, type EndedSessions } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { accountSessionsQueryKey } from './get-sessions';

/** DELETE /api/account/sessions: every session but this one ends. */
export function endOtherSessions(): Promise<EndedSessions> {
  return api.request('DELETE', '/account/sessions', { schema: endedSessionsSchema });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
