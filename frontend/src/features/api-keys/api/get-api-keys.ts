import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyListSchema, type ApiKey } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** GET /api/keys: the signed-in user's keys, newest first (never the key itself). */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const { items } = await api.get('/keys', { schema: apiKeyListSchema, signal });
  return items;
}

export const apiKeysQueryKey = ['api-keys'] as const;

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => getApiKeys(signal),
  });
}

/** The API keys screen's list. */
export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
