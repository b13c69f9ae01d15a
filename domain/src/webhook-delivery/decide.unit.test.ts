import { webhookMessages } from '@walletscreen/contracts';
import { Conflict, NotFound } from '../errors';
import { deciderSpec } from '../../testing/decider-spec';
import { CLAIM_MARGIN_MS, RETRY_SCHEDULE_MS, retryDelayMs, webhookDeliveryDecider, type WebhookDeliveryCommand } from './decide';
import type { AttemptOutcome, WebhookDeliveryEvent } from './events';
import { evolveDelivery, initialDeliveryState, isDue } from './state';

const given = deciderSpec(webhookDeliveryDecider);

const ids = { deliveryId: 'd1', userId: 'u1', endpointId: 'e1' };
const t0 = '2026-11-24T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(t0) + ms).toISOString();

const schedule = (now: string): WebhookDeliveryCommand => ({
  type: 'ScheduleWebhookDelivery',
  data: { ...ids, eventType: 'screening.completed', sourceEventId: 'ev1', body: '{}' },
  metadata: { now },
});
const claim = (claimId: string, now: string): WebhookDeliveryCommand => ({
  type: 'ClaimWebhookDelivery',
  data: { claimId, timeoutMs: 10_000 },
  metadata: { now },
});
const record = (claimId: string, outcome: AttemptOutcome, now: string): WebhookDeliveryCommand => ({
  type: 'RecordWebhookAttempt',
  data: { claimId, outcome },
  metadata: { now },
});
const redeliver = (now: string, over: Partial<{ userId: string; endpointId: string; endpointEnabled: boolean }> = {}): WebhookDeliveryCommand => ({
  type: 'RedeliverWebhook',
  data: { userId: 'u1', endpointId: 'e1', endpointEnabled: true, ...over },
  metadata: { now },
});
const abandon = (now: string): WebhookDeliveryCommand => ({
  type: 'AbandonWebhookDelivery',
  data: { reason: 'Not sent: the endpoint was deleted' },
  metadata: { now },
});

const scheduled: WebhookDeliveryEvent = {
  type: 'WebhookDeliveryScheduled',
  data: { ...ids, eventType: 'screening.completed', sourceEventId: 'ev1', body: '{}', at: t0 },
};
const claimed = (attempt: number, claimId: string, now: string): WebhookDeliveryEvent => ({
  type: 'WebhookDeliveryClaimed',
  data: { ...ids, attempt, claimId, until: new Date(Date.parse(now) + 10_000 + CLAIM_MARGIN_MS).toISOString(), at: now },
});
const failure: AttemptOutcome = { ok: false, statusCode: 503, durationMs: 12, error: 'HTTP 503', responseBody: null };
const success: AttemptOutcome = { ok: true, statusCode: 200, durationMs: 8, error: null, responseBody: 'ok' };
const attempted = (attempt: number, claimId: string, now: string, outcome: AttemptOutcome, nextAttemptAt: string | null): WebhookDeliveryEvent => ({
  type: 'WebhookDeliveryAttempted',
  data: { ...ids, attempt, claimId, ...outcome, nextAttemptAt, at: now },
});
const succeeded = [scheduled, claimed(1, 'c1', t0), attempted(1, 'c1', at(10), success, null)];

describe('ScheduleWebhookDelivery', () => {
  it('is scheduled once, however often its event is handled', () => {
    given([]).when(schedule(t0)).then([scheduled]);
    given([scheduled])
      .when(schedule(at(1)))
      .then([]);
  });
  it('is due at once', () => expect(isDue([scheduled].reduce(evolveDelivery, initialDeliveryState), t0)).toBe(true));
});

describe('ClaimWebhookDelivery', () => {
  it('is claimed when due, by one claim at a time; a claim lapses after the timeout and 5 s', () => {
    given([scheduled])
      .when(claim('c1', t0))
      .then([claimed(1, 'c1', t0)]);
    given([scheduled, claimed(1, 'c1', t0)])
      .when(claim('c2', at(14_999)))
      .then([]);
    given([scheduled, claimed(1, 'c1', t0)])
      .when(claim('c2', at(15_000)))
      .then([claimed(1, 'c2', at(15_000))]);
  });
  it('claims nothing before the next attempt is due, nor once succeeded, nor never scheduled', () => {
    given([scheduled, claimed(1, 'c1', t0), attempted(1, 'c1', at(20), failure, at(5_020))])
      .when(claim('c2', at(5_019)))
      .then([]);
    given([scheduled, claimed(1, 'c1', t0), attempted(1, 'c1', at(20), failure, at(5_020))])
      .when(claim('c2', at(5_020)))
      .then([claimed(2, 'c2', at(5_020))]);
    given(succeeded)
      .when(claim('c2', at(60_000)))
      .then([]);
    given([]).when(claim('c1', t0)).then([]);
  });
});

describe('RecordWebhookAttempt', () => {
  it('is retried after 5 s, then 5 min, … for 12 attempts over about three days, then fails', () => {
    expect(RETRY_SCHEDULE_MS).toHaveLength(12);
    const total = RETRY_SCHEDULE_MS.reduce((s, v) => s + v, 0);
    expect(total / 86_400_000).toBeGreaterThan(3);
    expect(total / 86_400_000).toBeLessThan(3.5);
    expect(retryDelayMs(12)).toBeNull();
    given([scheduled, claimed(1, 'c1', t0)])
      .when(record('c1', failure, at(20)))
      .then([attempted(1, 'c1', at(20), failure, at(5_020))]);
    // The 12th failed attempt has no next one.
    const history: WebhookDeliveryEvent[] = [scheduled];
    let now = 0;
    for (let n = 1; n <= 11; n++) {
      history.push(claimed(n, `c${n}`, at(now)), attempted(n, `c${n}`, at(now), failure, at(now + RETRY_SCHEDULE_MS[n]!)));
      now += RETRY_SCHEDULE_MS[n]!;
    }
    history.push(claimed(12, 'c12', at(now)));
    given(history)
      .when(record('c12', failure, at(now)))
      .then([attempted(12, 'c12', at(now), failure, null)]);
  });
  it('records a success with no next attempt', () =>
    given([scheduled, claimed(1, 'c1', t0)])
      .when(record('c1', success, at(10)))
      .then([attempted(1, 'c1', at(10), success, null)]));
  it('records only the outcome of the claim that holds it', () => {
    given([scheduled, claimed(1, 'c1', t0), claimed(1, 'c2', at(15_000))])
      .when(record('c1', success, at(16_000)))
      .then([]);
    given([scheduled])
      .when(record('c1', success, at(16_000)))
      .then([]);
  });
});

describe('RedeliverWebhook', () => {
  it('is redelivered on request, by its owner, through its endpoint, only while the endpoint is enabled', () => {
    given(succeeded)
      .when(redeliver(at(60_000)))
      .then([{ type: 'WebhookRedeliveryRequested', data: { ...ids, at: at(60_000) } }]);
    given(succeeded)
      .when(redeliver(at(60_000), { userId: 'u2' }))
      .thenThrows(NotFound, webhookMessages.deliveryNotFound);
    given(succeeded)
      .when(redeliver(at(60_000), { endpointId: 'e2' }))
      .thenThrows(NotFound, webhookMessages.deliveryNotFound);
    given([])
      .when(redeliver(at(60_000)))
      .thenThrows(NotFound, webhookMessages.deliveryNotFound);
    given(succeeded)
      .when(redeliver(at(60_000), { endpointEnabled: false }))
      .thenThrows(Conflict, webhookMessages.endpointDisabled);
  });
  it('records nothing for a delivery waiting to be sent now, or being sent', () => {
    given([scheduled])
      .when(redeliver(at(1)))
      .then([]);
    given([scheduled, claimed(1, 'c1', t0)])
      .when(redeliver(at(1)))
      .then([]);
  });
  it('starts the back-off schedule afresh', () => {
    const failedOnce = [scheduled, claimed(1, 'c1', t0), attempted(1, 'c1', at(20), failure, at(5_020))];
    const requested: WebhookDeliveryEvent = { type: 'WebhookRedeliveryRequested', data: { ...ids, at: at(1_000) } };
    given(failedOnce)
      .when(redeliver(at(1_000)))
      .then([requested]);
    given([...failedOnce, requested, claimed(2, 'c2', at(1_000))])
      .when(record('c2', failure, at(1_100)))
      .then([attempted(2, 'c2', at(1_100), failure, at(6_100))]);
  });
});

describe('AbandonWebhookDelivery', () => {
  it('is abandoned only while it would still be sent', () => {
    given([scheduled])
      .when(abandon(at(1)))
      .then([{ type: 'WebhookDeliveryAbandoned', data: { ...ids, reason: 'Not sent: the endpoint was deleted', at: at(1) } }]);
    given(succeeded)
      .when(abandon(at(20)))
      .then([]);
    given([])
      .when(abandon(at(20)))
      .then([]);
  });
});
