import { webhookMessages } from '@walletscreen/contracts';
import { deciderSpec } from '@walletscreen/domain/testing/decider-spec';
import { Conflict, NotFound } from '@walletscreen/domain/errors';
import {
  decideAbandon,
  decideClaim,
  decideRecordAttempt,
  decideRedeliver,
  decideSchedule,
  evolveDelivery,
  initialDeliveryState,
  RETRY_SCHEDULE_MS,
  type AttemptOutcome,
  type DeliveryState,
  type WebhookDeliveryEvent,
} from './delivery';

type Command =
  | { type: 'Schedule'; now: string }
  | { type: 'Claim'; claimId: string; now: string }
  | { type: 'Record'; claimId: string; outcome: AttemptOutcome; now: string }
  | { type: 'Redeliver'; userId: string; endpointEnabled: boolean; now: string }
  | { type: 'Abandon'; now: string };

const ids = { deliveryId: 'd1', userId: 'u1', endpointId: 'e1' };
const t0 = '2026-11-24T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(t0) + ms).toISOString();
const decide = (c: Command, s: DeliveryState): WebhookDeliveryEvent[] => {
  switch (c.type) {
    case 'Schedule':
      return decideSchedule({ ...ids, eventType: 'screening.completed', sourceEventId: 'ev1', body: '{}', at: c.now }, s);
    case 'Claim':
      return decideClaim({ claimId: c.claimId, timeoutMs: 10_000 }, s, c.now);
    case 'Record':
      return decideRecordAttempt({ claimId: c.claimId, outcome: c.outcome }, s, c.now);
    case 'Redeliver':
      return decideRedeliver({ userId: c.userId, endpointEnabled: c.endpointEnabled }, s, c.now);
    case 'Abandon':
      return decideAbandon({ reason: 'Not sent: the endpoint was deleted' }, s, c.now);
  }
};
const given = deciderSpec({ decide, evolve: evolveDelivery, initialState: initialDeliveryState });

const scheduled: WebhookDeliveryEvent = { type: 'WebhookDeliveryScheduled', data: { ...ids, eventType: 'screening.completed', sourceEventId: 'ev1', body: '{}', at: t0 } };
const claimed = (attempt: number, claimId: string, now: string): WebhookDeliveryEvent => ({
  type: 'WebhookDeliveryClaimed',
  data: { ...ids, attempt, claimId, until: new Date(Date.parse(now) + 15_000).toISOString(), at: now },
});
const failure: AttemptOutcome = { ok: false, statusCode: 503, durationMs: 12, error: 'HTTP 503', responseBody: null };
const success: AttemptOutcome = { ok: true, statusCode: 200, durationMs: 8, error: null, responseBody: 'ok' };
const attempted = (attempt: number, claimId: string, now: string, outcome: AttemptOutcome, nextAttemptAt: string | null): WebhookDeliveryEvent => ({
  type: 'WebhookDeliveryAttempted',
  data: { ...ids, attempt, claimId, ...outcome, nextAttemptAt, at: now },
});

describe('a webhook delivery', () => {
  it('is scheduled once, however often its event is handled', () => {
    given([]).when({ type: 'Schedule', now: t0 }).then([scheduled]);
    given([scheduled]).when({ type: 'Schedule', now: at(1) }).then([]);
  });

  it('is claimed when due, by one claim at a time; a claim lapses after the timeout and 5 s', () => {
    given([scheduled]).when({ type: 'Claim', claimId: 'c1', now: t0 }).then([claimed(1, 'c1', t0)]);
    given([scheduled, claimed(1, 'c1', t0)]).when({ type: 'Claim', claimId: 'c2', now: at(14_999) }).then([]);
    given([scheduled, claimed(1, 'c1', t0)]).when({ type: 'Claim', claimId: 'c2', now: at(15_000) }).then([claimed(1, 'c2', at(15_000))]);
  });

  it('is retried after 5 s, then 5 min, … for 12 attempts over about three days, then fails', () => {
    expect(RETRY_SCHEDULE_MS).toHaveLength(12);
    const total = RETRY_SCHEDULE_MS.reduce((s, v) => s + v, 0);
    expect(total / 86_400_000).toBeGreaterThan(3);
    expect(total / 86_400_000).toBeLessThan(3.5);
    given([scheduled, claimed(1, 'c1', t0)])
      .when({ type: 'Record', claimId: 'c1', outcome: failure, now: at(20) })
      .then([attempted(1, 'c1', at(20), failure, at(5_020))]);
    // The 12th failed attempt has no next one.
    const history: WebhookDeliveryEvent[] = [scheduled];
    let now = 0;
    for (let n = 1; n <= 11; n++) {
      history.push(claimed(n, `c${n}`, at(now)), attempted(n, `c${n}`, at(now), failure, at(now + RETRY_SCHEDULE_MS[n]!)));
      now += RETRY_SCHEDULE_MS[n]!;
    }
    history.push(claimed(12, 'c12', at(now)));
    given(history).when({ type: 'Record', claimId: 'c12', outcome: failure, now: at(now) }).then([attempted(12, 'c12', at(now), failure, null)]);
  });

  it('records only the outcome of the claim that holds it', () => {
    given([scheduled, claimed(1, 'c1', t0), claimed(1, 'c2', at(15_000))]).when({ type: 'Record', claimId: 'c1', outcome: success, now: at(16_000) }).then([]);
  });

  it('is redelivered on request, by its owner, only while its endpoint is enabled', () => {
    const done = [scheduled, claimed(1, 'c1', t0), attempted(1, 'c1', at(10), success, null)];
    given(done).when({ type: 'Redeliver', userId: 'u1', endpointEnabled: true, now: at(60_000) }).then([{ type: 'WebhookRedeliveryRequested', data: { ...ids, at: at(60_000) } }]);
    given(done).when({ type: 'Redeliver', userId: 'u2', endpointEnabled: true, now: at(60_000) }).thenThrows(NotFound, webhookMessages.deliveryNotFound);
    given(done).when({ type: 'Redeliver', userId: 'u1', endpointEnabled: false, now: at(60_000) }).thenThrows(Conflict, webhookMessages.endpointDisabled);
    given([scheduled]).when({ type: 'Redeliver', userId: 'u1', endpointEnabled: true, now: at(1) }).then([]);
  });

  it('is abandoned only while it would still be sent', () => {
    given([scheduled]).when({ type: 'Abandon', now: at(1) }).then([{ type: 'WebhookDeliveryAbandoned', data: { ...ids, reason: 'Not sent: the endpoint was deleted', at: at(1) } }]);
    given([scheduled, claimed(1, 'c1', t0), attempted(1, 'c1', at(10), success, null)]).when({ type: 'Abandon', now: at(20) }).then([]);
  });
});
