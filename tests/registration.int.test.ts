/**
 * Registration hardened (issue 29), on the real server: registering signs the new user in; it is
 * rate-limited per client address and in total (429 with Retry-After, documented); where e-mail
 * confirmation is on, the free checks wait for the link mailed to the address (through a real SMTP
 * server on loopback, or the outbox without SMTP), a check before it says why, and the link can be
 * asked for again, a few times an hour.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { accountMessages, type Profile, type RegisterResponse } from '@walletscreen/contracts';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { customers } from '@walletscreen/projections/customers/queries';
import { expectAppendsNothing, startTestServer, type TestServer } from './support/server';
import { confirmationLinkOf, startSmtpSink } from './support/smtp';

const password = 'Tr0ub4dor&3-horse';
const BTC_WALLET = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

const servers: TestServer[] = [];
const smtps: Array<Awaited<ReturnType<typeof startSmtpSink>>> = [];
afterAll(async () => {
  for (const s of servers) await s.destroy();
  for (const s of smtps) await s.close();
});

async function start(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer(env);
  servers.push(server);
  return server;
}

const register = (server: TestServer, email: string, headers: Record<string, string> = {}, pw = password) =>
  server.api<RegisterResponse & { error?: string }>('POST', '/api/auth/register', { body: { email, password: pw, username: 'Desk' }, headers });
const profile = async (server: TestServer, token: string) => (await server.api<Profile>('GET', '/api/profile', { token })).body;
/** The token of a confirmation link, as the confirm page sends it. */
const tokenOfLink = (link: string) => new URL(link).searchParams.get('token')!;

describe('registering signs the user in', () => {
  it('answers a session token with the message, and the token opens the profile (a session recorded as a sign-in)', async () => {
    const server = await start({});
    const res = await register(server, 'new@desk.example', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: accountMessages.registered, token: expect.any(String), email_confirmation_pending: false });
    expect(await profile(server, res.body.token)).toEqual({
      email: 'new@desk.example',
      username: 'Desk',
      role: 'user',
      checks_left: 20,
      bonus_checks: 20,
      email_confirmation_pending: false,
    });
    const sessions = (await server.api<{ sessions: Array<{ device: string; current: boolean }> }>('GET', '/api/account/sessions', { token: res.body.token }))
      .body;
    expect(sessions.sessions).toEqual([expect.objectContaining({ device: 'Firefox on Linux', current: true })]);
    const stream = await server.eventStore.readStream(`user-${userIdForEmail('new@desk.example')}`);
    expect(stream.map((e) => e.type)).toEqual(['UserRegistered', 'UserSignedIn']);
  });
});

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a proxy the client's address is X-Forwarded-For's: each test call says which it is.
    server = await start({ REGISTRATION_RATE_LIMIT_PER_ADDRESS: '3', REGISTRATION_RATE_LIMIT_TOTAL: '6', TRUST_PROXY: 'true' });
  });
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('refuses a 4th registration from one address within the hour with 429, Retry-After and the reason, appending nothing', async () => {
    expect((await register(server, 'a1@desk.example', from('203.0.113.7'))).status).toBe(201);
    // A registration refused for its fields does not count; one refused because the e-mail is taken does.
    expect((await register(server, 'a2@desk.example', from('203.0.113.7'), 'password123')).status).toBe(400);
    expect((await register(server, 'a1@desk.example', from('203.0.113.7'))).status).toBe(409);
    expect((await register(server, 'a2@desk.example', from('203.0.113.7'))).status).toBe(201);
    const refused = await expectAppendsNothing(server, () => register(server, 'a3@desk.example', from('203.0.113.7')));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(refused.body.error).toBe(accountMessages.tooManyRegistrations);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3_500);
    expect(wait).toBeLessThanOrEqual(3_600);
    // Another address still may; an IPv6 client counts by its /64 network.
    expect((await register(server, 'b1@desk.example', from('2001:db8:1:2::10'))).status).toBe(201);
    expect((await register(server, 'b2@desk.example', from('2001:db8:1:2::11'))).status).toBe(201);
  });

  it('refuses every address once the hourly total is spent, with its own reason', async () => {
    expect((await register(server, 'c1@desk.example', from('2001:db8:1:2:ffff::1'))).status).toBe(201);
    // That /64 network has had its 3.
    expect((await register(server, 'c2@desk.example', from('2001:db8:1:2::99'))).body.error).toBe(accountMessages.tooManyRegistrations);
    const refused = await expectAppendsNothing(server, () => register(server, 'd1@desk.example', from('198.51.100.20')));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(accountMessages.registrationsBusy);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('documents the 429 and its Retry-After in the OpenAPI document', async () => {
    const doc = (
      await server.api<{ paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>> }>(
        'GET',
        '/api/openapi.json',
      )
    ).body;
    const answers = doc.paths['/api/auth/register']!.post!.responses;
    expect(Object.keys(answers)).toEqual(expect.arrayContaining(['201', '400', '409', '429']));
    expect(Object.keys(answers['429']!.headers ?? {})).toContain('Retry-After');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/confirm-email', '/api/account/email-confirmation']));
  });
});

describe('e-mail confirmation where the server sends e-mail (SMTP_URL, confirmation auto)', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let token: string;
  let link: string;
  const email = 'confirm@desk.example';
  const userId = userIdForEmail(email);

  beforeAll(async () => {
    smtp = await startSmtpSink();
    smtps.push(smtp);
    server = await start({ SMTP_URL: smtp.url, REGISTRATION_EMAIL_CONFIRMATION: 'auto', PUBLIC_URL: 'http://walletscreen.test:8080' });
  });

  it('signs the user in with no checks yet and mails them a link', async () => {
    const res = await register(server, email);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: accountMessages.registeredConfirmEmail, email_confirmation_pending: true });
    token = res.body.token;
    expect(await profile(server, token)).toMatchObject({ checks_left: 0, bonus_checks: 0, email_confirmation_pending: true });
    const mail = await smtp.next();
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toMatch(/Subject: Confirm your WalletScreen e-mail address/);
    link = confirmationLinkOf(mail);
    expect(link.startsWith('http://walletscreen.test:8080/confirm-email?token=')).toBe(true);
    // Only the hash of the link's secret is recorded.
    const stored = JSON.stringify(await server.eventStore.readStream(`user-${userId}`));
    expect(stored).not.toContain(tokenOfLink(link).split('.')[1]);
  });

  it('refuses a check before the confirmation saying why, charging nothing', async () => {
    const res = await expectAppendsNothing(server, () =>
      server.api<{ error: string; require_premium: boolean }>('POST', '/api/transactions/analyze-realtime', { token, body: { wallet_address: BTC_WALLET } }),
    );
    expect(res.status).toBe(401);
    expect(res.body.require_premium).toBe(true);
    expect(res.body.error).toMatch(/^Confirm your e-mail address first: your 20 free checks are added once you open the link we sent you/);
  });

  it('sends the link again when asked, at most 5 times an hour (429 with Retry-After beyond)', async () => {
    const again = await server.api<{ message: string }>('POST', '/api/account/email-confirmation', { token });
    expect(again).toMatchObject({ status: 200, body: { message: accountMessages.confirmationSent } });
    const second = confirmationLinkOf(await smtp.next());
    expect(second).not.toBe(link);
    for (let i = 0; i < 4; i++) expect((await server.api('POST', '/api/account/email-confirmation', { token })).status).toBe(200);
    const refused = await expectAppendsNothing(server, () => server.api<{ error: string }>('POST', '/api/account/email-confirmation', { token }));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(accountMessages.tooManyConfirmationRequests);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await server.api('POST', '/api/account/email-confirmation')).status).toBe(401);
  });

  it('refuses a made-up or malformed link, appending nothing', async () => {
    await expectAppendsNothing(server, async () => {
      const forged = await server.api<{ error: string }>('POST', '/api/auth/confirm-email', { body: { token: `${userId}.${'x'.repeat(43)}` } });
      expect(forged).toMatchObject({ status: 400, body: { error: accountMessages.confirmationLinkInvalid } });
      expect((await server.api('POST', '/api/auth/confirm-email', { body: { token: 'nonsense' } })).status).toBe(400);
      expect((await server.api('POST', '/api/auth/confirm-email', { body: {} })).status).toBe(400);
    });
  });

  it('grants the 20 free checks when the first link is opened (no sign-in needed); the same link again changes nothing', async () => {
    const res = await server.api<{ message: string }>('POST', '/api/auth/confirm-email', { body: { token: tokenOfLink(link) } });
    expect(res).toMatchObject({ status: 200, body: { message: accountMessages.emailConfirmed } });
    expect(await profile(server, token)).toMatchObject({ checks_left: 20, bonus_checks: 20, email_confirmation_pending: false });
    expect(await customers.get(server.readStore, userId)).toMatchObject({ remaining_checks: 20, bonus_checks: 20 });
    await expectAppendsNothing(server, async () =>
      expect((await server.api('POST', '/api/auth/confirm-email', { body: { token: tokenOfLink(link) } })).status).toBe(200),
    );
    const types = (await server.eventStore.readStream(`user-${userId}`)).map((e) => e.type);
    expect(types.filter((t) => t === 'EmailConfirmed')).toHaveLength(1);
    expect(types.filter((t) => t === 'EmailConfirmationRequested')).toHaveLength(6);
    // Once confirmed, no more links (refused before the hourly budget is looked at).
    const confirmed = await server.api<{ error: string }>('POST', '/api/account/email-confirmation', { token });
    expect(confirmed).toMatchObject({ status: 409, body: { error: accountMessages.emailAlreadyConfirmed } });
  });
});

describe('e-mail confirmation without SMTP', () => {
  it('grants the free checks at once by default (auto, no SMTP_URL)', async () => {
    const server = await start({ REGISTRATION_EMAIL_CONFIRMATION: 'auto' });
    const res = await register(server, 'local@desk.example');
    expect(res.body.email_confirmation_pending).toBe(false);
    expect(await profile(server, res.body.token)).toMatchObject({ checks_left: 20, email_confirmation_pending: false });
  });

  it('writes the link to DATA_DIR/outbox when the operator turns confirmation on, and the link confirms', async () => {
    const server = await start({ REGISTRATION_EMAIL_CONFIRMATION: 'on' });
    const res = await register(server, 'outbox@desk.example');
    expect(res.body.email_confirmation_pending).toBe(true);
    const outbox = path.join(server.dataDir, 'outbox');
    // The e-mail is written in the background, a moment after the answer.
    const written = () => (existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('-email-confirmation.eml')) : []);
    for (let i = 0; i < 100 && written().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const files = written();
    expect(files).toHaveLength(1);
    const link = confirmationLinkOf(readFileSync(path.join(outbox, files[0]!), 'utf8'));
    expect((await server.api('POST', '/api/auth/confirm-email', { body: { token: tokenOfLink(link) } })).status).toBe(200);
    expect(await profile(server, res.body.token)).toMatchObject({ checks_left: 20, email_confirmation_pending: false });
  });

  it('refuses an unknown value of REGISTRATION_EMAIL_CONFIRMATION at start, naming it', async () => {
    await expect(startTestServer({ REGISTRATION_EMAIL_CONFIRMATION: 'sometimes' })).rejects.toThrow(/REGISTRATION_EMAIL_CONFIRMATION/);
  });
});
