import type { RecordedEvent } from '@walletscreen/platform';
import type { Projection } from '../projection';
import { statsDailyProjection, type StatsDayDoc } from './stats-daily.projection';
import { walletsProjection, type WalletDoc } from './wallets.projection';

let position = 0;
const event = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${++position}`,
  type,
  data,
  metadata: {},
  streamId: 's',
  revision: 0,
  position,
  recordedAt: '',
});

/** Folds events in order as the runner does, key index included, into a map of documents. */
function foldAll<D extends object>(p: Projection<D>, events: RecordedEvent[]): Map<string, D> {
  const docs = new Map<string, D>();
  const index = new Map<string, string>();
  for (const e of events) {
    if (!p.handles.includes(e.type)) continue;
    const entry = p.keyIndex?.record(e);
    if (entry) index.set(entry.id, entry.key);
    const lookup = p.keyOf(e) === null ? p.keyIndex?.lookup(e) : null;
    const key = p.keyOf(e) ?? (lookup ? (index.get(lookup) ?? null) : null);
    if (key === null) continue;
    const next = p.fold(docs.get(key) ?? null, e);
    if (next) docs.set(key, next);
    else docs.delete(key);
  }
  return docs;
}

const requested = (checkId: string, userId: string, address: string, at: string, network = 'bitcoin') =>
  event('WalletCheckRequested', { checkId, userId, input: address, address, chain: network, network, chargeSource: 'bonus', at });
const completed = (checkId: string, userId: string, score: number, level: string, at: string) =>
  event('WalletCheckCompleted', {
    checkId,
    userId,
    result: { risk_score: score, risk_level: level, aml_status: score > 60 ? 'Non-compliant' : 'Compliant' },
    at,
  });
const failed = (checkId: string, userId: string, at: string) => event('WalletCheckFailed', { checkId, userId, reason: 'provider down', at });
const refunded = (checkId: string, userId: string, at: string) => event('CheckRefunded', { userId, checkId, source: 'bonus', reason: 'failed', at });
/** A paid Stripe purchase by default; `payment` makes it a test payment (marked, or from before the mark a local one). */
const purchased = (
  userId: string,
  amount: number,
  checks: number,
  at: string,
  currency = 'USD',
  payment: { provider: 'stripe' | 'local'; test?: boolean } = { provider: 'stripe', test: false },
) =>
  event('ChecksPurchased', {
    userId,
    purchaseId: `p${position}`,
    planId: 'pro',
    planName: 'Pro',
    checks,
    amount,
    currency,
    ...payment,
    providerRef: 'r',
    expiresAt: '2027-01-01T00:00:00.000Z',
    at,
  });

describe('wallets projection', () => {
  it('counts the checks and distinct customers of each address and keeps its latest completed outcome', () => {
    const docs = foldAll(walletsProjection, [
      requested('c1', 'alice', 'bc1qa', '2026-03-01T10:00:00.000Z'),
      completed('c1', 'alice', 20, 'Low Risk', '2026-03-01T10:00:05.000Z'),
      requested('c2', 'bob', 'bc1qa', '2026-03-02T10:00:00.000Z'),
      requested('c3', 'alice', 'bc1qa', '2026-03-03T10:00:00.000Z'),
      completed('c3', 'alice', 85, 'high risk', '2026-03-03T10:00:05.000Z'),
      failed('c2', 'bob', '2026-03-03T11:00:00.000Z'),
      requested('c4', 'bob', '0xabc', '2026-03-04T10:00:00.000Z', 'ethereum'),
    ]);
    expect([...docs.keys()].sort()).toEqual(['bitcoin:bc1qa', 'ethereum:0xabc']);
    expect(docs.get('bitcoin:bc1qa')).toEqual<WalletDoc>({
      id: 'bitcoin:bc1qa',
      network: 'bitcoin',
      chain: 'bitcoin',
      address: 'bc1qa',
      checks: 3,
      completed: 2,
      failed: 1,
      customers: 2,
      customer_ids: ['alice', 'bob'],
      first_checked_at: '2026-03-01T10:00:00.000Z',
      last_checked_at: '2026-03-03T10:00:00.000Z',
      latest_check_id: 'c3',
      latest_score: 85,
      latest_level: 'High Risk',
      latest_aml_status: 'Non-compliant',
      latest_at: '2026-03-03T10:00:05.000Z',
    });
    expect(docs.get('ethereum:0xabc')).toMatchObject({ checks: 1, customers: 1, latest_score: null, latest_level: null });
  });

  it('passes over a completion whose request it never saw', () => {
    expect(foldAll(walletsProjection, [completed('ghost', 'alice', 10, 'Low Risk', '2026-03-01T10:00:00.000Z')]).size).toBe(0);
    expect(walletsProjection.fold(null, completed('ghost', 'alice', 10, 'Low Risk', '2026-03-01T10:00:00.000Z'))).toBeNull();
  });

  it('keys a check by its network as well as its address', () => {
    const docs = foldAll(walletsProjection, [
      requested('c1', 'a', '0xabc', '2026-03-01T10:00:00.000Z', 'ethereum'),
      requested('c2', 'a', '0xabc', '2026-03-01T10:00:00.000Z', 'polygon'),
    ]);
    expect(docs.size).toBe(2);
  });
});

describe('daily stats projection', () => {
  it('counts checks, outcomes, refunds, purchases and revenue per UTC day, in cents, with each customer of the day; test payments apart', () => {
    const docs = foldAll(statsDailyProjection, [
      requested('c1', 'alice', 'bc1qa', '2026-03-01T23:59:59.000Z'),
      completed('c1', 'alice', 20, 'Low Risk', '2026-03-02T00:00:01.000Z'),
      purchased('alice', 49.9, 100, '2026-03-02T08:00:00.000Z'),
      purchased('bob', 0.1, 1, '2026-03-02T09:00:00.000Z'),
      purchased('bob', 0.2, 1, '2026-03-02T09:30:00.000Z', 'usd'),
      // Test payments: Stripe in test mode, the local provider (marked), and a local one recorded before the mark.
      purchased('carol', 99, 250, '2026-03-02T09:40:00.000Z', 'USD', { provider: 'stripe', test: true }),
      purchased('carol', 49.9, 100, '2026-03-02T09:41:00.000Z', 'USD', { provider: 'local', test: true }),
      purchased('bob', 9.99, 10, '2026-03-02T09:42:00.000Z', 'USD', { provider: 'local' }),
      requested('c2', 'bob', 'bc1qb', '2026-03-02T10:00:00.000Z'),
      failed('c2', 'bob', '2026-03-02T10:01:00.000Z'),
      refunded('c2', 'bob', '2026-03-02T10:01:01.000Z'),
      requested('c3', 'bob', 'bc1qc', '2026-03-02T11:00:00.000Z'),
      completed('c3', 'bob', 90, 'High Risk', '2026-03-02T11:00:05.000Z'),
      completed('c4', 'bob', 50, 'whatever', '2026-03-02T12:00:00.000Z'),
    ]);
    expect(docs.get('2026-03-01')).toMatchObject({
      day: '2026-03-01',
      month: '2026-03',
      checks: 1,
      completed: 0,
      customers: { alice: { checks: 1, purchases: 0, revenue_cents: {} } },
    });
    expect(docs.get('2026-03-02')).toEqual<StatsDayDoc>({
      id: '2026-03-02',
      day: '2026-03-02',
      month: '2026-03',
      checks: 2,
      completed: 3,
      failed: 1,
      refunds: 1,
      purchases: 3,
      checks_purchased: 102,
      // 0.1 + 0.2 is exactly 30 cents.
      revenue_cents: { USD: 5020 },
      // Never revenue, nor a purchase, nor a paying customer (carol is not a customer of the day).
      test_purchases: 3,
      test_amount_cents: { USD: 9900 + 4990 + 999 },
      risk: { low: 1, medium: 0, high: 1, unknown: 1 },
      customers: {
        alice: { checks: 0, purchases: 1, revenue_cents: { USD: 4990 } },
        bob: { checks: 2, purchases: 2, revenue_cents: { USD: 30 } },
      },
    });
  });

  it('ignores events without a moment', () => {
    expect(statsDailyProjection.keyOf(event('CheckRefunded', { userId: 'a', checkId: 'c' }))).toBeNull();
  });
});
