import { queryOptions, useQuery } from '@tanstack/react-query';
import { localSessionSchema, type LocalSession } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** GET /api/billing/local/sessions/{id}: a test payment waiting for confirmation. */
export function getLocalSession(sessionId: string, signal?: AbortSignal): Promise<LocalSession> {
  return api.get(`/billing/local/sessions/${encodeURIComponent(sessionId)}`, { schema: localSessionSchema, signal });
}

export const localSessionQueryKey = ['billing', 'local-session'] as const;

export function localSessionQueryOptions(sessionId: string) {
  return queryOptions({ queryKey: [...localSessionQueryKey, sessionId], queryFn: ({ signal }) => getLocalSession(sessionId, signal), retry: false });
}

export function useLocalSession(sessionId: string) {
  return useQuery({ ...localSessionQueryOptions(sessionId), enabled: sessionId !== '' });
}
