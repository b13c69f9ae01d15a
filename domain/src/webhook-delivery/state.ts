/** A webhook delivery's state, folded from its stream `webhook-delivery-<deliveryId>`. */
import type { WebhookDeliveryStatus, WebhookEventType } from '@walletscreen/contracts';
import type { WebhookDeliveryEvent } from './events';

export type DeliveryState =
  | { status: 'none' }
  | {
      status: WebhookDeliveryStatus;
      deliveryId: string;
      userId: string;
      endpointId: string;
      eventType: WebhookEventType;
      body: string;
      createdAt: string;
      /** Attempts made so far (all of them, redeliveries included). */
      attempts: number;
      /** Failed attempts since the last (re)scheduling: where the back-off schedule stands. */
      failedInRow: number;
      nextAttemptAt: string | null;
      claim: { claimId: string; until: string } | null;
    };
export type ScheduledDelivery = Exclude<DeliveryState, { status: 'none' }>;

export const initialDeliveryState: DeliveryState = { status: 'none' };

export function evolveDelivery(state: DeliveryState, event: WebhookDeliveryEvent): DeliveryState {
  if (event.type === 'WebhookDeliveryScheduled') {
    const d = event.data;
    return {
      status: 'pending',
      deliveryId: d.deliveryId,
      userId: d.userId,
      endpointId: d.endpointId,
      eventType: d.eventType,
      body: d.body,
      createdAt: d.at,
      attempts: 0,
      failedInRow: 0,
      nextAttemptAt: d.at,
      claim: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'WebhookDeliveryClaimed':
      return { ...state, status: 'sending', claim: { claimId: event.data.claimId, until: event.data.until }, nextAttemptAt: event.data.until };
    case 'WebhookDeliveryAttempted': {
      const d = event.data;
      if (d.ok) return { ...state, status: 'succeeded', attempts: state.attempts + 1, failedInRow: 0, nextAttemptAt: null, claim: null };
      return {
        ...state,
        status: d.nextAttemptAt ? 'pending' : 'failed',
        attempts: state.attempts + 1,
        failedInRow: state.failedInRow + 1,
        nextAttemptAt: d.nextAttemptAt,
        claim: null,
      };
    }
    case 'WebhookRedeliveryRequested':
      return { ...state, status: 'pending', failedInRow: 0, nextAttemptAt: event.data.at, claim: null };
    case 'WebhookDeliveryAbandoned':
      return { ...state, status: 'abandoned', nextAttemptAt: null, claim: null };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** Whether the delivery is due at `now`: waiting and its time has come, or its claim has lapsed. */
export function isDue(state: DeliveryState, now: string): state is ScheduledDelivery {
  if (state.status !== 'pending' && state.status !== 'sending') return false;
  return state.nextAttemptAt !== null && state.nextAttemptAt <= now;
}
