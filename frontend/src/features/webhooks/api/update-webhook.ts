import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointSchema, type UpdateWebhookRequest, type WebhookEndpoint } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { webhooksQueryKey } from './get-webhooks';

/** PATCH /api/webhooks/{id}: URL, description, events, enabled. */
export function updateWebhook({ id, changes }: { id: string; changes: UpdateWebhookRequest }): Promise<WebhookEndpoint> {
  return api.request('PATCH', `/webhooks/${encodeURIComponent(id)}`, { body: changes, schema: webhookEndpointSchema });
}

/** Changes an endpoint (enable / disable), then reloads the list and the endpoint. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }) });
}
