import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createWebhookResponseSchema, type CreateWebhookRequest, type CreateWebhookResponse } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { webhooksQueryKey } from './get-webhooks';

/** POST /api/webhooks { url, description, events } → 201 with the endpoint and its signing secret. */
export function createWebhook(request: CreateWebhookRequest): Promise<CreateWebhookResponse> {
  return api.post('/webhooks', request, { schema: createWebhookResponseSchema });
}

/** Adds an endpoint, then reloads the list. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }) });
}
