import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSessionsSchema, type AccountSessions } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** GET /api/account/sessions: the open sessions, newest first, the current one marked. */
export function getAccountSessions(signal?: AbortSignal): Promise<AccountSessions> {
  return api.get('/account/sessions', { schema: accountSessionsSchema, signal });
}

export const accountSessionsQueryKey = ['account', 'sessions'] as const;

export function accountSessionsQueryOptions() {
  return queryOptions({ queryKey: accountSessionsQueryKey, queryFn: ({ signal }) => getAccountSessions(signal) });
}

export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions());
}
