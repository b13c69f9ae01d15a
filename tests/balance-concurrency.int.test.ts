/**
 * One customer's balance under a thousand concurrent operations: admin top-ups (some retried with
 * their key), purchases through the local payment provider (some confirmed twice) and wallet checks
 * (some retried with their key), all at once through HTTP. The balance the API, the user's stream
 * and the Customers read model show is the one the events say.
 */
import { randomUUID } from 'node:crypto';
import type { Customer } from '@walletscreen/contracts';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { importSanctionsList } from './support/sanctions';
import { ADMIN, startTestServer, type TestServer } from './support/server';

let replay: ReplayServer;
let server: TestServer;
beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({ BITCOIN_ESPLORA_URLS: `${replay.url}/api`, CHECK_WAIT_MS: '0' });
  // Checks that give a verdict keep their charge (an Incomplete one is refunded a moment after it completes).
  await importSanctionsList(server.eventStore);
}, 60_000);
afterAll(async () => {
  await server.destroy();
  await replay.close();
});

it('a thousand concurrent top-ups, purchases and checks on one customer end with the balance the events say', async () => {
  const email = 'busy.desk@exchange.example';
  const user = { email, password: 'Busy-Desk-Passphrase-7', username: 'Busy desk' };
  expect((await server.api('POST', '/api/auth/register', { body: user })).status).toBe(201);
  const token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
  const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
  const userId = userIdForEmail(email);

  // Checkout sessions are opened first (each is its own purchase); confirming them is what races.
  const sessions = await Promise.all(
    Array.from({ length: 100 }, async () => {
      const res = await server.api<{ checkout_url: string }>('POST', '/api/billing/create-subscription-session', { body: { price_id: 'starter' }, token });
      expect(res.status).toBe(200);
      return new URL(res.body.checkout_url, 'http://x').searchParams.get('session')!;
    }),
  );
  const topUpKeys = Array.from({ length: 300 }, () => randomUUID());
  const checkKeys = Array.from({ length: 450 }, () => randomUUID());

  const operations: Array<() => Promise<{ kind: string; status: number; key?: string }>> = [
    ...[...topUpKeys, ...topUpKeys.slice(0, 50)].map((key) => async () => ({
      kind: 'topup',
      status: (
        await server.api('POST', `/api/admin/topup/${userId}`, {
          token: admin,
          body: { amount: 1, reason: 'Load test top-up' },
          headers: { 'Idempotency-Key': key },
        })
      ).status,
    })),
    ...[...sessions, ...sessions.slice(0, 50)].map((session) => async () => ({
      kind: 'purchase',
      status: (await server.api('POST', '/api/billing/local/complete', { token, body: { session } })).status,
    })),
    ...[...checkKeys, ...checkKeys.slice(0, 50)].map((key) => async () => ({
      kind: 'check',
      key,
      status: (
        await server.api('POST', '/api/transactions/analyze-realtime', { token, body: { wallet_address: a.btcWallet }, headers: { 'Idempotency-Key': key } })
      ).status,
    })),
  ];
  expect(operations.length).toBeGreaterThanOrEqual(1000);
  // Interleaved, all in flight together.
  const shuffled = operations.map((op, i) => ({ op, k: (i * 7919) % operations.length })).sort((x, y) => x.k - y.k);
  const results = await Promise.all(shuffled.map(({ op }) => op()));

  // Every answer is a success, or (for a check) a refusal for want of checks at that moment.
  for (const r of results) {
    if (r.kind === 'check') expect([200, 202, 401]).toContain(r.status);
    else expect(r.status).toBe(200);
  }
  await server.analysis.drain();

  const events = await server.eventStore.readStream(`user-${userId}`);
  const ofType = (t: string) => events.filter((e) => e.type === t).map((e) => e.data as Record<string, unknown>);
  const topUps = ofType('ChecksToppedUp');
  const purchases = ofType('ChecksPurchased');
  const charges = ofType('CheckCharged');
  const refunds = ofType('CheckRefunded');
  // Each key and each session counted once.
  expect(topUps).toHaveLength(300);
  expect(purchases).toHaveLength(100);
  expect(new Set(purchases.map((p) => p.purchaseId)).size).toBe(100);
  expect(new Set(charges.map((c) => c.checkId)).size).toBe(charges.length);
  // One charge per accepted key: a key accepted twice (a retry) is one check.
  const acceptedKeys = new Set(results.filter((r) => r.kind === 'check' && r.status !== 401).map((r) => r.key));
  expect(charges).toHaveLength(acceptedKeys.size);

  const credited = 20 + topUps.reduce((s, t) => s + (t.amount as number), 0) + purchases.reduce((s, p) => s + (p.checks as number), 0);
  const expected = credited - charges.length + refunds.length;
  expect(credited).toBe(20 + 300 + 1000);
  expect(expected).toBeGreaterThanOrEqual(0);

  expect((await server.api<{ checks_left: number }>('GET', '/api/profile', { token })).body.checks_left).toBe(expected);
  await server.projections.waitFor(await server.eventStore.headPosition());
  const row = (await server.api<Customer[]>('GET', `/api/admin/customers?email=${encodeURIComponent(email)}`, { token: admin })).body.find(
    (c) => c.email === email,
  );
  expect(row?.remaining_checks).toBe(expected);

  // Every check that was charged ran to its end.
  const checks = await Promise.all(charges.map((c) => server.eventStore.readStream(`check-${c.checkId as string}`)));
  expect(checks.every((s) => s.at(-1)?.type === 'WalletCheckCompleted')).toBe(true);
}, 180_000);
