/**
 * The webhook read models' queries: an endpoint's delivery log, the deliveries due (the
 * dispatcher's), and since when an endpoint's deliveries have all failed.
 */
import type { ReadStore } from '@walletscreen/platform';
import { webhookDeliveries, webhookEndpointHealth, type WebhookDeliveryDoc, type WebhookEndpointHealthDoc } from './webhooks.projection';

export { webhookDeliveries, webhookEndpointHealth, type WebhookDeliveryDoc, type WebhookEndpointHealthDoc };

/** A user's endpoint's deliveries, newest first, a page at a time. */
export const findEndpointDeliveries = (
  store: ReadStore,
  userId: string,
  endpointId: string,
  page: { limit: number; offset: number },
): Promise<WebhookDeliveryDoc[]> =>
  webhookDeliveries.find(store, {
    where: { endpoint_id: endpointId, user_id: userId },
    sort: [{ field: 'created_at', direction: 'desc' }],
    limit: page.limit,
    offset: page.offset,
  });

/** Deliveries pending or being sent whose next attempt (or lapsed claim) is due at `now` (ISO), the longest due first, up to `limit`. */
export const findDueDeliveries = (store: ReadStore, now: string, limit: number): Promise<WebhookDeliveryDoc[]> =>
  webhookDeliveries.find(store, {
    where: { status: { in: ['pending', 'sending'] }, next_attempt_at: { lte: now } },
    sort: [{ field: 'next_attempt_at', direction: 'asc' }],
    limit,
  });

/** Since when every delivery to the endpoint has failed; null when it is not failing (or unknown). */
export async function endpointFailingSince(store: ReadStore, endpointId: string): Promise<string | null> {
  return (await webhookEndpointHealth.get(store, endpointId))?.failing_since ?? null;
}
