/**
 * Admin controls on the embedded server (issue 29): a top-up of any amount with a note; a block
 * whose reason the customer is told; admins adding and removing admins, at least one always
 * remaining (even against two admins removing each other at once), each change in the audit log.
 */
import { io } from 'socket.io-client';
import {
  ACCOUNT_BLOCKED,
  accountMessages,
  adminMessages,
  blockedMessage,
  type AdminActionResponse,
  type AdminMember,
  type AuditPage,
} from '@walletscreen/contracts';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { ADMIN, startTestServer, type TestServer, expectAppendsNothing } from './support/server';

type Problem = { error: string; errors?: Record<string, string> };
const password = 'Tr0ub4dor&3-horse';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
}, 60_000);
afterAll(() => server.destroy());

async function signUp(email: string): Promise<{ id: string; token: string }> {
  expect((await server.api('POST', '/api/auth/register', { body: { email, password, username: 'Acme' } })).status).toBe(201);
  const res = await server.api<{ token: string }>('POST', '/api/auth/login', { body: { email, password } });
  expect(res.status).toBe(200);
  return { id: userIdForEmail(email), token: res.body.token };
}
const adminSignIn = async (email: string, pass = password) => {
  const res = await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: { email, password: pass } });
  expect(res.status).toBe(200);
  return res.body.token;
};
const audit = async (query: string) => {
  await server.projections.waitFor(await server.eventStore.headPosition());
  return (await server.api<AuditPage>('GET', `/api/admin/audit${query}`, { token: admin })).body;
};
const admins = async (token = admin) => (await server.api<AdminMember[]>('GET', '/api/admin/admins', { token })).body.map((a) => a.email);
const remove = (id: string, token: string, body: unknown = {}) =>
  server.api<AdminMember[] & Problem>('POST', `/api/admin/admins/${id}/remove`, { token, body });

describe('top-up of any amount with a note', () => {
  it('credits 250 checks and records the note and the admin, shown in the audit log', async () => {
    const eve = await signUp('eve@fund.example');
    const note = 'Goodwill for the outage on 27 November';
    const res = await server.api<AdminActionResponse>('POST', `/api/admin/topup/${eve.id}`, { token: admin, body: { amount: 250, reason: note } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ remaining_checks: 270, bonus_checks: 270, changed: true });
    const page = await audit(`?user=${eve.id}&type=ChecksToppedUp`);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ admin_email: ADMIN.email, data: { amount: 250, reason: note } });
  });

  it('refuses 10,001 with the shared message and changes nothing', async () => {
    const id = userIdForEmail('eve@fund.example');
    const res = await expectAppendsNothing(server, () =>
      server.api<Problem>('POST', `/api/admin/topup/${id}`, { token: admin, body: { amount: 10_001, reason: 'Too many' } }),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(adminMessages.amountInvalid);
  });
});

describe('a block with a reason', () => {
  it('tells the customer the reason when they sign in and when their session is refused; the default text is no reason', async () => {
    const max = await signUp('max@shop.example');
    const reason = 'Chargebacks under review: write to compliance@walletscreen.example';
    // An open page is told at once, over its socket.
    const socket = io(server.url.replace('localhost', '127.0.0.1'), {
      path: '/socket.io',
      auth: { token: max.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => (socket.once('connect', () => resolve()), socket.once('connect_error', reject)));
    const told = new Promise<{ message: string }>((resolve) => socket.once(ACCOUNT_BLOCKED, resolve));
    expect((await server.api('POST', `/api/admin/block-user/${max.id}`, { token: admin, body: { reason } })).status).toBe(200);
    const expected = `${accountMessages.blocked} Reason: ${reason}`;
    expect((await told).message).toBe(expected);
    socket.close();
    expect(blockedMessage(reason)).toBe(expected);

    const session = await server.api<Problem>('GET', '/api/profile', { token: max.token });
    expect(session.status).toBe(403);
    expect(session.body.error).toBe(expected);
    const signIn = await server.api<Problem>('POST', '/api/auth/login', { body: { email: 'max@shop.example', password } });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error).toBe(expected);

    // Blocked again without a reason after an unblock: the standing text alone.
    expect((await server.api('POST', `/api/admin/unblock-user/${max.id}`, { token: admin, body: {} })).status).toBe(200);
    expect((await server.api('POST', `/api/admin/block-user/${max.id}`, { token: admin, body: {} })).status).toBe(200);
    const again = await server.api<Problem>('POST', '/api/auth/login', { body: { email: 'max@shop.example', password } });
    expect(again.status).toBe(403);
    expect(again.body.error).toBe(accountMessages.blocked);
  });
});

describe('admins adding and removing admins', () => {
  const ADA = 'ada@walletscreen.test';
  const BEN = 'ben@walletscreen.test';
  const ADMIN_ID = userIdForEmail(ADMIN.email);

  it('lists the first admin with when they were added, recording nothing by listing', async () => {
    const listed = await expectAppendsNothing(server, () => server.api<AdminMember[]>('GET', '/api/admin/admins', { token: admin }));
    expect(listed.body).toEqual([{ id: ADMIN_ID, email: ADMIN.email, since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    const roster = await server.eventStore.readStream('admin-roster');
    expect(roster.map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([['AdminAdded', 'First admin, from ADMIN_EMAIL']]);
  });

  it('creates an admin account and promotes a customer, each recorded with the admin who did it', async () => {
    const created = await server.api<AdminMember[]>('POST', '/api/admin/admins', { token: admin, body: { email: ADA, username: 'Ada', password } });
    expect(created.status).toBe(201);
    expect(created.body.map((a) => a.email)).toEqual([ADA, ADMIN.email]);
    await adminSignIn(ADA);

    await signUp(BEN);
    const promoted = await server.api<AdminMember[]>('POST', '/api/admin/admins/promote', { token: admin, body: { email: BEN, reason: 'On call this month' } });
    expect(promoted.status).toBe(200);
    expect(await admins()).toEqual([ADA, ADMIN.email, BEN]);
    await adminSignIn(BEN);

    const added = await audit(`?type=AdminAdded&admin=${encodeURIComponent(ADMIN.email)}`);
    expect(added.items.map((e) => (e.data as { email: string }).email).sort()).toEqual([ADA, BEN]);
    const roles = await audit(`?user=${userIdForEmail(BEN)}&type=UserRoleChanged`);
    expect(roles.items[0]).toMatchObject({ admin_email: ADMIN.email, data: { role: 'admin', previousRole: 'user', reason: 'On call this month' } });
  });

  it('refuses an e-mail taken and an unknown one, changing nothing', async () => {
    const taken = await expectAppendsNothing(server, () =>
      server.api<Problem>('POST', '/api/admin/admins', { token: admin, body: { email: BEN, username: 'Ben', password } }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(adminMessages.emailTaken);
    const unknown = await expectAppendsNothing(server, () =>
      server.api<Problem>('POST', '/api/admin/admins/promote', { token: admin, body: { email: 'nobody@nowhere.example' } }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(adminMessages.noAccountWithEmail);
  });

  it('removes an admin (an ordinary user again), never oneself', async () => {
    const ben = userIdForEmail(BEN);
    const self = await expectAppendsNothing(server, () => remove(ADMIN_ID, admin));
    expect(self.status).toBe(409);
    expect(self.body.error).toBe(adminMessages.cannotRemoveSelf);

    const res = await remove(ben, admin, { reason: 'Rotation ended' });
    expect(res.status).toBe(200);
    expect(res.body.map((a) => a.email)).toEqual([ADA, ADMIN.email]);
    expect((await server.api('POST', '/api/admin/admin-login', { body: { email: BEN, password } })).status).toBe(401);
    expect((await server.api<{ role: string }>('POST', '/api/auth/login', { body: { email: BEN, password } })).status).toBe(200);
    const removed = await audit(`?type=AdminRemoved`);
    expect(removed.items[0]).toMatchObject({ admin_email: ADMIN.email, user_id: ben, data: { email: BEN, reason: 'Rotation ended' } });

    const notAdmin = await remove(ben, admin);
    expect(notAdmin.status).toBe(409);
    expect(notAdmin.body.error).toBe(adminMessages.notAnAdmin);
  });

  it('two admins removing each other at the same time leave one; the last admin cannot be removed', async () => {
    const ada = await adminSignIn(ADA);
    const [first, second] = await Promise.all([remove(userIdForEmail(ADA), admin), remove(ADMIN_ID, ada)]);
    // Decided one after the other on the roster: the second is by someone no longer an admin.
    expect([first.status, second.status].sort()).toEqual([200, 403]);
    const left = await server.api<AdminMember[]>('GET', '/api/admin/admins', { token: first.status === 200 ? admin : ada });
    expect(left.body).toHaveLength(1);
    const removedEvents = (await server.eventStore.readStream('admin-roster')).filter((e) => e.type === 'AdminRemoved');
    expect(removedEvents).toHaveLength(2); // Ben, then one of the two.

    // The one left cannot remove themselves: at least one admin remains.
    const survivor = left.body[0]!;
    const token = survivor.email === ADMIN.email ? admin : ada;
    const last = await expectAppendsNothing(server, () => remove(survivor.id, token));
    expect(last.status).toBe(409);
    expect(last.body.error).toBe(adminMessages.lastAdmin);
    expect(await admins(token)).toEqual([survivor.email]);
  });
});
