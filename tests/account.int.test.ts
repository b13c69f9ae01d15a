/**
 * The Account screen through HTTP on the embedded profile (real server on loopback, real SQLite
 * file): sessions started by sign-in and ended by sign-out, a password change that ends the other
 * sessions at once and keeps the current one, and the user's own purchases with their receipts.
 */
import jwt from 'jsonwebtoken';
import { io, type Socket } from 'socket.io-client';
import { accountMessages, type AccountPurchases, type AccountSessions } from '@walletscreen/contracts';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { startTestServer, type TestServer, expectAppendsNothing } from './support/server';

const password = 'Account-Passphrase-42';
const newPassword = 'Another-Passphrase-77';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SELLER_NAME: 'Acme Compliance GmbH', SELLER_ADDRESS: 'Hauptstrasse 1|10115 Berlin|Germany' });
});
afterAll(() => server.destroy());

/** Registers, and signs out of the session registering started: the tests start their own. */
async function register(email: string) {
  const registered = await server.api<{ token: string }>('POST', '/api/auth/register', { body: { email, password, username: 'Desk' } });
  expect(registered.status).toBe(201);
  expect((await server.api('POST', '/api/auth/logout', { token: registered.body.token })).status).toBe(200);
}
async function signIn(email: string, pw = password, userAgent = firefox): Promise<string> {
  const res = await server.api<{ token: string }>('POST', '/api/auth/login', { body: { email, password: pw }, headers: { 'user-agent': userAgent } });
  expect(res.status).toBe(200);
  return res.body.token;
}
const profileStatus = async (token: string) => (await server.api('GET', '/api/profile', { token })).status;
const sessions = async (token: string) => (await server.api<AccountSessions>('GET', '/api/account/sessions', { token })).body;
const streamOf = async (email: string) => server.eventStore.readStream(`user-${userIdForEmail(email)}`);

const appendsNothing = <T>(call: () => Promise<T>) => expectAppendsNothing(server, call);

describe('sessions', () => {
  it('starts a session at each sign-in (device, address), lists the open ones with the current one marked', async () => {
    await register('sessions@desk.example');
    const a = await signIn('sessions@desk.example', password, firefox);
    const b = await signIn('sessions@desk.example', password, chrome);
    const sid = (token: string) => (jwt.decode(token) as { sid: string }).sid;
    expect(sid(a)).toMatch(/^[0-9a-f-]{36}$/);
    const listed = await sessions(b);
    expect(listed.current_listed).toBe(true);
    expect(listed.sessions.map((s) => [s.id, s.device, s.ip, s.current])).toEqual([
      [sid(b), 'Chrome on Windows', '127.0.0.1', true],
      [sid(a), 'Firefox on Linux', '127.0.0.1', false],
    ]);
    const signIns = (await streamOf('sessions@desk.example')).filter((e) => e.type === 'UserSignedIn');
    // The first is the session registering started (ended since).
    expect(signIns.map((e) => (e.data as { sessionId: string }).sessionId).slice(1)).toEqual([sid(a), sid(b)]);
  });

  it('ends another session by id: its token answers 401 at once, as an expired one does; the asking one goes on', async () => {
    const a = await signIn('sessions@desk.example');
    const b = await signIn('sessions@desk.example');
    const sidA = (jwt.decode(a) as { sid: string }).sid;
    expect((await server.api('DELETE', `/api/account/sessions/${sidA}`, { token: b })).status).toBe(200);
    const refused = await server.api<{ error: string }>('GET', '/api/profile', { token: a });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(accountMessages.sessionExpired);
    expect(await profileStatus(b)).toBe(200);
    // Ending it again: no such open session, nothing appended.
    await appendsNothing(async () => expect((await server.api('DELETE', `/api/account/sessions/${sidA}`, { token: b })).status).toBe(404));
    await appendsNothing(async () => expect((await server.api('DELETE', '/api/account/sessions/not-a-session', { token: b })).status).toBe(404));
  });

  it("cannot end someone else's session", async () => {
    await register('other@desk.example');
    const mine = await signIn('other@desk.example');
    const theirs = await signIn('sessions@desk.example');
    const sid = (jwt.decode(theirs) as { sid: string }).sid;
    await appendsNothing(async () => expect((await server.api('DELETE', `/api/account/sessions/${sid}`, { token: mine })).status).toBe(404));
    expect(await profileStatus(theirs)).toBe(200);
  });

  it('signs out of this session, and out of all the others', async () => {
    const a = await signIn('sessions@desk.example');
    const b = await signIn('sessions@desk.example');
    const c = await signIn('sessions@desk.example');
    expect((await server.api('POST', '/api/auth/logout', { token: a })).status).toBe(200);
    expect(await profileStatus(a)).toBe(401);
    const others = await server.api<{ ended: number }>('DELETE', '/api/account/sessions', { token: c });
    expect(others.status).toBe(200);
    expect(others.body.ended).toBeGreaterThanOrEqual(1);
    expect(await profileStatus(b)).toBe(401);
    expect(await profileStatus(c)).toBe(200);
    expect((await sessions(c)).sessions.map((s) => s.current)).toEqual([true]);
  });

  it('keeps a token issued before sessions were recorded (no session id) working until it expires', async () => {
    const { createTokenService } = await import('@walletscreen/command-api/accounts/tokens');
    const { readFileSync } = await import('node:fs');
    const secret = readFileSync(`${server.dataDir}/jwt-secret`, 'utf8').trim();
    const legacy = createTokenService(secret).issue(userIdForEmail('sessions@desk.example'), 'user');
    expect(await profileStatus(legacy)).toBe(200);
    expect((await sessions(legacy)).current_listed).toBe(false);
  });
});

describe('changing the password', () => {
  beforeAll(() => register('change@desk.example'));

  it('refuses a wrong current password (400 on its field) and a weak new one, appending nothing', async () => {
    const token = await signIn('change@desk.example');
    await appendsNothing(async () => {
      const wrong = await server.api<{ errors: Record<string, string> }>('POST', '/api/account/password', {
        token,
        body: { current_password: 'not-it-at-all', new_password: newPassword },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual({ current_password: accountMessages.currentPasswordWrong });
      const weak = await server.api<{ errors: Record<string, string> }>('POST', '/api/account/password', {
        token,
        body: { current_password: password, new_password: 'password123' },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.errors).toEqual({ new_password: accountMessages.passwordTooCommon });
      const short = await server.api<{ errors: Record<string, string> }>('POST', '/api/account/password', {
        token,
        body: { current_password: password, new_password: 'short' },
      });
      expect(short.body.errors).toEqual({ new_password: accountMessages.passwordTooShort });
      const missing = await server.api<{ errors: Record<string, string> }>('POST', '/api/account/password', { token, body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toMatchObject({ current_password: accountMessages.currentPasswordRequired, new_password: accountMessages.passwordRequired });
      expect((await server.api('POST', '/api/account/password', { body: { current_password: password, new_password: newPassword } })).status).toBe(401);
    });
    expect(await profileStatus(token)).toBe(200);
  });

  it('changes it: the other sessions answer 401 at once, the current one goes on; the old password no longer signs in', async () => {
    const other = await signIn('change@desk.example');
    const current = await signIn('change@desk.example');
    const res = await server.api<{ message: string }>('POST', '/api/account/password', {
      token: current,
      body: { current_password: password, new_password: newPassword },
    });
    expect(res).toMatchObject({ status: 200, body: { message: accountMessages.passwordChanged } });
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(current)).toBe(200);
    expect((await sessions(current)).sessions).toHaveLength(1);
    const changed = (await streamOf('change@desk.example')).filter((e) => e.type === 'PasswordChanged');
    expect(changed).toHaveLength(1);
    expect(JSON.stringify(changed[0]!.data)).not.toContain(newPassword);
    expect((await server.api('POST', '/api/auth/login', { body: { email: 'change@desk.example', password } })).status).toBe(401);
    expect(await signIn('change@desk.example', newPassword)).toEqual(expect.any(String));
  });

  it('throttles wrong current passwords as sign-ins are throttled', async () => {
    const token = await signIn('change@desk.example', newPassword);
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (await server.api('POST', '/api/account/password', { token, body: { current_password: `wrong-${i}-guess`, new_password: 'Yet-Another-Pass-1' } }))
        .status;
    }
    expect(last).toBe(429);
  });
});

describe('live connections', () => {
  const connect = async (token: string): Promise<Socket> => {
    const socket = io(server.url.replace('localhost', '127.0.0.1'), { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const closedByServer = (socket: Socket) => new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));

  it("closes the sockets of a session that ends, and of every other one on a password change; the current one's stays", async () => {
    await register('sockets@desk.example');
    const [a, b, c] = [await signIn('sockets@desk.example'), await signIn('sockets@desk.example'), await signIn('sockets@desk.example')];
    const [sa, sb, sc] = [await connect(a), await connect(b), await connect(c)];
    const aClosed = closedByServer(sa);
    expect((await server.api('POST', '/api/auth/logout', { token: a })).status).toBe(200);
    expect(await aClosed).toBe('io server disconnect');
    expect(sb.connected && sc.connected).toBe(true);

    const bClosed = closedByServer(sb);
    expect((await server.api('POST', '/api/account/password', { token: c, body: { current_password: password, new_password: newPassword } })).status).toBe(200);
    expect(await bClosed).toBe('io server disconnect');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sc.connected).toBe(true);
    // An ended session cannot connect again.
    await expect(connect(a)).rejects.toThrow(accountMessages.sessionExpired);
    sc.close();
  });
});

describe('purchases and receipts', () => {
  async function buy(token: string, priceId: string): Promise<string> {
    const res = await server.api<{ checkout_url: string }>('POST', '/api/billing/create-subscription-session', { body: { price_id: priceId }, token });
    const session = /session=(lcs_[\w-]{32})$/.exec(res.body.checkout_url)![1]!;
    const done = await server.api<{ purchase_id: string }>('POST', '/api/billing/local/complete', { body: { session }, token });
    expect(done.status).toBe(200);
    return done.body.purchase_id;
  }
  const settled = async () => server.projections.waitFor(await server.eventStore.headPosition());
  const receipt = (id: string, token: string) =>
    fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/account/purchases/${id}/receipt`, { headers: { authorization: `Bearer ${token}` } });

  it("lists one's own purchases, newest first, a page at a time; receipts are PDFs marked as test payments; another user's is 404", async () => {
    await register('buyer@desk.example');
    await register('stranger@desk.example');
    const buyer = await signIn('buyer@desk.example');
    const stranger = await signIn('stranger@desk.example');
    const first = await buy(buyer, 'starter');
    server.advance(1000);
    const second = await buy(buyer, 'professional');
    await buy(stranger, 'starter');
    await settled();

    const page = await server.api<AccountPurchases>('GET', '/api/account/purchases?limit=1', { token: buyer });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(page.body.items.map((p) => p.id)).toEqual([second]);
    expect(page.body.items[0]).toMatchObject({ type: 'Professional', test: true, receipt_number: expect.stringMatching(/^WS-\d{8}-[0-9A-F]{8}$/) });
    expect(page.body.items[0]).not.toHaveProperty('user_email');
    const next = await server.api<AccountPurchases>('GET', '/api/account/purchases?limit=1&offset=1', { token: buyer });
    expect(next.body.items.map((p) => p.id)).toEqual([first]);
    expect((await server.api('GET', '/api/account/purchases?limit=0', { token: buyer })).status).toBe(400);
    expect((await server.api('GET', '/api/account/purchases')).status).toBe(401);

    const pdf = await receipt(second, buyer);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="Receipt_WS-\d{8}-[0-9A-F]{8}\.pdf"$/);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect((await receipt(second, stranger)).status).toBe(404);
    expect((await receipt('00000000-0000-4000-8000-000000000000', buyer)).status).toBe(404);
    expect((await receipt('nope', buyer)).status).toBe(404);
  });
});
