/** Credits are exact under concurrency: a check is charged once, never below zero, refunded once. */
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { customers } from '@walletscreen/projections/customers/queries';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.api('POST', '/api/auth/register', { body: { email: 'desk@otc.example', password: 'Otc-Desk-Passphrase', username: 'OTC Desk' } });
});
afterAll(() => server.destroy());
const userId = userIdForEmail('desk@otc.example');

it('charges 60 concurrent checks (with retried ids) against 20 checks: exactly 20 charged, none twice, balance 0', async () => {
  const ids = Array.from({ length: 60 }, (_, i) => `check-${i % 40}`);
  const results = await Promise.allSettled(ids.map((id) => server.accounts.chargeCheck(userId, id)));
  const charged = results.filter((r) => r.status === 'fulfilled' && r.value.charged).length;
  const refused = results.filter((r) => r.status === 'rejected');
  expect(charged).toBe(20);
  expect(refused.every((r) => r.reason.name === 'PaymentRequired')).toBe(true);
  const events = await server.eventStore.readStream(`user-${userId}`);
  const chargedIds = events.filter((e) => e.type === 'CheckCharged').map((e) => (e.data as { checkId: string }).checkId);
  expect(new Set(chargedIds).size).toBe(chargedIds.length);
  const user = await server.accounts.load(userId);
  expect(user.status === 'registered' && user.bonusChecks).toBe(0);
});

it('refunds each charged check once, concurrently, back to 20, and the Customers read model agrees', async () => {
  const events = await server.eventStore.readStream(`user-${userId}`);
  const chargedIds = events.filter((e) => e.type === 'CheckCharged').map((e) => (e.data as { checkId: string }).checkId);
  const refunds = await Promise.all([...chargedIds, ...chargedIds].map((id) => server.accounts.refundCheck(userId, id, 'analysis failed')));
  expect(refunds.filter(Boolean)).toHaveLength(20);
  const user = await server.accounts.load(userId);
  expect(user.status === 'registered' && user.bonusChecks).toBe(20);
  await server.projections.waitFor(await server.eventStore.headPosition());
  expect(await customers.get(server.readStore, userId)).toMatchObject({ remaining_checks: 20, bonus_checks: 20 });
  const profile = await server.api('POST', '/api/auth/login', { body: { email: 'desk@otc.example', password: 'Otc-Desk-Passphrase' } });
  const token = (profile.body as { token: string }).token;
  expect((await server.api('GET', '/api/profile', { token })).body).toMatchObject({ checks_left: 20, bonus_checks: 20 });
});
