import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus, WebhookEventType } from '@walletscreen/contracts';
import type { RecordedEvent } from '@walletscreen/platform';
import type { Projection } from '../projection';

/** The delivery log: one document per webhook delivery, with its attempts and next attempt time. */
export const WEBHOOK_DELIVERIES = 'webhook_deliveries';
/** Each endpoint's health: when a delivery last succeeded, and since when every one has failed. */
export const WEBHOOK_ENDPOINT_HEALTH = 'webhook_endpoint_health';

export type WebhookDeliveryDoc = WebhookDelivery & { user_id: string };

export interface WebhookEndpointHealthDoc {
  id: string;
  user_id: string;
  last_success_at: string | null;
  /** The first failed attempt after the last success (or after the endpoint was enabled); null when not failing. */
  failing_since: string | null;
}

type Data = {
  deliveryId: string;
  userId: string;
  endpointId: string;
  eventType?: WebhookEventType;
  at: string;
  attempt?: number;
  ok?: boolean;
  statusCode?: number | null;
  durationMs?: number;
  error?: string | null;
  responseBody?: string | null;
  nextAttemptAt?: string | null;
  until?: string;
  changes?: { enabled?: boolean };
};

/** Attempts a delivery's document keeps (the newest ones). */
const ATTEMPTS_KEPT = 50;

export const webhookDeliveriesProjection: Projection<WebhookDeliveryDoc> = {
  name: 'webhook-deliveries-v1',
  collection: WEBHOOK_DELIVERIES,
  handles: ['WebhookDeliveryScheduled', 'WebhookDeliveryClaimed', 'WebhookDeliveryAttempted', 'WebhookRedeliveryRequested', 'WebhookDeliveryAbandoned'],
  keyOf: (event: RecordedEvent) => (event.data as Data).deliveryId ?? null,
  fold(doc, event) {
    const d = event.data as Data;
    if (event.type === 'WebhookDeliveryScheduled') {
      return {
        id: d.deliveryId,
        user_id: d.userId,
        endpoint_id: d.endpointId,
        event_type: d.eventType!,
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
    const status = (s: WebhookDeliveryStatus) => s;
    switch (event.type) {
      case 'WebhookDeliveryClaimed':
        return { ...doc, status: status('sending'), next_attempt_at: d.until ?? null };
      case 'WebhookDeliveryAttempted': {
        const attempt: WebhookAttempt = {
          attempt: d.attempt!,
          at: d.at,
          ok: d.ok === true,
          status_code: d.statusCode ?? null,
          duration_ms: d.durationMs ?? 0,
          error: d.error ?? null,
          response_body: d.responseBody ?? null,
        };
        return {
          ...doc,
          status: d.ok ? status('succeeded') : d.nextAttemptAt ? status('pending') : status('failed'),
          attempt_count: doc.attempt_count + 1,
          last_status_code: attempt.status_code,
          last_error: attempt.error,
          next_attempt_at: d.nextAttemptAt ?? null,
          attempts: [...doc.attempts, attempt].slice(-ATTEMPTS_KEPT),
        };
      }
      case 'WebhookRedeliveryRequested':
        return { ...doc, status: status('pending'), next_attempt_at: d.at };
      case 'WebhookDeliveryAbandoned':
        return { ...doc, status: status('abandoned'), next_attempt_at: null, last_error: (event.data as { reason?: string }).reason ?? doc.last_error };
      default:
        return doc;
    }
  },
  indexes: [
    ['endpoint_id', 'created_at'],
    ['status', 'next_attempt_at'],
  ],
};

export const webhookEndpointHealthProjection: Projection<WebhookEndpointHealthDoc> = {
  name: 'webhook-endpoint-health-v1',
  collection: WEBHOOK_ENDPOINT_HEALTH,
  handles: ['WebhookEndpointCreated', 'WebhookEndpointUpdated', 'WebhookEndpointDeleted', 'WebhookDeliveryAttempted'],
  keyOf: (event: RecordedEvent) => (event.data as Data).endpointId ?? null,
  fold(doc, event) {
    const d = event.data as Data;
    switch (event.type) {
      case 'WebhookEndpointCreated':
        return { id: d.endpointId, user_id: d.userId, last_success_at: null, failing_since: null };
      case 'WebhookEndpointDeleted':
        return null;
      case 'WebhookEndpointUpdated':
        // Enabled again: its failures start counting afresh.
        return doc && d.changes?.enabled === true ? { ...doc, failing_since: null } : doc;
      case 'WebhookDeliveryAttempted':
        if (!doc) return null;
        return d.ok ? { ...doc, last_success_at: d.at, failing_since: null } : { ...doc, failing_since: doc.failing_since ?? d.at };
      default:
        return doc;
    }
  },
  indexes: [['failing_since']],
};
