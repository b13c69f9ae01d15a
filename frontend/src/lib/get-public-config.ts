/**
 * GET /api/config: the settings the public pages show (the contact and sales addresses), shared by
 * the landing page and Top Up. Public, no token sent; kept for the session once read.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '@walletscreen/contracts';
import { api } from './http-client';

export const publicConfigQueryKey = ['public-config'] as const;

export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.get('/config', { schema: publicConfigSchema, signal, auth: false });
}

export function publicConfigQueryOptions() {
  return queryOptions({ queryKey: publicConfigQueryKey, queryFn: ({ signal }) => getPublicConfig(signal), staleTime: Infinity });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
