import type { CheckEvent, WalletCheckRequested } from './events';
import { progressOf } from './progress';
import { evolveCheck, type CheckState } from './state';

const request: WalletCheckRequested = {
  checkId: 'c-1',
  userId: 'u-1',
  input: ' bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m ',
  address: 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m',
  chain: 'bitcoin',
  network: 'bitcoin',
  chargeSource: 'bonus',
  at: '2026-11-22T06:00:00.000Z',
};

const replay = (...events: CheckEvent[]) => {
  const state = events.reduce<CheckState>(evolveCheck, { status: 'none' });
  if (state.status === 'none') throw new Error('no check');
  return state;
};

describe('the progress of a check', () => {
  it('carries the Idempotency-Key the check was requested with, so the browser can recognise it before it knows the id', () => {
    const state = replay(
      { type: 'WalletCheckRequested', data: { ...request, idempotencyKey: 'key-0001' } },
      { type: 'WalletCheckStageCompleted', data: { checkId: 'c-1', stage: 1, key: 'initialize', evidence: {}, at: request.at } },
    );
    expect(progressOf(state)).toEqual({
      check_id: 'c-1',
      status: 'running',
      wallet_address: request.address,
      network: 'bitcoin',
      idempotency_key: 'key-0001',
      stage: 1,
    });
  });

  it('has no idempotency_key for a check requested without one (or recorded before the key was kept)', () => {
    expect(progressOf(replay({ type: 'WalletCheckRequested', data: request }))).not.toHaveProperty('idempotency_key');
  });
});
