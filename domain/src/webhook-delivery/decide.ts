/**
 * Webhook delivery commands decided over one delivery's state. Pure: the time, the claim's id and
 * the attempt's outcome come in on the command.
 * - a delivery is scheduled once, however often its domain event is handled;
 * - an attempt is claimed by one dispatcher at a time, when due; a claim lasts the attempt's
 *   timeout and CLAIM_MARGIN_MS, after which the delivery is due again (its dispatcher stopped);
 * - only the claim that holds it records its attempt; a failed one is retried on RETRY_SCHEDULE_MS,
 *   and after the last the delivery has failed;
 * - its owner may ask for it again, through its own endpoint, while that endpoint is enabled (to
 *   anyone else, or through another endpoint, it does not exist); a delivery waiting to be sent
 *   now records nothing;
 * - it is abandoned only while it would still be sent.
 */
import { plusMilliseconds, webhookMessages } from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import { Conflict, NotFound } from '../errors';
import { webhookDeliveryEvents, type AttemptOutcome, type WebhookDeliveryEvent, type WebhookDeliveryScheduled } from './events';
import { evolveDelivery, initialDeliveryState, isDue, type DeliveryState, type ScheduledDelivery } from './state';

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

export type WebhookDeliveryCommand =
  | { type: 'ScheduleWebhookDelivery'; data: Omit<WebhookDeliveryScheduled, 'at'>; metadata: CommandMetadata }
  | { type: 'ClaimWebhookDelivery'; data: { claimId: string; timeoutMs: number }; metadata: CommandMetadata }
  | { type: 'RecordWebhookAttempt'; data: { claimId: string; outcome: AttemptOutcome }; metadata: CommandMetadata }
  | { type: 'RedeliverWebhook'; data: { userId: string; endpointId: string; endpointEnabled: boolean }; metadata: CommandMetadata }
  | { type: 'AbandonWebhookDelivery'; data: { reason: string }; metadata: CommandMetadata };

const ids = (s: ScheduledDelivery) => ({ deliveryId: s.deliveryId, userId: s.userId, endpointId: s.endpointId });

export function decideWebhookDelivery(command: WebhookDeliveryCommand, state: DeliveryState): WebhookDeliveryEvent[] {
  const now = command.metadata.now;
  switch (command.type) {
    case 'ScheduleWebhookDelivery':
      // A redelivered domain event schedules nothing twice.
      if (state.status !== 'none') return [];
      return [{ type: 'WebhookDeliveryScheduled', data: { ...command.data, at: now } }];
    case 'ClaimWebhookDelivery': {
      if (!isDue(state, now)) return [];
      const until = plusMilliseconds(now, command.data.timeoutMs + CLAIM_MARGIN_MS);
      return [{ type: 'WebhookDeliveryClaimed', data: { ...ids(state), attempt: state.attempts + 1, claimId: command.data.claimId, until, at: now } }];
    }
    case 'RecordWebhookAttempt': {
      const { claimId, outcome } = command.data;
      if (state.status !== 'sending' || state.claim?.claimId !== claimId) return [];
      const wait = outcome.ok ? null : retryDelayMs(state.failedInRow + 1);
      const nextAttemptAt = wait === null ? null : plusMilliseconds(now, wait);
      return [{ type: 'WebhookDeliveryAttempted', data: { ...ids(state), attempt: state.attempts + 1, claimId, ...outcome, nextAttemptAt, at: now } }];
    }
    case 'RedeliverWebhook': {
      const d = command.data;
      if (state.status === 'none' || state.userId !== d.userId || state.endpointId !== d.endpointId) throw new NotFound(webhookMessages.deliveryNotFound);
      if (!d.endpointEnabled) throw new Conflict(webhookMessages.endpointDisabled);
      // Already waiting to be sent now (or being sent): nothing to add.
      if ((state.status === 'pending' && state.nextAttemptAt !== null && state.nextAttemptAt <= now) || state.status === 'sending') return [];
      return [{ type: 'WebhookRedeliveryRequested', data: { ...ids(state), at: now } }];
    }
    case 'AbandonWebhookDelivery':
      if (state.status !== 'pending' && state.status !== 'sending') return [];
      return [{ type: 'WebhookDeliveryAbandoned', data: { ...ids(state), reason: command.data.reason, at: now } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const webhookDeliveryDecider: Decider<DeliveryState, WebhookDeliveryCommand, WebhookDeliveryEvent> = {
  initialState: initialDeliveryState,
  evolve: evolveDelivery,
  decide: decideWebhookDelivery,
  types: webhookDeliveryEvents.typeSet,
};
