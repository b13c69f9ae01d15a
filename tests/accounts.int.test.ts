import jwt from 'jsonwebtoken';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { accountMessages } from '@walletscreen/contracts';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { customers } from '@walletscreen/projections/customers/queries';
import { apiClient, bearer } from './support/api-client';
import { ADMIN, startTestServer, type TestServer, expectAppendsNothing } from './support/server';
import { resetLinkOf, startSmtpSink } from './support/smtp';

const password = 'Tr0ub4dor&3-horse';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://walletscreen.test:8080' });
});
afterAll(async () => {
  await server.destroy();
  await smtp.close();
});

/** The typed client (tests/support/api-client.ts) on the server as it is now (a restart moves its port). */
const api = () => apiClient(server.url.replace('localhost', '127.0.0.1'));
const register = (email: string, pw = password, username = 'Acme Exchange') => api().POST('/api/auth/register', { body: { email, password: pw, username } });
const login = (email: string, pw = password) => api().POST('/api/auth/login', { body: { email, password: pw } });
const profile = (token: string | undefined) => api().GET('/api/profile', { headers: bearer(token) });
/** The session token of a sign-in that succeeded. */
const tokenOf = async (signIn: ReturnType<typeof login>) => (await signIn).data!.token;

/** Asserts the call appended nothing to the event store. */
const appendsNothing = <T>(call: () => Promise<T>) => expectAppendsNothing(server, call);

describe('registration and sign-in', () => {
  it('registers, signs in and shows 20 free premium checks', async () => {
    expect((await register('  Alice@Exchange.Example ')).response.status).toBe(201);
    const res = await login('alice@exchange.example');
    expect(res.response.status).toBe(200);
    const me = await profile(res.data!.token);
    expect(me.data).toEqual({
      email: 'alice@exchange.example',
      username: 'Acme Exchange',
      role: 'user',
      checks_left: 20,
      bonus_checks: 20,
      email_confirmation_pending: false,
    });
    const events = await server.eventStore.readStream(`user-${userIdForEmail('alice@exchange.example')}`);
    // Registering signs in too (tests/registration.int.test.ts), then the sign-in.
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserSignedIn', 'UserSignedIn']);
    expect(events[2]!.data).toMatchObject({ area: 'dashboard', address: '127.0.0.1' });
    expect(JSON.stringify(events[0]!.data)).not.toContain(password);
    expect((events[0]!.data as { passwordHash: string }).passwordHash).toMatch(/^scrypt\$/);
  });

  it('issues HS256 tokens that expire after 100 minutes', async () => {
    const token = await tokenOf(login('alice@exchange.example'));
    const decoded = jwt.decode(token, { complete: true })!;
    expect(decoded.header.alg).toBe('HS256');
    const claims = decoded.payload as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(100 * 60);
  });

  it('answers a duplicate registration 409 with the spec message only, appending nothing', async () => {
    await appendsNothing(async () => {
      const res = await register('alice@exchange.example');
      expect(res.response.status).toBe(409);
      expect(res.error).toMatchObject({ error: accountMessages.registrationFailed, errors: { email: accountMessages.registrationFailed } });
    });
  });

  it('rejects bad input with per-field messages and appends nothing', async () => {
    await appendsNothing(async () => {
      // Bodies the API's types refuse are sent as `never`: the server must refuse them too.
      const missing = await api().POST('/api/auth/register', { body: {} as never });
      expect(missing.response.status).toBe(400);
      expect(missing.error?.errors).toEqual({ email: 'Email is required', password: 'Password is required', username: 'Company name is required' });
      const short = await register('bob@x.io', 'short');
      expect(short.error).toMatchObject({ errors: { password: 'Minimum 8 characters' } });
      const common = await register('bob@x.io', 'password123');
      expect(common.error).toMatchObject({ errors: { password: accountMessages.passwordTooCommon } });
      const long = await register('bob@x.io', 'x'.repeat(129));
      expect(long.error).toMatchObject({ errors: { password: 'Maximum 128 characters' } });
      const email = await register('not-an-email');
      expect(email.error).toMatchObject({ errors: { email: accountMessages.emailInvalid } });
      const wrongType = await api().POST('/api/auth/register', { body: { email: 5, password: [], username: {} } as never });
      expect(wrongType.response.status).toBe(400);
      const malformed = await api().POST('/api/auth/register', { body: {} as never, bodySerializer: () => '{"email": ' });
      expect(malformed.response.status).toBe(400);
      expect(malformed.error?.error).toBe('The request body is not valid JSON');
      const huge = await register('big@x.io', password, 'x'.repeat(200_000));
      expect(huge.response.status).toBe(413);
      const loginMissing = await api().POST('/api/auth/login', { body: { email: '' } as never });
      expect(loginMissing.error?.errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    });
  });

  it('answers wrong credentials and unknown e-mails alike, 401 with the spec message', async () => {
    const wrong = await login('alice@exchange.example', 'not-the-password');
    const unknown = await login('nobody@exchange.example', 'not-the-password');
    for (const res of [wrong, unknown]) {
      expect(res.response.status).toBe(401);
      expect(res.error).toMatchObject({
        error: 'Invalid email or password',
        errors: { email: 'Invalid email or password', password: 'Invalid email or password' },
      });
    }
  });

  it('throttles repeated failures with 429 and Retry-After, without locking out the account for long', async () => {
    await register('carol@x.io');
    for (let i = 0; i < 5; i++) expect((await login('carol@x.io', 'wrong-password')).response.status).toBe(401);
    const throttled = await login('carol@x.io');
    expect(throttled.response.status).toBe(429);
    expect(Number(throttled.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(throttled.response.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    server.advance(31_000);
    expect((await login('carol@x.io')).response.status).toBe(200);
  });

  it('rejects missing, forged, tampered and alg-none tokens', async () => {
    const token = await tokenOf(login('alice@exchange.example'));
    const [h, p] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const forged = jwt.sign({ sub: userIdForEmail(ADMIN.email), role: 'admin', iat_ms: Date.now() }, 'some-other-secret-that-is-long-enough!!', {
      algorithm: 'HS256',
    });
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...(jwt.decode(token) as object), role: 'admin' })).toString('base64url')}.${token.split('.')[2]}`;
    for (const bad of [undefined, 'garbage', none, forged, tampered]) {
      const res = await profile(bad);
      expect(res.response.status).toBe(401);
    }
  });

  it('says a token has expired after 100 minutes', async () => {
    const token = await tokenOf(login('alice@exchange.example'));
    server.advance(101 * 60_000);
    const res = await profile(token);
    expect(res.response.status).toBe(401);
    expect(res.error?.error).toBe('Token has expired. Please sign in again.');
  });
});

describe('password reset through a real e-mail', () => {
  it('sends a single-use link that sets a new password and ends older sessions', async () => {
    await register('dave@x.io');
    const oldSession = await tokenOf(login('dave@x.io'));
    const res = await api().POST('/api/auth/request-password-reset', { body: { email: 'Dave@X.io' } });
    expect(res.data?.message).toBe(accountMessages.resetRequested);
    const mail = await smtp.next();
    expect(mail.to).toEqual(['dave@x.io']);
    const link = new URL(resetLinkOf(mail));
    expect(link.origin + link.pathname).toBe('http://walletscreen.test:8080/set-password');
    const token = link.searchParams.get('token')!;

    const stored = JSON.stringify(await server.eventStore.readStream(`user-${userIdForEmail('dave@x.io')}`));
    expect(stored).not.toContain(token.split('.')[1]);

    const reset = (body: { token: string; password: string }) => api().POST('/api/auth/reset-password', { body });
    const weak = await reset({ token, password: 'short' });
    expect(weak.error?.errors).toEqual({ password: 'Minimum 8 characters' });
    const done = await reset({ token, password: 'a-New-passphrase-42' });
    expect(done.response.status).toBe(200);
    expect(done.data?.message).toBe('Password reset successfully! You can now log in.');
    expect((await login('dave@x.io')).response.status).toBe(401);
    expect((await login('dave@x.io', 'a-New-passphrase-42')).response.status).toBe(200);
    expect((await profile(oldSession)).response.status).toBe(401);

    const again = await reset({ token, password: 'another-Passphrase-7' });
    expect(again.response.status).toBe(400);
    expect(again.error?.error).toBe(accountMessages.resetTokenInvalid);
  });

  it('answers an unknown e-mail with the same neutral message, sends nothing and appends nothing', async () => {
    const sent = smtp.messages.length;
    await appendsNothing(async () => {
      const res = await api().POST('/api/auth/request-password-reset', { body: { email: 'ghost@x.io' } });
      expect(res.response.status).toBe(200);
      expect(res.data?.message).toBe(accountMessages.resetRequested);
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.length).toBe(sent);
  });

  it('refuses a link after 30 minutes and a made-up token', async () => {
    await api().POST('/api/auth/request-password-reset', { body: { email: 'alice@exchange.example' } });
    const token = new URL(resetLinkOf(await smtp.next())).searchParams.get('token')!;
    server.advance(31 * 60_000);
    const reset = (body: { token: string; password: string }) => api().POST('/api/auth/reset-password', { body });
    const late = await reset({ token, password: 'late-Passphrase-99' });
    expect(late.response.status).toBe(400);
    for (const bad of ['nonsense', `${userIdForEmail('alice@exchange.example')}.forged-secret-forged-secret`]) {
      const res = await reset({ token: bad, password: 'late-Passphrase-99' });
      expect(res.response.status).toBe(400);
    }
    expect((await api().POST('/api/auth/reset-password', { body: { password: 'late-Passphrase-99' } as never })).error?.errors).toEqual({
      token: 'Invalid or missing token.',
    });
  });
});

describe('admins', () => {
  it('creates the first admin from ADMIN_EMAIL, who signs in and lists customers with e-mail search', async () => {
    const res = await api().POST('/api/admin/admin-login', { body: ADMIN });
    expect(res.response.status).toBe(200);
    expect(res.data?.role).toBe('admin');
    const admin = apiClient(server.url.replace('localhost', '127.0.0.1'), bearer(res.data!.token));
    const all = await admin.GET('/api/admin/customers');
    expect(all.response.status).toBe(200);
    expect(all.data!.map((c) => c.email)).toEqual(expect.arrayContaining(['alice@exchange.example', ADMIN.email]));
    const alice = all.data!.find((c) => c.email === 'alice@exchange.example')!;
    expect(alice).toMatchObject({ role: 'user', remaining_checks: 20, id: userIdForEmail('alice@exchange.example') });
    const search = await admin.GET('/api/admin/customers', { params: { query: { email: 'EXCHANGE' } } });
    expect(search.data!.map((c) => c.email)).toEqual(['alice@exchange.example']);
    const bad = await admin.GET('/api/admin/customers', { params: { query: { limit: 0 } } });
    expect(bad.response.status).toBe(400);
  });

  it('refuses a non-admin on admin calls with 403 and at admin sign-in with the spec message', async () => {
    const token = await tokenOf(login('alice@exchange.example'));
    expect((await api().GET('/api/admin/customers', { headers: bearer(token) })).response.status).toBe(403);
    expect((await api().GET('/api/admin/customers')).response.status).toBe(401);
    const res = await api().POST('/api/admin/admin-login', { body: { email: 'alice@exchange.example', password } });
    expect(res.response.status).toBe(401);
    expect(res.error?.error).toBe('Invalid email or password');
  });

  it('stops a blocked user at their very next call and at sign-in', async () => {
    await register('eve@x.io');
    const token = await tokenOf(login('eve@x.io'));
    expect((await profile(token)).response.status).toBe(200);
    const admin = { userId: userIdForEmail(ADMIN.email), email: ADMIN.email };
    await server.accounts.changeRole(userIdForEmail('eve@x.io'), 'blocked', admin, 'suspicious activity');
    expect((await profile(token)).response.status).toBe(403);
    expect((await login('eve@x.io')).response.status).toBe(403);
    const role = await server.eventStore.readStream(`user-${userIdForEmail('eve@x.io')}`);
    expect(role.at(-1)).toMatchObject({ type: 'UserRoleChanged', data: { role: 'blocked', by: admin, reason: 'suspicious activity' } });
  });
});

describe('restart', () => {
  it('keeps accounts, the generated JWT secret and open sessions across a restart', async () => {
    const token = await tokenOf(login('alice@exchange.example'));
    const secret = readFileSync(path.join(server.dataDir, 'jwt-secret'), 'utf8');
    expect(secret.trim().length).toBeGreaterThanOrEqual(32);
    server = await server.restart();
    expect(readFileSync(path.join(server.dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
    expect((await profile(token)).response.status).toBe(200);
    expect(await customers.count(server.readStore)).toBeGreaterThanOrEqual(5);
  });
});

describe('API description', () => {
  it('serves an OpenAPI document of the calls at /api/openapi.json, and /api/health', async () => {
    const docs = await api().GET('/api/openapi.json');
    expect(docs.response.status).toBe(200);
    expect(docs.data!.openapi).toMatch(/^3\./);
    expect(Object.keys(docs.data!.paths as object)).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/login',
        '/api/profile',
        '/api/admin/customers',
        '/api/transactions/analyze-realtime',
        '/api/transactions/history',
        '/api/pdf/download_aml_report',
      ]),
    );
    expect((await api().GET('/api/health')).data).toMatchObject({ status: 'ok', integrity: { state: 'verified', writes: 'open', break: null } });
  });
});
