/**
 * Balances stay exact under load: 10 users each send 25 checks at once, every key twice
 * (a browser retry racing its first try), against 20 checks each. Through HTTP on the real server.
 */
import { randomUUID } from 'node:crypto';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { customers } from '@walletscreen/projections/customers/queries';
import { importSanctionsList } from './support/sanctions';
import { startTestServer, type TestServer } from './support/server';

let replay: ReplayServer;
let server: TestServer;
beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({ BITCOIN_ESPLORA_URLS: `${replay.url}/api`, CHECK_WAIT_MS: '30000' });
  // Checks that give a verdict keep their charge (an Incomplete one would be refunded).
  await importSanctionsList(server.eventStore);
});
afterAll(async () => {
  await server.destroy();
  await replay.close();
});

it('200 checks by 10 users with retried keys: each user charged exactly 20 times, none twice, balances 0 everywhere', async () => {
  const users = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const user = { email: `desk${i}@load.example`, password: 'Load-Passphrase-42', username: `Desk ${i}` };
      await server.api('POST', '/api/auth/register', { body: user });
      const token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
      return { ...user, token, keys: Array.from({ length: 25 }, () => randomUUID()) };
    }),
  );

  const sends = users.flatMap((u) => [...u.keys, ...u.keys].map((key) => ({ u, key })));
  const answers = await Promise.all(
    sends.map(async ({ u, key }) => {
      const res = await server.api<{ check_id?: string; status?: string; require_premium?: boolean }>('POST', '/api/transactions/analyze-realtime', {
        token: u.token,
        body: { wallet_address: a.btcWallet },
        headers: { 'Idempotency-Key': key },
      });
      return { email: u.email, key, status: res.status, body: res.body };
    }),
  );

  for (const u of users) {
    const mine = answers.filter((r) => r.email === u.email);
    const completed = new Set(mine.filter((r) => r.status === 200).map((r) => r.key));
    const refused = new Set(mine.filter((r) => r.status === 401).map((r) => r.key));
    // Both sends of a key agree, every key is either a completed check or refused for want of checks.
    expect(mine.every((r) => r.status === 200 || (r.status === 401 && r.body.require_premium === true))).toBe(true);
    expect(completed.size).toBe(20);
    expect(refused.size).toBe(5);
    expect([...completed].some((k) => refused.has(k))).toBe(false);
    const ids = new Set(mine.filter((r) => r.status === 200).map((r) => r.body.check_id));
    expect(ids.size).toBe(20);

    const events = await server.eventStore.readStream(`user-${userIdForEmail(u.email)}`);
    const charged = events.filter((e) => e.type === 'CheckCharged').map((e) => (e.data as { checkId: string }).checkId);
    expect(charged).toHaveLength(20);
    expect(new Set(charged)).toEqual(ids);
    expect(events.some((e) => e.type === 'CheckRefunded')).toBe(false);
    expect((await server.api<{ checks_left: number }>('GET', '/api/profile', { token: u.token })).body.checks_left).toBe(0);
  }

  await server.projections.waitFor(await server.eventStore.headPosition());
  for (const u of users) {
    expect(await customers.get(server.readStore, userIdForEmail(u.email))).toMatchObject({ remaining_checks: 0, bonus_checks: 0 });
    const history = await server.api<unknown[]>('GET', '/api/transactions/history?limit=100', { token: u.token });
    expect(history.body).toHaveLength(20);
  }
}, 120_000);
