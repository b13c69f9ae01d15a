/**
 * The auditor role on the embedded server: created by an admin, signed in to the admin area,
 * reads customers, checks and the audit log (each read recorded before it is answered), and
 * changes nothing: every route of the OpenAPI document that is not a read answers an auditor 403
 * and appends nothing.
 */
import { randomUUID } from 'node:crypto';
import { accountMessages, adminMessages, auditorAccessStreamId, type AuditPage, type Customer } from '@walletscreen/contracts';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { ADMIN, startTestServer, type TestServer, expectAppendsNothing } from './support/server';

type Problem = { error: string; errors?: Record<string, string> };
type Operation = { security?: Record<string, string[]>[]; description?: string; 'x-auditors-may-call'?: boolean };
type Document = { paths: Record<string, Record<string, Operation>> };

const AUDITOR = { email: 'iris@audit.example', username: 'Iris Auditor', password: 'Ledger-Review-2026' };
const password = 'Tr0ub4dor&3-horse';

let server: TestServer;
let admin: string;
let auditor: string;
const auditorId = userIdForEmail(AUDITOR.email);

beforeAll(async () => {
  server = await startTestServer({ BLOCKSCOUT_POLYGON_URL: 'http://127.0.0.1:9/polygon', CHAIN_DATA_RETRIES: '0', CHAIN_DATA_TIMEOUT_MS: '2000' });
  admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
}, 60_000);
afterAll(() => server.destroy());

/** Asserts the call appended nothing to the event store. */
const appendsNothing = <T>(call: () => Promise<T>) => expectAppendsNothing(server, call);

const accessRecords = async () =>
  (await server.eventStore.readStream(auditorAccessStreamId(auditorId))).map(
    (e) => e.data as { method: string; path: string; params: Record<string, string>; by: { email: string } },
  );

describe('creating an auditor', () => {
  it('refuses bad input and non-admins, storing nothing', async () => {
    const bad = await appendsNothing(() =>
      server.api<Problem>('POST', '/api/admin/auditors', { token: admin, body: { email: 'not-an-email', username: ' ', password: 'short' } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      email: accountMessages.emailInvalid,
      username: adminMessages.auditorNameRequired,
      password: accountMessages.passwordTooShort,
    });

    expect((await server.api('POST', '/api/auth/register', { body: { email: 'uma@bank.example', password, username: 'Bank' } })).status).toBe(201);
    const user = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: { email: 'uma@bank.example', password } })).body.token;
    const refused = await appendsNothing(() => server.api<Problem>('POST', '/api/admin/auditors', { token: user, body: AUDITOR }));
    expect(refused.status).toBe(403);
    // A customer does not read the admin area either.
    expect((await appendsNothing(() => server.api('GET', '/api/admin/customers', { token: user }))).status).toBe(403);
  });

  it('creates the account with the admin recorded, no checks, and refuses the same e-mail again', async () => {
    const created = await server.api<{ id: string; email: string; role: string; username: string }>('POST', '/api/admin/auditors', {
      token: admin,
      body: AUDITOR,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: auditorId, email: AUDITOR.email, username: AUDITOR.username, role: 'auditor' });
    const [registered] = await server.eventStore.readStream(`user-${auditorId}`);
    expect(registered).toMatchObject({ type: 'UserRegistered', data: { role: 'auditor', bonusChecks: 0, by: { email: ADMIN.email } } });
    const customers = (await server.api<Customer[]>('GET', `/api/admin/customers?email=${encodeURIComponent(AUDITOR.email)}`, { token: admin })).body;
    expect(customers).toEqual([expect.objectContaining({ email: AUDITOR.email, role: 'auditor', remaining_checks: 0 })]);

    const again = await appendsNothing(() =>
      server.api<Problem>('POST', '/api/admin/auditors', { token: admin, body: { ...AUDITOR, email: AUDITOR.email.toUpperCase() } }),
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(adminMessages.emailTaken);
  });
});

describe('an auditor', () => {
  beforeAll(async () => {
    const signedIn = await server.api<{ token: string; role: string }>('POST', '/api/admin/admin-login', {
      body: { email: AUDITOR.email, password: AUDITOR.password },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.role).toBe('auditor');
    auditor = signedIn.body.token;
  });

  it("reads customers, checks, the audit log and its export, each read recorded before it is answered; an admin's reads are not", async () => {
    const before = (await accessRecords()).length;
    const adminReads = await appendsNothing(() => server.api<Customer[]>('GET', '/api/admin/customers', { token: admin }));
    expect(adminReads.status).toBe(200);

    const reads = [
      '/api/admin/customers?email=uma',
      '/api/admin/transactions',
      '/api/admin/audit?limit=5',
      '/api/admin/audit/export',
      '/api/admin/audit/types',
      '/api/admin/purchases',
      '/api/admin/wallets',
      '/api/admin/lists',
      '/api/admin/streams?prefix=user-',
    ];
    for (const path of reads) {
      const res = await server.api('GET', path, { token: auditor });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    const balance = await server.api('GET', `/api/admin/audit/balance/${userIdForEmail('uma@bank.example')}`, { token: auditor });
    expect(balance.status).toBe(200);

    const records = (await accessRecords()).slice(before);
    expect(records.map((r) => r.path)).toEqual([...reads, `/api/admin/audit/balance/${userIdForEmail('uma@bank.example')}`]);
    expect(records.every((r) => r.method === 'GET' && r.by.email === AUDITOR.email)).toBe(true);
    expect(records.at(-1)!.params).toEqual({ userId: userIdForEmail('uma@bank.example') });

    // The audit log names the auditor as the one who acted, under the event's human name.
    const log = await server.api<AuditPage>('GET', `/api/admin/audit?type=AuditorViewedData&admin=${encodeURIComponent(AUDITOR.email)}&limit=100`, {
      token: admin,
    });
    expect(log.body.items.length).toBe(records.length + before);
    expect(log.body.items[0]).toMatchObject({ type: 'AuditorViewedData', admin_email: AUDITOR.email, stream: auditorAccessStreamId(auditorId) });
  });

  it('changes nothing: every route of the document that is not a read answers 403 and appends nothing', async () => {
    const doc = (await server.api<Document>('GET', '/api/openapi.json')).body;
    const mutating = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(
          ([method, op]) => !['get', 'head', 'parameters'].includes(method) && (op.security ?? []).some((s) => 'session' in s) && !op['x-auditors-may-call'],
        )
        .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, randomUUID()) })),
    );
    expect(mutating.length).toBeGreaterThan(20);
    const answers = await appendsNothing(async () => {
      const out: Array<{ route: string; status: number; error: string }> = [];
      for (const { method, path } of mutating) {
        const res = await server.api<Problem>(method, path, { token: auditor, body: {} });
        out.push({ route: `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`, status: res.status, error: res.body?.error });
      }
      return out;
    });
    expect(answers.filter((a) => a.status !== 403 || a.error !== accountMessages.auditorReadOnly)).toEqual([]);
    expect(answers.map((a) => a.route)).toEqual(
      expect.arrayContaining([
        'POST /api/admin/topup/:id',
        'POST /api/admin/auditors',
        'POST /api/transactions/analyze-realtime',
        'DELETE /api/admin/lists/:id',
      ]),
    );
  });

  it("may end no more than the auditor's own sessions: those routes alone are open, and say so in the document", async () => {
    const doc = (await server.api<Document>('GET', '/api/openapi.json')).body;
    const open = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-auditors-may-call'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(open.sort()).toEqual(['DELETE /api/account/sessions', 'DELETE /api/account/sessions/{id}', 'POST /api/auth/logout']);
    const second = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: { email: AUDITOR.email, password: AUDITOR.password } })).body
      .token;
    expect((await server.api('POST', '/api/auth/logout', { token: second })).status).toBeLessThan(300);
    expect((await server.api('GET', '/api/admin/customers', { token: second })).status).toBe(401);
    // Changing the password is refused like any other change (a forgotten one is reset through the e-mailed link).
    const changed = await server.api<Problem>('POST', '/api/account/password', {
      token: auditor,
      body: { current_password: AUDITOR.password, new_password: 'Another-Passphrase-8' },
    });
    expect(changed.status).toBe(403);
  });

  it('runs no check and buys nothing from the dashboard either', async () => {
    const checked = await appendsNothing(() =>
      server.api<Problem>('POST', '/api/transactions/analyze-realtime', {
        token: auditor,
        body: { wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', network: 'polygon' },
        headers: { 'Idempotency-Key': randomUUID() },
      }),
    );
    expect(checked.status).toBe(403);
    expect(checked.body.error).toBe(accountMessages.auditorReadOnly);
  });

  it('loses access at once when an admin blocks the account, and gets it back on unblock', async () => {
    expect((await server.api('POST', `/api/admin/block-user/${auditorId}`, { token: admin, body: {} })).status).toBe(200);
    expect((await appendsNothing(() => server.api('GET', '/api/admin/customers', { token: auditor }))).status).toBe(403);
    expect((await server.api('POST', `/api/admin/unblock-user/${auditorId}`, { token: admin, body: {} })).status).toBe(200);
    const after = await server.api<Customer[]>('GET', `/api/admin/customers?email=${encodeURIComponent(AUDITOR.email)}`, { token: admin });
    expect(after.body[0]!.role).toBe('auditor');
  });
});
