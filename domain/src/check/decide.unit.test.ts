import { stageKeys, type WalletAnalysis } from '@walletscreen/contracts';
import { Conflict, Invalid } from '../errors';
import { deciderSpec } from '../../testing/decider-spec';
import { checkDecider, checkMessages, sweepCharge, type CheckCommand, type CheckRequest } from './decide';
import { checkEvents, type CheckEvent } from './events';

const given = deciderSpec(checkDecider);
const now = '2026-11-27T10:00:00.000Z';
const later = '2026-11-27T10:00:05.000Z';
const checkId = '00000000-0000-4000-8000-000000000c01';
const userId = 'u-1';
const request: CheckRequest = {
  checkId,
  userId,
  input: ' bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m ',
  address: 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m',
  chain: 'bitcoin',
  network: 'bitcoin',
  chargeSource: 'bonus',
  idempotencyKey: 'key-0001',
};
const result = { wallet_address: request.address, risk_score: 12, risk_level: 'Low Risk', aml_status: 'Compliant' } as WalletAnalysis;

const requestCheck = (data: CheckRequest = request, at = now): CheckCommand => ({ type: 'RequestCheck', data, metadata: { now: at } });
const recordStage = (stage: number, key = stageKeys[stage - 1]!, evidence: unknown = { stage }): CheckCommand => ({
  type: 'RecordStage',
  data: { checkId, stage, key, evidence },
  metadata: { now: later },
});
const complete = (): CheckCommand => ({ type: 'CompleteCheck', data: { checkId, result }, metadata: { now: later } });
const fail = (reason = 'The analysis could not be completed: boom'): CheckCommand => ({
  type: 'FailCheck',
  data: { checkId, reason },
  metadata: { now: later },
});

const requested = (at = now): CheckEvent => ({ type: 'WalletCheckRequested', data: { ...request, at } });
const stageDone = (stage: number, evidence: unknown = { stage }): CheckEvent => ({
  type: 'WalletCheckStageCompleted',
  data: { checkId, stage, key: stageKeys[stage - 1]!, evidence, at: later },
});
const allStages = () => stageKeys.map((_, i) => stageDone(i + 1));
const completed = (): CheckEvent => ({ type: 'WalletCheckCompleted', data: { checkId, userId, result, at: later } });
const failed = (reason = 'The analysis could not be completed: boom'): CheckEvent => ({
  type: 'WalletCheckFailed',
  data: { checkId, userId, reason, at: later },
});

describe('requesting a check', () => {
  it('records the request, at the moment of the command', () => given([]).when(requestCheck()).then([requested()]));
  it('records nothing for the same request again (a retried call, or the sweeper racing the API)', () =>
    given([requested()]).when(requestCheck(request, later)).then([]));
  it('records nothing for the same wallet asked in other words (the input as typed may differ)', () =>
    given([requested()])
      .when(requestCheck({ ...request, input: request.address }))
      .then([]));
  it('refuses the same check id for another wallet', () =>
    given([requested()])
      .when(requestCheck({ ...request, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }))
      .thenThrows(Conflict, checkMessages.keyReused));
  it('refuses the same check id for another destination tag of an XRP address', () =>
    given([requested()])
      .when(requestCheck({ ...request, destinationTag: 7 }))
      .thenThrows(Conflict, checkMessages.keyReused));
  it('records nothing for a request once the check has settled', () =>
    given([requested(), ...allStages(), completed()])
      .when(requestCheck())
      .then([]));
});

describe('recording stages', () => {
  it('records the first stage with its evidence', () =>
    given([requested()])
      .when(recordStage(1))
      .then([stageDone(1)]));
  it('records the next stage after the ones recorded', () =>
    given([requested(), stageDone(1), stageDone(2)])
      .when(recordStage(3))
      .then([stageDone(3)]));
  it('records nothing for a stage recorded already (by another worker), whatever it found', () =>
    given([requested(), stageDone(1), stageDone(2)])
      .when(recordStage(2, 'blockchain', { other: true }))
      .then([]));
  it('refuses a stage past the next one', () =>
    given([requested(), stageDone(1)])
      .when(recordStage(3))
      .thenThrows(Invalid, checkMessages.stageOutOfOrder));
  it("refuses a stage under another stage's key", () => given([requested()]).when(recordStage(1, 'report')).thenThrows(Invalid, checkMessages.stageOutOfOrder));
  it('refuses a stage of a check never requested', () => given([]).when(recordStage(1)).thenThrows(Invalid, checkMessages.notRequested));
  it('records nothing once the check has failed', () =>
    given([requested(), stageDone(1), failed()])
      .when(recordStage(2))
      .then([]));
});

describe('the outcome', () => {
  it('completes a check whose seven stages are recorded, for its requester', () =>
    given([requested(), ...allStages()])
      .when(complete())
      .then([completed()]));
  it('refuses to complete a check with stages missing', () =>
    given([requested(), stageDone(1)])
      .when(complete())
      .thenThrows(Invalid, checkMessages.notAllStages));
  it('records the failure of a running check, for its requester (which refunds the charge)', () =>
    given([requested(), stageDone(1)])
      .when(fail())
      .then([failed()]));
  it('records nothing for a failure once the check completed: its outcome stands', () =>
    given([requested(), ...allStages(), completed()])
      .when(fail())
      .then([]));
  it('records nothing for a second failure, nor a completion after a failure', () => {
    given([requested(), failed()]).when(fail('again')).then([]);
    given([requested(), ...allStages(), failed()])
      .when(complete())
      .then([]);
  });
  it('refuses an outcome for a check never requested', () => {
    given([]).when(complete()).thenThrows(Invalid, checkMessages.notRequested);
    given([]).when(fail()).thenThrows(Invalid, checkMessages.notRequested);
  });
});

describe('every event the decider records has the shape the check aggregate declares', () => {
  it('parses with the events schema', () => {
    for (const e of [requested(), ...allStages(), completed(), failed()]) expect(checkEvents.schema.safeParse(e).success).toBe(true);
  });
});

describe('the charge sweeper (a charge whose check never started)', () => {
  const charge = {
    checkId,
    userId,
    source: 'purchased' as const,
    chargedAt: '2026-11-27T09:58:00.000Z',
    check: { input: request.input, address: request.address, chain: 'bitcoin', network: 'bitcoin', idempotencyKey: 'key-0001' },
  };

  it('requests the check from what the charge recorded, dated to the charge, exactly as the API would have', () => {
    const decision = sweepCharge(charge);
    expect(decision).toEqual({ kind: 'request', command: requestCheck({ ...request, chargeSource: 'purchased' }, charge.chargedAt) });
    if (decision.kind !== 'request') throw new Error('expected a request');
    given([])
      .when(decision.command)
      .then([{ type: 'WalletCheckRequested', data: { ...request, chargeSource: 'purchased', at: charge.chargedAt } }]);
  });

  it('records nothing when the API requested the check after all (same event id, same wallet)', () => {
    const decision = sweepCharge(charge);
    if (decision.kind !== 'request') throw new Error('expected a request');
    given([requested()]).when(decision.command).then([]);
  });

  it("keeps an X-address input's destination tag, as the API records it", () => {
    const xAddress = 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi';
    const decision = sweepCharge({ ...charge, check: { input: xAddress, address: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf', chain: 'xrp', network: 'xrp' } });
    expect(decision.kind === 'request' && decision.command.data).toMatchObject({ address: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf', destinationTag: 4294967295 });
  });

  it('refunds a charge that recorded no request', () =>
    expect(sweepCharge({ ...charge, check: null })).toEqual({ kind: 'refund', reason: 'The check could not be started' }));
});
