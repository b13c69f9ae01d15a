import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http-client';
import { webhookDeliveriesQueryKey } from './get-webhook-deliveries';

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver → 202: sent again now, with the same webhook-id. */
export async function redeliverWebhook({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }): Promise<void> {
  await api.request('POST', `/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`);
}

/** Redelivers, then reloads the log. */
export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSettled: (_result, _error, { endpointId }) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(endpointId) }),
  });
}
