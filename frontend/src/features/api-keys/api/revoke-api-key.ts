import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeySchema, type ApiKey } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { apiKeysQueryKey } from './get-api-keys';

/** DELETE /api/keys/{id} → the revoked key; calls with it stop at once. */
export function revokeApiKey(keyId: string): Promise<ApiKey> {
  return api.request('DELETE', `/keys/${encodeURIComponent(keyId)}`, { schema: apiKeySchema });
}

/** Revokes a key, then reloads the list. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
