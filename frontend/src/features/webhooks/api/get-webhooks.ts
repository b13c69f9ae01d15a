import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEndpointSchema, webhookListSchema, type WebhookEndpoint } from '@walletscreen/contracts';
import { api } from '../../../lib/http-client';

/** GET /api/webhooks: the signed-in user's endpoints, newest first (never their secrets). */
export async function getWebhooks(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const { items } = await api.get('/webhooks', { schema: webhookListSchema, signal });
  return items;
}

export const webhooksQueryKey = ['webhooks'] as const;

export function webhooksQueryOptions() {
  return queryOptions({ queryKey: webhooksQueryKey, queryFn: ({ signal }) => getWebhooks(signal) });
}

/** The Webhooks screen's list. */
export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

/** GET /api/webhooks/{id}: one endpoint. */
export function getWebhook(id: string, signal?: AbortSignal): Promise<WebhookEndpoint> {
  return api.get(`/webhooks/${encodeURIComponent(id)}`, { schema: webhookEndpointSchema, signal });
}

export function webhookQueryOptions(id: string) {
  return queryOptions({ queryKey: [...webhooksQueryKey, id], queryFn: ({ signal }) => getWebhook(id, signal) });
}

/** The endpoint screen's details. */
export function useWebhook(id: string) {
  return useQuery(webhookQueryOptions(id));
}
