/**
 * One webhook delivery: one message to one endpoint, on its own stream `webhook-delivery-<id>`.
 * Scheduled from a domain event, claimed by one dispatcher at a time (an append with the expected
 * revision), attempted, retried on the back-off schedule, redelivered on request. Pure: the time,
 * the claim's id and the attempt's outcome come in with the command.
 */
import { webhookMessages, type WebhookDeliveryStatus, type WebhookEventType } from '@walletscreen/contracts';
import { Conflict, NotFound } from '@walletscreen/domain/errors';

export const webhookDeliveryStreamId = (deliveryId: string) => `webhook-delivery-${deliveryId}`;

/**
 * The wait before each attempt, after the previous one (the Standard Webhooks / Svix schedule,
 * then 10 to 14 h steps): 12 attempts over about three days.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  12 * 3_600_000,
  14 * 3_600_000,
  14 * 3_600_000,
];

/** The wait after `failedAttempts` failed attempts, or null when the schedule is over. */
export function retryDelayMs(failedAttempts: number): number | null {
  return failedAttempts < RETRY_SCHEDULE_MS.length ? RETRY_SCHEDULE_MS[failedAttempts]! : null;
}

/**
 * A claim lasts the attempt's timeout and this much more: should its dispatcher stop mid-attempt
 * (a crash), the delivery is due again once the claim has lapsed.
 */
export const CLAIM_MARGIN_MS = 5_000;

export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
}

export type WebhookDeliveryEvent =
  | {
      type: 'WebhookDeliveryScheduled';
      data: { deliveryId: string; userId: string; endpointId: string; eventType: WebhookEventType; sourceEventId: string; body: string; at: string };
    }
  | { type: 'WebhookDeliveryClaimed'; data: { deliveryId: string; userId: string; endpointId: string; attempt: number; claimId: string; until: string; at: string } }
  | {
      type: 'WebhookDeliveryAttempted';
      data: { deliveryId: string; userId: string; endpointId: string; attempt: number; claimId: string; nextAttemptAt: string | null; at: string } & AttemptOutcome;
    }
  | { type: 'WebhookRedeliveryRequested'; data: { deliveryId: string; userId: string; endpointId: string; at: string } }
  /** Not sent any more: its endpoint was deleted or disabled. */
  | { type: 'WebhookDeliveryAbandoned'; data: { deliveryId: string; userId: string; endpointId: string; reason: string; at: string } };

export const webhookDeliveryEventTypes: ReadonlySet<string> = new Set<WebhookDeliveryEvent['type']>([
  'WebhookDeliveryScheduled',
  'WebhookDeliveryClaimed',
  'WebhookDeliveryAttempted',
  'WebhookRedeliveryRequested',
  'WebhookDeliveryAbandoned',
]);

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

export const initialDeliveryState: DeliveryState = { status: 'none' };

export function evolveDelivery(state: DeliveryState, event: WebhookDeliveryEvent): DeliveryState {
  if (event.type === 'WebhookDeliveryScheduled') {
    const d = event.data;
    return { status: 'pending', deliveryId: d.deliveryId, userId: d.userId, endpointId: d.endpointId, eventType: d.eventType, body: d.body, createdAt: d.at, attempts: 0, failedInRow: 0, nextAttemptAt: d.at, claim: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'WebhookDeliveryClaimed':
      return { ...state, status: 'sending', claim: { claimId: event.data.claimId, until: event.data.until }, nextAttemptAt: event.data.until };
    case 'WebhookDeliveryAttempted': {
      const d = event.data;
      if (d.ok) return { ...state, status: 'succeeded', attempts: state.attempts + 1, failedInRow: 0, nextAttemptAt: null, claim: null };
      return { ...state, status: d.nextAttemptAt ? 'pending' : 'failed', attempts: state.attempts + 1, failedInRow: state.failedInRow + 1, nextAttemptAt: d.nextAttemptAt, claim: null };
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

export const webhookDeliveryAggregate = { initialState: initialDeliveryState, evolve: evolveDelivery, types: webhookDeliveryEventTypes };

type Scheduled = Exclude<DeliveryState, { status: 'none' }>;
const ids = (s: Scheduled) => ({ deliveryId: s.deliveryId, userId: s.userId, endpointId: s.endpointId });

export function decideSchedule(data: Extract<WebhookDeliveryEvent, { type: 'WebhookDeliveryScheduled' }>['data'], state: DeliveryState): WebhookDeliveryEvent[] {
  // A redelivered domain event schedules nothing twice.
  if (state.status !== 'none') return [];
  return [{ type: 'WebhookDeliveryScheduled', data }];
}

/** Whether the delivery is due at `now`: waiting and its time has come, or its claim has lapsed. */
export function isDue(state: DeliveryState, now: string): state is Scheduled {
  if (state.status !== 'pending' && state.status !== 'sending') return false;
  return state.nextAttemptAt !== null && state.nextAttemptAt <= now;
}

/** Claims the next attempt for one dispatcher, when it is due (nothing otherwise). */
export function decideClaim(data: { claimId: string; timeoutMs: number }, state: DeliveryState, now: string): WebhookDeliveryEvent[] {
  if (!isDue(state, now)) return [];
  const until = new Date(Date.parse(now) + data.timeoutMs + CLAIM_MARGIN_MS).toISOString();
  return [{ type: 'WebhookDeliveryClaimed', data: { ...ids(state), attempt: state.attempts + 1, claimId: data.claimId, until, at: now } }];
}

/** Records the attempt of the claim that made it (a lapsed claim whose delivery moved on records nothing). */
export function decideRecordAttempt(data: { claimId: string; outcome: AttemptOutcome }, state: DeliveryState, now: string): WebhookDeliveryEvent[] {
  if (state.status !== 'sending' || state.claim?.claimId !== data.claimId) return [];
  const wait = data.outcome.ok ? null : retryDelayMs(state.failedInRow + 1);
  const nextAttemptAt = wait === null ? null : new Date(Date.parse(now) + wait).toISOString();
  return [{ type: 'WebhookDeliveryAttempted', data: { ...ids(state), attempt: state.attempts + 1, claimId: data.claimId, ...data.outcome, nextAttemptAt, at: now } }];
}

export function decideRedeliver(data: { userId: string; endpointEnabled: boolean }, state: DeliveryState, now: string): WebhookDeliveryEvent[] {
  if (state.status === 'none' || state.userId !== data.userId) throw new NotFound(webhookMessages.deliveryNotFound);
  if (!data.endpointEnabled) throw new Conflict(webhookMessages.endpointDisabled);
  // Already waiting to be sent now (or being sent): nothing to add.
  if ((state.status === 'pending' && state.nextAttemptAt !== null && state.nextAttemptAt <= now) || state.status === 'sending') return [];
  return [{ type: 'WebhookRedeliveryRequested', data: { ...ids(state), at: now } }];
}

export function decideAbandon(data: { reason: string }, state: DeliveryState, now: string): WebhookDeliveryEvent[] {
  if (state.status !== 'pending' && state.status !== 'sending') return [];
  return [{ type: 'WebhookDeliveryAbandoned', data: { ...ids(state), reason: data.reason, at: now } }];
}
