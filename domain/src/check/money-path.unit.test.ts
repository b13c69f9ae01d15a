/**
 * The money path across the two aggregates it touches, as facts: the user is charged (user
 * stream), the check is requested (its own stream), and either it completes, or it fails and the
 * charge is refunded; a charge whose check never started is swept (requested from the charge, or
 * refunded). Each step is the one decider's, given the events before it; no step charges or
 * refunds twice, however often it is retried.
 */
import { stageKeys, type WalletAnalysis } from '@walletscreen/contracts';
import { PaymentRequired } from '../errors';
import { deciderSpec } from '../../testing/decider-spec';
import { userDecider, type UserCommand } from '../user/decide';
import type { UserEvent } from '../user/events';
import { checkDecider, INCOMPLETE_REFUND_REASON, refundOwed, sweepCharge, type CheckCommand, type CheckRequest } from './decide';
import type { CheckEvent } from './events';

const user = deciderSpec(userDecider);
const check = deciderSpec(checkDecider);
const userId = 'u-1';
const checkId = '00000000-0000-4000-8000-000000000c01';
const t0 = '2026-11-27T10:00:00.000Z';
const t1 = '2026-11-27T10:00:01.000Z';
const t2 = '2026-11-27T10:00:09.000Z';
const asked = {
  input: 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m',
  address: 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m',
  chain: 'bitcoin',
  network: 'bitcoin' as const,
  idempotencyKey: 'key-0001',
};

const registered = (bonusChecks = 1): UserEvent => ({
  type: 'UserRegistered',
  data: { userId, email: 'officer@exchange.example', username: 'Officer', passwordHash: 'x', role: 'user', bonusChecks, at: t0 },
});
const charge = (): UserCommand => ({ type: 'ChargeCheck', data: { checkId, check: asked }, metadata: { now: t1 } });
const charged: UserEvent = { type: 'CheckCharged', data: { userId, checkId, source: 'bonus', check: asked, at: t1 } };
const refund = (reason: string): UserCommand => ({ type: 'RefundCheck', data: { checkId, reason }, metadata: { now: t2 } });
const refunded = (reason: string): UserEvent => ({ type: 'CheckRefunded', data: { userId, checkId, source: 'bonus', reason, at: t2 } });

const request: CheckRequest = {
  checkId,
  userId,
  input: asked.input,
  address: asked.address,
  chain: 'bitcoin',
  network: 'bitcoin',
  chargeSource: 'bonus',
  idempotencyKey: asked.idempotencyKey,
};
const requestCheck: CheckCommand = { type: 'RequestCheck', data: request, metadata: { now: t1 } };
const requested: CheckEvent = { type: 'WalletCheckRequested', data: { ...request, at: t1 } };
const stages: CheckEvent[] = stageKeys.map((key, i) => ({ type: 'WalletCheckStageCompleted', data: { checkId, stage: i + 1, key, evidence: {}, at: t2 } }));
const reason = 'The analysis could not be completed: the "blockchain" stage did not finish within 60 s';
const fail: CheckCommand = { type: 'FailCheck', data: { checkId, reason }, metadata: { now: t2 } };
const failed: CheckEvent = { type: 'WalletCheckFailed', data: { checkId, userId, reason, at: t2 } };
const result = { wallet_address: asked.address, risk_score: 10, risk_level: 'Low Risk', aml_status: 'Compliant' } as WalletAnalysis;

describe('the money path of a check', () => {
  it('charges the user once, recording what was asked with the charge', () => {
    user([registered()]).when(charge()).then([charged]);
    user([registered(), charged]).when(charge()).then([]);
  });

  it('charges nothing and refuses with no checks left, before anything is requested', () =>
    user([registered(0)])
      .when(charge())
      .thenThrows(PaymentRequired));

  it('requests the check after the charge, once', () => {
    check([]).when(requestCheck).then([requested]);
    check([requested]).when(requestCheck).then([]);
  });

  it('completes a check that ran its seven stages: the charge stands', () => {
    check([requested, ...stages])
      .when({ type: 'CompleteCheck', data: { checkId, result }, metadata: { now: t2 } })
      .then([{ type: 'WalletCheckCompleted', data: { checkId, userId, result, at: t2 } }]);
  });

  it('refunds a failed check once, to the balance it was charged to', () => {
    check([requested, stages[0]!]).when(fail).then([failed]);
    user([registered(), charged])
      .when(refund(reason))
      .then([refunded(reason)]);
    user([registered(), charged, refunded(reason)])
      .when(refund(reason))
      .then([]);
  });

  it('owes a refund for a failed check and for one that came back Incomplete, never for a verdict delivered', () => {
    const completed = (r: Partial<WalletAnalysis>): CheckEvent => ({
      type: 'WalletCheckCompleted',
      data: { checkId, userId, result: { ...result, ...r }, at: t2 },
    });
    expect(refundOwed(failed)).toEqual({ checkId, userId, reason });
    expect(refundOwed(completed({ risk_level: 'Incomplete', aml_status: 'Incomplete — data unavailable', missing_evidence: ['Blockchain data: …'] }))).toEqual({
      checkId,
      userId,
      reason: INCOMPLETE_REFUND_REASON,
    });
    // A finding with evidence missing is a verdict: High stands, and so does its charge.
    expect(refundOwed(completed({ risk_level: 'High Risk', aml_status: 'Non-compliant', missing_evidence: ['Blockchain data: …'] }))).toBeNull();
    expect(refundOwed(completed({}))).toBeNull();
    expect(refundOwed(requested)).toBeNull();
    expect(refundOwed(stages[0]!)).toBeNull();
    // The refund it owes is the user aggregate's, once.
    user([registered(), charged])
      .when(refund(INCOMPLETE_REFUND_REASON))
      .then([refunded(INCOMPLETE_REFUND_REASON)]);
  });

  it('never refunds a check that was not charged (a free re-screen, or a charge that never happened)', () =>
    user([registered()]).when(refund(reason)).then([]));

  it('sweeps a charge whose check never started into the request the API would have made, dated to the charge', () => {
    if (charged.type !== 'CheckCharged') throw new Error('a charge');
    const sweep = sweepCharge({ checkId, userId, source: charged.data.source, chargedAt: charged.data.at, check: charged.data.check ?? null });
    expect(sweep).toEqual({ kind: 'request', command: requestCheck });
    check([]).when(requestCheck).then([requested]);
    // The API got there first after all: the sweep records nothing.
    check([requested]).when(requestCheck).then([]);
  });

  it('sweeps a charge that recorded no request into its refund', () => {
    const sweep = sweepCharge({ checkId, userId, source: 'bonus', chargedAt: t1, check: null });
    expect(sweep).toEqual({ kind: 'refund', reason: 'The check could not be started' });
    if (sweep.kind !== 'refund') throw new Error('a refund');
    const chargedBlind: UserEvent = { type: 'CheckCharged', data: { userId, checkId, source: 'bonus', at: t1 } };
    user([registered(), chargedBlind])
      .when(refund(sweep.reason))
      .then([refunded(sweep.reason)]);
  });
});
