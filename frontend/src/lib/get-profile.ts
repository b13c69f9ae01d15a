/**
 * GET /api/profile: the signed-in user's e-mail and check balance. Shared by the dashboard layout,
 * sign-in (which prefetches it) and every screen that spends or buys checks (which invalidate it).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@walletscreen/contracts';
import { api } from './http-client';
import { authToken } from './session';

export const profileQueryKey = ['profile'] as const;

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api.get('/profile', { schema: profileSchema, signal });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
  });
}

/** The profile, fetched whenever the top bar appears; not fetched without a token. */
export function useProfile() {
  return useQuery({
    ...profileQueryOptions(),
    enabled: authToken(window.localStorage) !== null,
    refetchOnMount: 'always',
  });
}
