import type { WebhookAttempt, WebhookDelivery } from '@walletscreen/contracts';
import type { WebhookDeliveryEvent } from '@walletscreen/domain/webhook-delivery/events';
import type { WebhookEndpointEvent } from '@walletscreen/domain/webhook-endpoint/events';
import type { RecordedEvent } from '@walletscreen/platform';
import { collection } from '../collection';
import type { Projection } from '../projection';

/** A delivery as the Webhooks screen shows it (contracts' WebhookDelivery), with the user whose endpoint it is for. */
export type WebhookDeliveryDoc = WebhookDelivery & { user_id: string };

export interface WebhookEndpointHealthDoc {
  id: string;
  user_id: string;
  last_success_at: string | null;
  /** The first failed attempt after the last success (or after the endpoint was enabled); null when not failing. */
  failing_since: string | null;
}

/** The delivery log: one document per webhook delivery, with its attempts and next attempt time. */
export const webhookDeliveries = collection<WebhookDeliveryDoc>('webhook_deliveries');
/** Each endpoint's health: when a delivery last succeeded, and since when every one has failed. */
export const webhookEndpointHealth = collection<WebhookEndpointHealthDoc>('webhook_endpoint_health');

/** The events the endpoint health handles (its fold also lists the others of both streams, as no-ops). */
type HealthEvent = Extract<
  WebhookEndpointEvent | WebhookDeliveryEvent,
  { type: 'WebhookEndpointCreated' | 'WebhookEndpointUpdated' | 'WebhookEndpointDeleted' | 'WebhookDeliveryAttempted' }
>;

/** Attempts a delivery's document keeps (the newest ones). */
const ATTEMPTS_KEPT = 50;

export const webhookDeliveriesProjection: Projection<WebhookDeliveryDoc> = {
  name: 'webhook-deliveries-v1',
  collection: webhookDeliveries.name,
  handles: ['WebhookDeliveryScheduled', 'WebhookDeliveryClaimed', 'WebhookDeliveryAttempted', 'WebhookRedeliveryRequested', 'WebhookDeliveryAbandoned'],
  keyOf: (event: RecordedEvent) => (event.data as WebhookDeliveryEvent['data']).deliveryId ?? null,
  fold(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as WebhookDeliveryEvent;
    if (event.type === 'WebhookDeliveryScheduled') {
      const d = event.data;
      return {
        id: d.deliveryId,
        user_id: d.userId,
        endpoint_id: d.endpointId,
        event_type: d.eventType,
        created_at: d.at,
        status: 'pending',
        attempt_count: 0,
        last_status_code: null,
        last_error: null,
        next_attempt_at: d.at,
        attempts: [],
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'WebhookDeliveryClaimed':
        return { ...doc, status: 'sending', next_attempt_at: event.data.until };
      case 'WebhookDeliveryAttempted': {
        const d = event.data;
        const attempt: WebhookAttempt = {
          attempt: d.attempt,
          at: d.at,
          ok: d.ok,
          status_code: d.statusCode,
          duration_ms: d.durationMs,
          error: d.error,
          response_body: d.responseBody,
        };
        return {
          ...doc,
          status: d.ok ? 'succeeded' : d.nextAttemptAt ? 'pending' : 'failed',
          attempt_count: doc.attempt_count + 1,
          last_status_code: attempt.status_code,
          last_error: attempt.error,
          next_attempt_at: d.nextAttemptAt,
          attempts: [...doc.attempts, attempt].slice(-ATTEMPTS_KEPT),
        };
      }
      case 'WebhookRedeliveryRequested':
        return { ...doc, status: 'pending', next_attempt_at: event.data.at };
      case 'WebhookDeliveryAbandoned':
        return { ...doc, status: 'abandoned', next_attempt_at: null, last_error: event.data.reason };
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  indexes: [
    ['endpoint_id', 'created_at'],
    ['status', 'next_attempt_at'],
  ],
};

export const webhookEndpointHealthProjection: Projection<WebhookEndpointHealthDoc> = {
  name: 'webhook-endpoint-health-v1',
  collection: webhookEndpointHealth.name,
  handles: ['WebhookEndpointCreated', 'WebhookEndpointUpdated', 'WebhookEndpointDeleted', 'WebhookDeliveryAttempted'],
  keyOf: (event: RecordedEvent) => (event.data as HealthEvent['data']).endpointId ?? null,
  fold(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as WebhookEndpointEvent | WebhookDeliveryEvent;
    switch (event.type) {
      case 'WebhookEndpointCreated':
        return { id: event.data.endpointId, user_id: event.data.userId, last_success_at: null, failing_since: null };
      case 'WebhookEndpointDeleted':
        return null;
      case 'WebhookEndpointUpdated':
        // Enabled again: its failures start counting afresh.
        return doc && event.data.changes.enabled === true ? { ...doc, failing_since: null } : doc;
      case 'WebhookDeliveryAttempted': {
        if (!doc) return null;
        const d = event.data;
        return d.ok ? { ...doc, last_success_at: d.at, failing_since: null } : { ...doc, failing_since: doc.failing_since ?? d.at };
      }
      case 'WebhookEndpointSecretRotated':
      case 'WebhookEndpointDisabled':
      case 'WebhookDeliveryScheduled':
      case 'WebhookDeliveryClaimed':
      case 'WebhookRedeliveryRequested':
      case 'WebhookDeliveryAbandoned':
        return doc;
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  indexes: [['failing_since']],
};
