import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createApiKeyResponseSchema, type CreateApiKeyRequest, type CreateApiKeyResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { apiKeysQueryKey } from './get-api-keys';

/** POST /api/keys { name, scopes, expires_at } → 201 with the whole key, the only time it is sent. */
export function createApiKey(request: CreateApiKeyRequest): Promise<CreateApiKeyResponse> {
  return api.post('/keys', request, { schema: createApiKeyResponseSchema });
}

/** Creates a key, then reloads the list. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
