/**
 * The admin calls on the embedded server: top-up, block and unblock (each recorded on the user's
 * stream with the admin and the reason), and every user's checks with their e-mail.
 */
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  ACCOUNT_BLOCKED,
  accountBlockedMessageSchema,
  accountMessages,
  ADMIN_TOPUP_REASON,
  adminMessages,
  type AdminActionResponse,
  type Customer,
} from '@walletscreen/contracts';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { ADMIN, startTestServer, type TestServer, expectAppendsNothing } from './support/server';

type Problem = { error: string; errors?: Record<string, string> };
type Row = { id: string; wallet_address: string; user_email: string; risk_level: string; created_at_iso: string };
const password = 'Tr0ub4dor&3-horse';
const POLYGON = ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xa7e9eFD6dC321B669Dd2533a29735C6a5d56eB45', '0x6977dC8d3c64B877e491270f4821a519fCFb70D4'];

let server: TestServer;
let admin: string;

beforeAll(async () => {
  // The blockchain source cannot be reached: checks complete quickly and say so.
  server = await startTestServer({
    BLOCKSCOUT_POLYGON_URL: 'http://127.0.0.1:9/polygon',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
  });
  admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
}, 60_000);
afterAll(() => server.destroy());

async function signUp(email: string): Promise<{ id: string; token: string }> {
  expect((await server.api('POST', '/api/auth/register', { body: { email, password, username: 'Acme' } })).status).toBe(201);
  return { id: userIdForEmail(email), token: await signIn(email) };
}
async function signIn(email: string): Promise<string> {
  const res = await server.api<{ token: string }>('POST', '/api/auth/login', { body: { email, password } });
  expect(res.status).toBe(200);
  return res.body.token;
}
const checksLeft = async (token: string) => (await server.api<{ checks_left: number }>('GET', '/api/profile', { token })).body.checks_left;
const customer = async (email: string) =>
  (await server.api<Customer[]>('GET', `/api/admin/customers?email=${encodeURIComponent(email)}`, { token: admin })).body.find((c) => c.email === email);
const topUp = (id: string, body: unknown, headers: Record<string, string> = {}, token = admin) =>
  server.api<AdminActionResponse & Problem>('POST', `/api/admin/topup/${id}`, { token, body, headers });
const check = (token: string, wallet_address: string) =>
  server.api<Problem & { status: string }>('POST', '/api/transactions/analyze-realtime', {
    token,
    body: { wallet_address, network: 'polygon' },
    headers: { 'Idempotency-Key': randomUUID() },
  });

/** Asserts the call appended nothing to the event store. */
const appendsNothing = <T>(call: () => Promise<T>) => expectAppendsNothing(server, call);

describe('top-up', () => {
  it('credits 10 bonus checks, records the admin and the reason, and the customers list shows it at once', async () => {
    const ana = await signUp('ana@bank.example');
    expect(await checksLeft(ana.token)).toBe(20);
    const res = await topUp(ana.id, { amount: 10, reason: ADMIN_TOPUP_REASON });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: ana.id,
      email: 'ana@bank.example',
      role: 'user',
      remaining_checks: 30,
      bonus_checks: 30,
      changed: true,
      suspended_api_keys: 0,
    });
    expect(await checksLeft(ana.token)).toBe(30);
    expect(await customer('ana@bank.example')).toMatchObject({ remaining_checks: 30, bonus_checks: 30 });
    const events = await server.eventStore.readStream(`user-${ana.id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'ChecksToppedUp',
      data: { userId: ana.id, amount: 10, reason: ADMIN_TOPUP_REASON, by: { userId: userIdForEmail(ADMIN.email), email: ADMIN.email } },
    });
  });

  it('applies a top-up retried with the same Idempotency-Key once', async () => {
    const id = userIdForEmail('ana@bank.example');
    const key = randomUUID();
    const first = await topUp(id, { amount: 5, reason: 'goodwill' }, { 'Idempotency-Key': key });
    expect(first.body).toMatchObject({ remaining_checks: 35, changed: true });
    await appendsNothing(async () => {
      const again = await topUp(id, { amount: 5, reason: 'goodwill' }, { 'Idempotency-Key': key });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ remaining_checks: 35, changed: false });
      const other = await topUp(id, { amount: 6, reason: 'goodwill' }, { 'Idempotency-Key': key });
      expect(other.status).toBe(409);
    });
    expect((await customer('ana@bank.example'))!.remaining_checks).toBe(35);
  });

  it('answers bad input 400 with per-field messages, appending nothing', async () => {
    const id = userIdForEmail('ana@bank.example');
    await appendsNothing(async () => {
      for (const amount of [0, -5, 2.5, 10_001, '10', null]) {
        const res = await topUp(id, { amount, reason: 'x' });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual({ amount: adminMessages.amountInvalid });
      }
      const noReason = await topUp(id, { amount: 10, reason: '   ' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual({ reason: adminMessages.reasonRequired });
      expect((await topUp(id, { amount: 10, reason: 'x'.repeat(501) })).body.errors).toEqual({ reason: adminMessages.reasonTooLong });
      expect((await topUp(id, { amount: 10, reason: 'x' }, { 'Idempotency-Key': 'short' })).status).toBe(400);
      expect((await topUp(randomUUID(), { amount: 10, reason: 'x' })).status).toBe(404);
      expect((await topUp('not-an-id', { amount: 10, reason: 'x' })).status).toBe(404);
    });
  });

  it('refuses non-admins 403 and anonymous callers 401, appending nothing', async () => {
    const bob = await signUp('bob@fund.example');
    await appendsNothing(async () => {
      expect((await topUp(bob.id, { amount: 10, reason: 'x' }, {}, bob.token)).status).toBe(403);
      expect((await server.api('POST', `/api/admin/topup/${bob.id}`, { body: { amount: 10, reason: 'x' } })).status).toBe(401);
      expect((await server.api('POST', `/api/admin/block-user/${bob.id}`, { token: bob.token })).status).toBe(403);
      expect((await server.api('POST', `/api/admin/unblock-user/${bob.id}`, { token: bob.token })).status).toBe(403);
      expect((await server.api('GET', '/api/admin/transactions', { token: bob.token })).status).toBe(403);
    });
  });
});

describe('block and unblock', () => {
  it('stops a blocked user at once: their open token, sign-in and checks are refused; unblock lets them sign in again, and never revives a session the block ended', async () => {
    const eve = await signUp('eve@otc.example');
    const other = await signIn('eve@otc.example');
    expect((await server.api('GET', '/api/profile', { token: eve.token })).status).toBe(200);

    const blocked = await server.api<AdminActionResponse>('POST', `/api/admin/block-user/${eve.id}`, { token: admin });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ role: 'blocked', changed: true });
    expect((await customer('eve@otc.example'))!.role).toBe('blocked');
    const stream = await server.eventStore.readStream(`user-${eve.id}`);
    expect(stream.at(-1)).toMatchObject({
      type: 'UserRoleChanged',
      data: { role: 'blocked', previousRole: 'user', reason: 'Blocked from admin panel', by: { email: ADMIN.email } },
    });

    expect((await server.api('GET', '/api/profile', { token: eve.token })).status).toBe(403);
    expect((await server.api('GET', '/api/transactions/history', { token: other })).status).toBe(403);
    await appendsNothing(async () => {
      expect((await check(eve.token, POLYGON[0]!)).status).toBe(403);
      expect((await server.api('POST', '/api/auth/login', { body: { email: 'eve@otc.example', password } })).status).toBe(403);
    });
    // Blocking again changes nothing.
    await appendsNothing(async () =>
      expect((await server.api<AdminActionResponse>('POST', `/api/admin/block-user/${eve.id}`, { token: admin })).body.changed).toBe(false),
    );

    const unblocked = await server.api<AdminActionResponse>('POST', `/api/admin/unblock-user/${eve.id}`, {
      token: admin,
      body: { reason: 'Identity confirmed' },
    });
    expect(unblocked.body).toMatchObject({ role: 'user', changed: true });
    expect((await customer('eve@otc.example'))!.role).toBe('user');
    expect((await server.eventStore.readStream(`user-${eve.id}`)).at(-1)).toMatchObject({
      data: { role: 'user', previousRole: 'blocked', reason: 'Identity confirmed' },
    });
    // The block ended every session: the tokens issued before it stay refused; a new sign-in works.
    expect((await server.api('GET', '/api/profile', { token: eve.token })).status).toBe(401);
    expect((await server.api('GET', '/api/profile', { token: other })).status).toBe(401);
    const again = await signIn('eve@otc.example');
    expect((await server.api('GET', '/api/profile', { token: again })).status).toBe(200);
  });

  it("tells the blocked user's open sockets why at once, closes them, and refuses a new one; other users' sockets stay", async () => {
    const zoe = await signUp('zoe@desk.example');
    const bystander = await signUp('sam@desk.example');
    const base = server.url.replace('localhost', '127.0.0.1');
    const connect = async (token: string): Promise<Socket> => {
      const socket = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };
    // Two tabs of the same user, and someone else.
    const tabs = [await connect(zoe.token), await connect(await signIn('zoe@desk.example'))];
    const other = await connect(bystander.token);
    const told = tabs.map(
      (socket) =>
        new Promise<{ message: unknown; reason: string }>((resolve) => {
          let message: unknown;
          socket.on(ACCOUNT_BLOCKED, (m: unknown) => (message = m));
          socket.on('disconnect', (reason) => resolve({ message, reason }));
        }),
    );
    const otherTold: unknown[] = [];
    other.on(ACCOUNT_BLOCKED, (m: unknown) => otherTold.push(m));

    expect((await server.api('POST', `/api/admin/block-user/${zoe.id}`, { token: admin })).status).toBe(200);
    for (const { message, reason } of await Promise.all(told)) {
      expect(accountBlockedMessageSchema.parse(message)).toEqual({ message: accountMessages.blocked, at: expect.any(String) });
      // Closed by the server: socket.io's client does not reconnect after this.
      expect(reason).toBe('io server disconnect');
    }
    expect(other.connected).toBe(true);
    expect(otherTold).toEqual([]);

    // A new connection with the same token is refused with the reason.
    const again = io(base, { path: '/socket.io', auth: { token: zoe.token }, transports: ['websocket'], reconnection: false });
    await expect(
      new Promise((resolve, reject) => (again.once('connect', () => resolve('connected')), again.once('connect_error', (e) => reject(e)))),
    ).rejects.toThrow(accountMessages.blocked);
    again.close();

    // Unblocking tells nobody anything: the user signs in again.
    expect((await server.api('POST', `/api/admin/unblock-user/${zoe.id}`, { token: admin })).status).toBe(200);
    const back = await connect(await signIn('zoe@desk.example'));
    back.close();
    other.close();
    expect(otherTold).toEqual([]);
  });

  it('does not let an admin block themselves or another admin', async () => {
    const self = userIdForEmail(ADMIN.email);
    await appendsNothing(async () => {
      // 409: the browser signs out on any 403, and the admin did nothing wrong by asking.
      const res = await server.api<Problem>('POST', `/api/admin/block-user/${self}`, { token: admin });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(adminMessages.cannotBlockSelf);
      expect((await server.api('POST', `/api/admin/block-user/${randomUUID()}`, { token: admin })).status).toBe(404);
      expect(
        (await server.api('POST', `/api/admin/block-user/${userIdForEmail('ana@bank.example')}`, { token: admin, body: { reason: 'y'.repeat(501) } })).status,
      ).toBe(400);
    });
    await server.accounts.register({ email: 'second-admin@walletscreen.test', username: 'Ops', password: 'An0ther-Admin-Pass' }, 'admin');
    const res = await server.api<Problem>('POST', `/api/admin/block-user/${userIdForEmail('second-admin@walletscreen.test')}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(adminMessages.cannotBlockAdmin);
  });
});

describe("every user's checks", () => {
  it('lists completed checks of all users newest first with user_email, filtered by the server', async () => {
    const ana = await signIn('ana@bank.example');
    const bob = await signIn('bob@fund.example');
    for (const [token, wallet] of [
      [ana, POLYGON[0]!],
      [bob, POLYGON[1]!],
      [ana, POLYGON[2]!],
    ] as const) {
      expect((await check(token, wallet)).status).toBe(200);
    }
    await server.projections.waitFor(await server.eventStore.headPosition());

    const all = await server.api<Row[]>('GET', '/api/admin/transactions?limit=10&offset=0', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.map((r) => [r.user_email, r.wallet_address])).toEqual([
      ['ana@bank.example', POLYGON[2]],
      ['bob@fund.example', POLYGON[1]],
      ['ana@bank.example', POLYGON[0]],
    ]);
    const isoTimes = all.body.map((r) => r.created_at_iso);
    expect([...isoTimes].sort().reverse()).toEqual(isoTimes);

    const ofAna = await server.api<Row[]>('GET', '/api/admin/transactions?email=ANA@bank', { token: admin });
    expect(ofAna.body.map((r) => r.wallet_address)).toEqual([POLYGON[2], POLYGON[0]]);
    const paged = await server.api<Row[]>('GET', '/api/admin/transactions?email=ana&limit=1&offset=1', { token: admin });
    expect(paged.body.map((r) => r.wallet_address)).toEqual([POLYGON[0]]);
    const combined = await server.api<Row[]>(`GET`, `/api/admin/transactions?email=example&address=${POLYGON[1]!.slice(2, 12).toLowerCase()}`, {
      token: admin,
    });
    expect(combined.body.map((r) => r.user_email)).toEqual(['bob@fund.example']);
    expect((await server.api<Row[]>('GET', '/api/admin/transactions?email=nobody', { token: admin })).body).toEqual([]);
    // No chain data for these Polygon wallets (their source cannot be reached): Incomplete, never Low.
    expect((await server.api<Row[]>('GET', '/api/admin/transactions?email=bob&risk_level=Incomplete', { token: admin })).body.map((r) => r.risk_level)).toEqual(
      ['Incomplete'],
    );
    expect((await server.api<Row[]>('GET', '/api/admin/transactions?risk_level=Low%20Risk', { token: admin })).body).toEqual([]);
    expect((await server.api<Row[]>('GET', '/api/admin/transactions?risk_level=High%20Risk', { token: admin })).body).toEqual([]);

    const detail = await server.api<Row & { aml_report: string }>('GET', `/api/admin/transactions/${all.body[1]!.id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: all.body[1]!.id, user_email: 'bob@fund.example', wallet_address: POLYGON[1] });
    // An incomplete check says so before its numbered sections.
    expect(detail.body.aml_report).toMatch(/^Incomplete — data unavailable: .+\n1\. Wallet overview\n/);
  }, 60_000);

  it('answers bad filters 400 per field and unknown checks 404', async () => {
    const bad = await server.api<Problem>('GET', '/api/admin/transactions?limit=0&risk_level=Scary&date_from=2026-13-01', { token: admin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['limit', 'risk_level', 'date_from']));
    expect((await server.api('GET', '/api/admin/transactions?email=' + 'x'.repeat(300), { token: admin })).status).toBe(400);
    expect((await server.api('GET', `/api/admin/transactions/${randomUUID()}`, { token: admin })).status).toBe(404);
    expect((await server.api('GET', '/api/admin/transactions/nope', { token: admin })).status).toBe(404);
  });

  it('lists the admin calls in the OpenAPI document', async () => {
    const docs = await server.api<{ paths: Record<string, unknown> }>('GET', '/api/openapi.json');
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/topup/{id}',
        '/api/admin/block-user/{id}',
        '/api/admin/unblock-user/{id}',
        '/api/admin/transactions',
        '/api/admin/transactions/{id}',
      ]),
    );
  });
});
