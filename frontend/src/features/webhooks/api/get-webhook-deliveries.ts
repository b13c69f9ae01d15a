import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookDeliveryListSchema, type WebhookDelivery } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';
import { webhooksQueryKey } from './get-webhooks';

/** The delivery log refreshes this often while it is open, so new attempts appear by themselves. */
export const DELIVERY_LOG_REFRESH_MS = 3_000;
export const DELIVERY_LOG_PAGE = 50;

/** GET /api/webhooks/{id}/deliveries: the endpoint's deliveries, newest first, with their attempts. */
export async function getWebhookDeliveries(id: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  const { items } = await api.get(`/webhooks/${encodeURIComponent(id)}/deliveries`, {
    schema: webhookDeliveryListSchema,
    signal,
    query: { limit: String(DELIVERY_LOG_PAGE) },
  });
  return items;
}

export const webhookDeliveriesQueryKey = (id: string) => [...webhooksQueryKey, id, 'deliveries'] as const;

export function webhookDeliveriesQueryOptions(id: string) {
  return queryOptions({
    queryKey: webhookDeliveriesQueryKey(id),
    queryFn: ({ signal }) => getWebhookDeliveries(id, signal),
    refetchInterval: DELIVERY_LOG_REFRESH_MS,
  });
}

/** The endpoint screen's delivery log. */
export function useWebhookDeliveries(id: string) {
  return useQuery(webhookDeliveriesQueryOptions(id));
}
