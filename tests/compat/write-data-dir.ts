/**
 * Writes a compatibility data directory with this build:
 *
 *   node scripts/run-ts.mjs tests/compat/write-data-dir.ts <out-dir>
 *
 * Starts the real embedded server on a fresh data directory (blockchain data replayed from the
 * recorded answers on loopback, webhooks received on loopback, e-mails written to the outbox) and
 * uses it only through its HTTP API, as its users do (it otherwise only reads the e-mails the server
 * wrote to its outbox, and waits for the read models before stopping), to record a varied history: an admin, an
 * auditor and five customers (one blocked, one unblocked, one who changes their password, one who
 * resets it through the e-mail); top-ups and purchases (one expired); checks of every verdict on
 * several networks, through the web API, the public API, a batch and monitoring (one failed and
 * refunded); cases through four eyes; API keys; custom lists, a sanctions list and a labels feed;
 * watches and alerts, webhooks with a retry, a redelivery and one disabled; sessions ended. The
 * server is restarted with its clock moved forward (a day, four more, one more), so a purchase
 * expires, watches are re-screened on schedule, an endpoint failing for five days is disabled, and
 * for one of those days the server is configured for Stripe (a paid Checkout session arrives).
 *
 * It then stops the server and writes into <out-dir> the data files the server needs (SQLite files
 * checkpointed and gzipped, the JWT secret) and manifest.json: everything a later build must find
 * again (tests/data-dir-compat.int.test.ts), with a digest of every recorded event.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import Stripe from 'stripe';
import { startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import {
  DATA_FILES,
  HANGING_WALLET,
  MANIFEST,
  SANCTIONED_WALLET,
  UNREACHABLE_POLYGON_WALLET,
  addresses as a,
  compatChainEnv,
  compatRoutes,
  eventsDigest,
  traceAddresses as t,
  type Manifest,
  type ManifestCheck,
  type ManifestUser,
  type Role,
} from './manifest';

const HOUR = 3_600_000;
const repoRoot = path.resolve(__dirname, '..', '..');

// ---------------------------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------------------------

function outDirFromArgs(): string {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir || rest.length > 0) {
    console.error('usage: node scripts/run-ts.mjs tests/compat/write-data-dir.ts <out-dir>\n  <out-dir>: a directory that does not exist yet, or an empty one');
    process.exit(2);
  }
  const out = path.resolve(dir);
  if (existsSync(out) && (!statSync(out).isDirectory() || readdirSync(out).length > 0)) {
    console.error(`${out} exists and is not an empty directory: give a new one (nothing was written)`);
    process.exit(2);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The people (throwaway credentials of this fixture only)
// ---------------------------------------------------------------------------------------------

interface Person {
  key: string;
  email: string;
  username: string;
  password: string;
  role: Role;
}

const people = {
  admin: { key: 'admin', email: ADMIN.email, username: 'Administrator', password: ADMIN.password, role: 'admin' },
  auditor: { key: 'auditor', email: 'auditor@audit.example', username: 'External Auditor', password: 'Auditor-Compat-2026!', role: 'auditor' },
  alice: { key: 'alice', email: 'alice@exchange.example', username: 'Heron Exchange', password: 'Alice-Compat-2026!', role: 'user' },
  bob: { key: 'bob', email: 'bob@otc.example', username: 'Bob OTC Desk', password: 'Bob-Compat-2026!', role: 'user' },
  carol: { key: 'carol', email: 'carol@fund.example', username: 'Carol Fund', password: 'Carol-Compat-2026!', role: 'user' },
  dave: { key: 'dave', email: 'dave@mixer-friends.example', username: 'Dave Trading', password: 'Dave-Compat-2026!', role: 'user' },
  erin: { key: 'erin', email: 'erin@bank.example', username: 'Erin Bank', password: 'Erin-Compat-2026!', role: 'user' },
} satisfies Record<string, Person>;
type Key = keyof typeof people;
const customers: Key[] = ['alice', 'bob', 'carol', 'dave', 'erin'];

// ---------------------------------------------------------------------------------------------
// Talking to the server
// ---------------------------------------------------------------------------------------------

let server: TestServer;
const clock = { ms: 0 };
const startedAt = new Date().toISOString();
const tokens = new Map<Key, string>();

type Options = { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> };

/** One call; throws, naming it and its answer, when the status is not the one expected. */
async function call<T = Record<string, unknown>>(method: string, url: string, options: Options, expected: number | number[]): Promise<T> {
  const res = await server.api<T>(method, url, options);
  const ok = Array.isArray(expected) ? expected.includes(res.status) : res.status === expected;
  if (!ok) throw new Error(`${method} ${url} answered ${res.status}, expected ${String(expected)}: ${JSON.stringify(res.body).slice(0, 800)}`);
  return res.body;
}

const device = (who: Key, n = 1) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 compat-${who}-${n}`;

/** Signs in (admins and auditors in the admin area) and remembers the token as the person's current one. */
async function signIn(who: Key, n = 1): Promise<string> {
  const p = people[who];
  const url = p.role === 'user' ? '/api/auth/login' : '/api/admin/admin-login';
  const { token } = await call<{ token: string }>(
    'POST',
    url,
    { body: { email: p.email, password: p.password }, headers: { 'user-agent': device(who, n) } },
    200,
  );
  tokens.set(who, token);
  return token;
}
const tok = (who: Key) => {
  const token = tokens.get(who);
  if (!token) throw new Error(`${who} has not signed in`);
  return token;
};

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const checks: Array<{ id: string; owner: Key; via: string }> = [];
/** Tokens that must stop working, and why. */
const refused: Array<{ who: Key; token: string; why: string }> = [];

/** A check through the web API, as the Wallet Checker sends it; answers its result (or failure). */
async function check(who: Key, wallet: string, network?: string, expected: number | number[] = 200) {
  const body = await call<{ check_id: string; status: string; risk_level?: string; error?: string }>(
    'POST',
    '/api/transactions/analyze-realtime',
    { token: tok(who), body: { wallet_address: wallet, ...(network ? { network } : {}) }, headers: { 'Idempotency-Key': randomUUID() } },
    expected,
  );
  checks.push({ id: body.check_id, owner: who, via: 'web' });
  console.log(`  ${who} checked ${wallet}${network ? ` (${network})` : ''}: ${body.status} ${body.risk_level ?? body.error ?? ''}`);
  return body;
}

// ---------------------------------------------------------------------------------------------
// The story
// ---------------------------------------------------------------------------------------------

const sdnLine = (id: number, name: string, addresses: string[]) =>
  `${id},"${name}",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"${addresses.map((x) => `Digital Currency Address - ${x}`).join('; ')}."`;
const sanctionsV1 = [
  sdnLine(90001, 'HERON TEST EXCHANGE LTD.', [`XBT ${SANCTIONED_WALLET}`, `XBT ${a.btcA}`]),
  sdnLine(90007, 'TRACED PARTY ON THE LIST', [`XBT ${t.btc.x}`, `ETH ${t.eth.x.toLowerCase()}`, `TRX ${t.tron.x}`]),
].join('\n');
const sanctionsV2 = [sanctionsV1, sdnLine(90011, 'LATE LISTED TRADING CO.', [`XBT ${t.btc.e}`, `SOL ${t.sol.x}`])].join('\n');

const uploadSanctions = (text: string, fileName: string, expected: number) =>
  call(
    'POST',
    `/api/admin/sanctions/upload?file_name=${encodeURIComponent(fileName)}`,
    { token: tok('admin'), raw: text, headers: { 'content-type': 'application/octet-stream' } },
    expected,
  );

const apiKeys: Array<{ owner: Key; id: string; key: string; revoked: boolean; expired: boolean }> = [];
async function createKey(who: Key, body: Record<string, unknown>) {
  const created = await call<{ id: string; key: string }>('POST', '/api/keys', { token: tok(who), body }, 201);
  apiKeys.push({ owner: who, id: created.id, key: created.key, revoked: false, expired: false });
  return created;
}

const localCheckouts: Array<{ owner: Key; session: string }> = [];
async function startCheckout(who: Key, priceId: string): Promise<string> {
  const { checkout_url } = await call<{ checkout_url: string }>(
    'POST',
    '/api/billing/create-subscription-session',
    { token: tok(who), body: { price_id: priceId } },
    200,
  );
  const session = /[?&]session=(lcs_[\w-]+)$/.exec(checkout_url)?.[1];
  if (!session) throw new Error(`no local checkout session in ${checkout_url}`);
  localCheckouts.push({ owner: who, session });
  return session;
}

const webhookIds: Array<{ owner: Key; id: string }> = [];
const deletedWebhooks: Array<{ owner: Key; id: string }> = [];
const batchIds: Array<{ owner: Key; id: string }> = [];
const caseIds: Array<{ owner: Key; id: string }> = [];

/** The newest password-reset link in the outbox (the e-mail the server wrote without SMTP). */
function resetTokenFromOutbox(dataDir: string, email: string): string | null {
  const outbox = path.join(dataDir, 'outbox');
  const files = existsSync(outbox)
    ? readdirSync(outbox)
        .filter((f) => f.endsWith('-password-reset.eml'))
        .sort()
    : [];
  for (const file of files.reverse()) {
    const raw = readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!raw.includes(email)) continue;
    const token = /\/set-password\?token=([^\s"<&]+)/.exec(raw)?.[1];
    if (token) return token;
  }
  return null;
}

async function settleDeliveries(who: Key) {
  for (const { owner, id } of webhookIds) {
    if (owner !== who) continue;
    let last: unknown[] = [];
    await until(`webhook ${id}'s deliveries to settle`, async () => {
      const { items } = await call<{ items: Array<{ status: string }> }>('GET', `/api/webhooks/${id}/deliveries`, { token: tok(who) }, 200);
      last = items;
      return items.every((d) => d.status !== 'pending' && d.status !== 'sending');
    }).catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(last)}`);
    });
  }
}

async function phaseOne(receiver: WebhookReceiver, dataDir: string) {
  console.log('day 1');
  await signIn('admin');

  // The lists: a refused sanctions file (recorded as a failed sync), then the list in force; a refused labels file, then a good one.
  await uploadSanctions('this is not a sanctions list\n', 'sdn.csv', 400);
  await uploadSanctions(`${sanctionsV1}\n`, 'sdn.csv', 200);
  const labelsPath = path.join(repoRoot, 'workers', 'test-fixtures', 'feeds', 'custom-labels-v1.json');
  await call(
    'POST',
    '/api/admin/feeds/custom-labels?file_name=labels.json',
    { token: tok('admin'), raw: '{"labels": [{"address": "nope"}]}', headers: { 'content-type': 'application/json' } },
    400,
  );
  await call(
    'POST',
    '/api/admin/feeds/custom-labels?file_name=custom-labels-v1.json',
    { token: tok('admin'), raw: readFileSync(labelsPath, 'utf8'), headers: { 'content-type': 'application/json' } },
    200,
  );

  // The auditor, created by the admin, reads the admin area (each read recorded).
  const { auditor } = people;
  await call(
    'POST',
    '/api/admin/auditors',
    { token: tok('admin'), body: { email: auditor.email, username: auditor.username, password: auditor.password } },
    201,
  );
  await signIn('auditor');
  await call('GET', '/api/admin/customers', { token: tok('auditor') }, 200);

  for (const who of customers) {
    const p = people[who];
    await call('POST', '/api/auth/register', { body: { email: p.email, password: p.password, username: p.username } }, 201);
    await signIn(who);
  }

  // Alice's webhooks first, so her checks are delivered: one for everything, one that fails once, one to delete, one she turns off.
  const hooks = async (pathName: string, events: string[], description?: string) => {
    const created = await call<{ id: string }>(
      'POST',
      '/api/webhooks',
      { token: tok('alice'), body: { url: `${receiver.url}${pathName}`, events, ...(description ? { description } : {}) } },
      201,
    );
    webhookIds.push({ owner: 'alice', id: created.id });
    return created.id;
  };
  await hooks('/compliance', ['screening.completed', 'alert.created', 'batch.completed'], 'Compliance pipeline');
  receiver.answer('/flaky', 500);
  const flaky = await hooks('/flaky', ['screening.completed'], 'Flaky receiver');
  const doomed = await hooks('/old', ['alert.created'], 'Old integration');
  const off = await hooks('/paused', ['batch.completed']);
  await call('PATCH', `/api/webhooks/${off}`, { token: tok('alice'), body: { enabled: false } }, 200);

  // Alice's checks: every verdict.
  const high = await check('alice', a.btcWallet); // a sanctioned counterparty (and labelled gambling)
  const sanctioned = await check('alice', SANCTIONED_WALLET); // on the list itself
  await check('alice', t.btc.wallet); // funds from a sanctioned address two hops away
  await check('alice', UNREACHABLE_POLYGON_WALLET, 'polygon'); // Incomplete: the source cannot be reached
  await check('alice', t.eth.wallet, 'ethereum');
  await check('alice', HANGING_WALLET, undefined, 502); // runs out of time: failed and refunded

  // The flaky receiver failed the first delivery; its retry is due 5 s later on the server's clock.
  await until('the flaky delivery to fail once', async () => {
    const { items } = await call<{ items: Array<{ attempt_count: number }> }>('GET', `/api/webhooks/${flaky}/deliveries`, { token: tok('alice') }, 200);
    return items.some((d) => d.attempt_count >= 1);
  });
  server.advance(6_000);
  await settleDeliveries('alice');

  // Keys: one for everything (the public API), one read-only to revoke, one that expires within the day.
  const main = await createKey('alice', { name: 'Deposits screening', scopes: ['screen', 'read', 'monitor'] });
  await createKey('alice', { name: 'Reporting (read only)', scopes: ['read'] });
  const expiring = await createKey('alice', { name: 'Short-lived', scopes: ['read'], expires_at: new Date(Date.now() + clock.ms + 2 * HOUR).toISOString() });
  apiKeys.find((k) => k.id === expiring.id)!.expired = true;
  await call('GET', '/api/v1/screenings', { headers: { 'X-API-Key': expiring.key } }, 200);

  // The public API: a screening with a reference, charged once however often it is retried.
  const idem = randomUUID();
  const screening = await call<{ id: string; status: string }>(
    'POST',
    '/api/v1/screenings',
    { body: { address: a.btcWallet, reference: 'deposit-7781' }, headers: { 'X-API-Key': main.key, 'Idempotency-Key': idem } },
    200,
  );
  await call(
    'POST',
    '/api/v1/screenings',
    { body: { address: a.btcWallet, reference: 'deposit-7781' }, headers: { 'X-API-Key': main.key, 'Idempotency-Key': idem } },
    200,
  );
  checks.push({ id: screening.id, owner: 'alice', via: 'api' });
  console.log(`  alice screened ${a.btcWallet} through the public API: ${screening.status}`);

  // A batch of three wallets (one twice).
  const csv = [
    'wallet_address,network,reference',
    `${a.btcFresh},bitcoin,onboarding-1`,
    `${SANCTIONED_WALLET},,onboarding-2`,
    `${a.ltcWallet},litecoin,onboarding-3`,
    `${a.btcFresh},BTC,onboarding-4`,
  ].join('\n');
  const batch = await call<{ id: string }>('POST', '/api/batches', { token: tok('alice'), raw: csv, headers: { 'content-type': 'text/csv' } }, 202);
  batchIds.push({ owner: 'alice', id: batch.id });
  await until(
    'the batch to complete',
    async () => (await call<{ status: string }>('GET', `/api/batches/${batch.id}`, { token: tok('alice') }, 200)).status === 'completed',
  );
  const rows = await call<{ items: Array<{ check_id: string | null }> }>('GET', `/api/batches/${batch.id}/rows?limit=100`, { token: tok('alice') }, 200);
  for (const id of new Set(rows.items.map((r) => r.check_id).filter((x): x is string => !!x))) checks.push({ id, owner: 'alice', via: 'batch' });
  console.log(`  alice's batch ${batch.id} completed`);

  // Watches: the fresh wallet (its verdict from the batch) and the traced wallet, daily; one through the API, edited, then unwatched.
  await call('POST', '/api/watchlist', { token: tok('alice'), body: { address: a.btcFresh, reference: 'customer-17', tags: ['onboarding'] } }, 201);
  await call('POST', '/api/watchlist', { token: tok('alice'), body: { address: t.btc.wallet, interval: 'daily', tags: ['traced'] } }, 201);
  const viaApi = await call<{ items: Array<{ id: string }> }>(
    'POST',
    '/api/v1/watchlist',
    { headers: { 'X-API-Key': main.key }, body: { address: a.btcWallet, reference: 'api-ref', interval: 'weekly' } },
    201,
  );
  await call('PATCH', `/api/watchlist/${viaApi.items[0]!.id}`, { token: tok('alice'), body: { interval: 'daily', tags: ['review'] } }, 200);
  await call('DELETE', `/api/v1/watchlist/${viaApi.items[0]!.id}`, { headers: { 'X-API-Key': main.key } }, 200);

  // Cases: the High Risk check through notes, assignment, a decision and four eyes to closed; the sanctioned one escalated and left so.
  const one = await call<{ id: string }>('POST', '/api/cases', { token: tok('alice'), body: { check_id: high.check_id } }, 201);
  caseIds.push({ owner: 'alice', id: one.id });
  await call('POST', `/api/cases/${one.id}/notes`, { token: tok('alice'), body: { text: 'Counterparty is on the OFAC list' } }, 200);
  await call('POST', `/api/cases/${one.id}/assign`, { token: tok('alice'), body: { assignee_email: ADMIN.email } }, 200);
  await call(
    'POST',
    `/api/cases/${one.id}/decision`,
    { token: tok('alice'), body: { decision: 'report', reason: 'Direct OFAC SDN exposure; SAR filed' } },
    200,
  );
  await call('POST', `/api/cases/${one.id}/close`, { token: tok('alice') }, 200);
  await call('POST', `/api/cases/${one.id}/close`, { token: tok('admin') }, 200);
  const two = await call<{ id: string }>('POST', '/api/cases', { token: tok('alice'), body: { check_id: sanctioned.check_id } }, 201);
  caseIds.push({ owner: 'alice', id: two.id });
  await call('POST', `/api/cases/${two.id}/notes`, { token: tok('alice'), body: { text: 'The wallet itself is listed.' } }, 200);
  await call('POST', `/api/cases/${two.id}/escalate`, { token: tok('alice'), body: { reason: 'Needs the MLRO' } }, 200);

  // Bob: checks on TRON, Solana and the XRP Ledger; buys a plan (expiring in a day on this server), leaves a checkout unpaid, changes his password.
  await check('bob', t.tron.wallet, 'tron');
  await check('bob', t.sol.wallet, 'solana');
  await check('bob', t.xrp.wallet, 'xrp');
  const bought = await startCheckout('bob', 'starter');
  await call('POST', '/api/billing/local/complete', { token: tok('bob'), body: { session: bought } }, 200);
  await startCheckout('bob', 'enterprise');
  await check('bob', a.btcWallet);
  const beforeChange = tok('bob');
  await call(
    'POST',
    '/api/account/password',
    { token: beforeChange, body: { current_password: people.bob.password, new_password: 'Bob-Compat-2026-Changed!' } },
    200,
  );
  people.bob.password = 'Bob-Compat-2026-Changed!';
  refused.push({ who: 'bob', token: beforeChange, why: 'issued before the password change' });
  await signIn('bob');

  // Carol: forgets her password and resets it through the e-mail; checks a fresh wallet.
  await call('POST', '/api/auth/request-password-reset', { body: { email: people.carol.email } }, 200);
  // The e-mail is sent after the answer (which reads the same whether the account exists or not).
  const resetToken = await until('the password-reset e-mail in the outbox', async () => resetTokenFromOutbox(dataDir, people.carol.email));
  await call('POST', '/api/auth/reset-password', { body: { token: resetToken, password: 'Carol-Compat-2026-Reset!' } }, 200);
  people.carol.password = 'Carol-Compat-2026-Reset!';
  await signIn('carol');
  await check('carol', a.btcFresh);

  // Dave: a check and a watch, then blocked by the admin (his token stops working).
  await check('dave', a.btcWallet);
  await call('POST', '/api/watchlist', { token: tok('dave'), body: { address: a.btcWallet, interval: 'daily' } }, 201);
  const daveId = await userId('dave');
  await call('POST', `/api/admin/block-user/${daveId}`, { token: tok('admin'), body: { reason: 'Mixer-linked activity' } }, 200);
  refused.push({ who: 'dave', token: tok('dave'), why: 'issued before the block' });

  // Erin: blocked and unblocked again (the token she had before stays refused); topped up.
  const erinId = await userId('erin');
  refused.push({ who: 'erin', token: tok('erin'), why: 'issued before a block (lifted since)' });
  await call('POST', `/api/admin/block-user/${erinId}`, { token: tok('admin'), body: { reason: 'Identity check pending' } }, 200);
  await call('POST', `/api/admin/unblock-user/${erinId}`, { token: tok('admin'), body: { reason: 'Identity confirmed' } }, 200);
  await signIn('erin');
  await call('POST', `/api/admin/topup/${erinId}`, { token: tok('admin'), body: { amount: 5, reason: 'Welcome bonus' } }, 200);

  // Top-ups, one retried with its Idempotency-Key (applied once).
  const topUpKey = randomUUID();
  for (let i = 0; i < 2; i++)
    await call(
      'POST',
      `/api/admin/topup/${await userId('alice')}`,
      { token: tok('admin'), body: { amount: 10, reason: 'Enterprise trial' }, headers: { 'Idempotency-Key': topUpKey } },
      200,
    );
  await call('POST', `/api/admin/topup/${await userId('bob')}`, { token: tok('admin'), body: { amount: 3, reason: 'Goodwill' } }, 200);

  // Sessions: Bob signs in on a second device and ends it from the first; Carol signs out; Erin ends her other sessions.
  const second = await signIn('bob', 2);
  const { sessions } = await call<{ sessions: Array<{ id: string; current: boolean }> }>('GET', '/api/account/sessions', { token: second }, 200);
  const secondId = sessions.find((s) => s.current)!.id;
  await signIn('bob');
  await call('DELETE', `/api/account/sessions/${secondId}`, { token: tok('bob') }, 200);
  refused.push({ who: 'bob', token: second, why: 'its session was ended from another one' });
  const carolOld = tok('carol');
  await call('POST', '/api/auth/logout', { token: carolOld }, 200);
  refused.push({ who: 'carol', token: carolOld, why: 'signed out' });
  await signIn('carol');
  const erinOther = await signIn('erin', 2);
  await signIn('erin');
  await call('DELETE', '/api/account/sessions', { token: tok('erin') }, 200);
  refused.push({ who: 'erin', token: erinOther, why: 'ended by signing out all other sessions' });

  await call('DELETE', `/api/webhooks/${doomed}`, { token: tok('alice') }, 204);
  webhookIds.splice(
    webhookIds.findIndex((w) => w.id === doomed),
    1,
  );
  deletedWebhooks.push({ owner: 'alice', id: doomed });
  await settleDeliveries('alice');
}

/**
 * After the clock jumped past a slot: the scheduler (every second) re-screens Alice's daily watches
 * (charged) and skips Dave's (blocked); waits until both show, so nothing is left half done.
 */
async function scheduledRescreens(skipsSoFar: number) {
  const since = Date.now() + clock.ms - HOUR;
  await until('the scheduled re-screens', async () => {
    const { items } = await call<{ items: Array<{ pending_check_id: string | null; last_screened_at: string | null }> }>(
      'GET',
      '/api/watchlist',
      { token: tok('alice') },
      200,
    );
    return items.length === 2 && items.every((w) => w.pending_check_id === null && w.last_screened_at !== null && Date.parse(w.last_screened_at) > since);
  });
  await until("the scheduler to skip Dave's watch", async () => {
    const { items } = await call<{ items: unknown[] }>('GET', '/api/admin/audit?type=WatchRescreenSkipped&limit=50', { token: tok('admin') }, 200);
    return items.length >= skipsSoFar;
  });
}

async function phaseTwo(receiver: WebhookReceiver) {
  console.log('day 2');
  for (const who of ['admin', 'auditor', 'alice', 'bob', 'carol', 'erin'] as const) await signIn(who);

  await scheduledRescreens(1);

  // A block list naming the fresh wallet Alice watches: re-screened at once, free, and an alert raised (e-mailed, and sent to her webhook).
  const list = (name: string, kind: 'block' | 'allow', content: string) =>
    call<{ id: string }>('POST', '/api/admin/lists', { token: tok('admin'), body: { name, kind, content } }, 201);
  await list('Partner risk', 'block', `${a.btcFresh}\n`);
  const alert = await until('the alert', async () => {
    const { items } = await call<{ items: Array<{ id: string; emailed_at: string | null }> }>('GET', '/api/alerts?status=all', { token: tok('alice') }, 200);
    return items.find((x) => x.emailed_at !== null);
  });
  await list('Known customers', 'allow', `${t.eth.wallet}\n`);
  const old = await list('Old vendor list', 'block', `${a.btcC}\n`);
  await call('DELETE', `/api/admin/lists/${old.id}?reason=${encodeURIComponent('Vendor contract ended')}`, { token: tok('admin') }, 200);
  await call<{ version: number }>(
    'POST',
    '/api/admin/lists',
    { token: tok('admin'), body: { name: 'Partner risk', kind: 'block', content: `${a.btcFresh}\n${a.btcD}\n` } },
    [200, 201],
  );

  // Alice opens the alert as a case, decides, and the admin approves the close; then reopens it. The alert is acknowledged and resolved.
  const three = await call<{ id: string }>('POST', '/api/cases', { token: tok('alice'), body: { alert_id: alert.id } }, 201);
  caseIds.push({ owner: 'alice', id: three.id });
  await call('POST', `/api/cases/${three.id}/decision`, { token: tok('alice'), body: { decision: 'reject', reason: 'Partner flagged the wallet' } }, 200);
  await call('POST', `/api/cases/${three.id}/close`, { token: tok('alice') }, 200);
  await call('POST', `/api/cases/${three.id}/close`, { token: tok('admin') }, 200);
  await call('POST', `/api/cases/${three.id}/reopen`, { token: tok('admin'), body: { reason: 'Partner withdrew the flag' } }, 200);
  await call('POST', `/api/alerts/${alert.id}/acknowledge`, { token: tok('alice') }, 200);
  await call('POST', `/api/alerts/${alert.id}/resolve`, { token: tok('alice'), body: { note: 'Customer offboarded' } }, 200);

  // A case of Carol's, left open with a note.
  const carolCheck = checks.find((c) => c.owner === 'carol')!.id;
  const four = await call<{ id: string }>('POST', '/api/cases', { token: tok('carol'), body: { check_id: carolCheck } }, 201);
  caseIds.push({ owner: 'carol', id: four.id });
  await call('POST', `/api/cases/${four.id}/notes`, { token: tok('carol'), body: { text: 'Fresh wallet, no history yet' } }, 200);

  // A newer sanctions list (re-screens the watched wallets it names, free).
  await uploadSanctions(`${sanctionsV2}\n`, 'sdn.csv', 200);

  // Bob's endpoint answers 503 from now on: it fails for days (and is disabled on day 7).
  receiver.answer('/down', ...Array<number>(20).fill(503));
  const down = await call<{ id: string }>(
    'POST',
    '/api/webhooks',
    { token: tok('bob'), body: { url: `${receiver.url}/down`, events: ['screening.completed'], description: 'Back office (decommissioned host)' } },
    201,
  );
  webhookIds.push({ owner: 'bob', id: down.id });

  // Bob buys again (this plan does not expire for a year) and checks.
  const bought = await startCheckout('bob', 'professional');
  await call('POST', '/api/billing/local/complete', { token: tok('bob'), body: { session: bought } }, 200);
  await check('bob', a.ltcWallet, 'litecoin');
  await check('erin', t.btc.wallet);

  // Webhooks: a secret rotated, a description changed, a delivery redelivered.
  const [everything, flaky] = webhookIds.map((w) => w.id);
  await call('POST', `/api/webhooks/${everything}/secret/rotate`, { token: tok('alice') }, 200);
  await call('PATCH', `/api/webhooks/${flaky}`, { token: tok('alice'), body: { description: 'Flaky receiver (fixed)' } }, 200);
  const { items } = await call<{ items: Array<{ id: string; attempt_count: number }> }>(
    'GET',
    `/api/webhooks/${flaky}/deliveries`,
    { token: tok('alice') },
    200,
  );
  const redelivered = items.find((d) => d.attempt_count === 2)!;
  await call('POST', `/api/webhooks/${flaky}/deliveries/${redelivered.id}/redeliver`, { token: tok('alice') }, 202);
  await until('the redelivery', async () => {
    const after = await call<{ items: Array<{ id: string; attempt_count: number; status: string }> }>(
      'GET',
      `/api/webhooks/${flaky}/deliveries`,
      { token: tok('alice') },
      200,
    );
    return after.items.some((d) => d.id === redelivered.id && d.attempt_count === 3 && d.status === 'succeeded');
  });

  // The read-only key is revoked; the main key is used once more.
  const readOnly = apiKeys.find((k) => k.owner === 'alice' && !k.expired && k.id !== apiKeys[0]!.id)!;
  await call('DELETE', `/api/keys/${readOnly.id}`, { token: tok('alice') }, 200);
  readOnly.revoked = true;
  await call('GET', '/api/v1/screenings', { headers: { 'X-API-Key': apiKeys[0]!.key } }, 200);

  // The auditor looks at a case and a check's stream (recorded).
  await call('GET', `/api/admin/cases/${caseIds[0]!.id}`, { token: tok('auditor') }, 200);
  await call('GET', `/api/admin/checks/${checks[0]!.id}/events`, { token: tok('auditor') }, 200);

  await settleDeliveries('alice');
  await until("the first failed delivery to Bob's endpoint", async () => {
    const { items } = await call<{ items: Array<{ attempt_count: number }> }>('GET', `/api/webhooks/${down.id}/deliveries`, { token: tok('bob') }, 200);
    return items.length === 1 && items[0]!.attempt_count === 1;
  });
}

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_compat_fixture', STRIPE_WEBHOOK_SECRET: 'whsec_test_compat_fixture', STRIPE_API_BASE: 'http://127.0.0.1:9' };

/** Day 6, the server configured for Stripe: Erin's Checkout session is paid (the signed webhook arrives twice, applied once). */
async function phaseSix() {
  console.log('day 6');
  for (const who of ['admin', 'alice', 'bob', 'erin'] as const) await signIn(who);
  await scheduledRescreens(2);
  const erinId = await userId('erin');
  const payload = JSON.stringify({
    id: 'evt_compat_fixture_1',
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2025-01-27.acacia',
    created: Math.floor((Date.now() + clock.ms) / 1000),
    livemode: false,
    data: {
      object: {
        id: 'cs_test_compat_fixture_1',
        object: 'checkout.session',
        mode: 'payment',
        client_reference_id: erinId,
        metadata: { plan_id: 'starter', plan_name: 'Starter', checks: '10', user_id: erinId },
        amount_total: 2500,
        currency: 'usd',
        payment_status: 'paid',
        status: 'complete',
      },
    },
  });
  // Signed as Stripe signs (the signature's time is the real one: Stripe's tolerance is checked against it).
  const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret: STRIPE.STRIPE_WEBHOOK_SECRET });
  const first = await call<{ applied: boolean }>('POST', '/api/billing/webhook', { raw: payload, headers: { 'stripe-signature': signature } }, 200);
  const again = await call<{ applied: boolean }>('POST', '/api/billing/webhook', { raw: payload, headers: { 'stripe-signature': signature } }, 200);
  if (!first.applied || again.applied) throw new Error(`the Stripe payment was applied ${first.applied ? (again.applied ? 'twice' : 'once') : 'never'}`);
  await check('erin', a.btcA);

  // The second attempt to Bob's endpoint, four days after the first, fails too.
  const down = webhookIds.find((w) => w.owner === 'bob')!.id;
  await until("the second failed delivery to Bob's endpoint", async () => {
    const { items } = await call<{ items: Array<{ attempt_count: number }> }>('GET', `/api/webhooks/${down}/deliveries`, { token: tok('bob') }, 200);
    return items[0]!.attempt_count === 2;
  });
}

/** Day 7, Stripe configured no more: Bob's endpoint has failed for five days and is disabled (and he is told by e-mail). */
async function phaseSeven(dataDir: string) {
  console.log('day 7');
  for (const who of ['admin', 'auditor', 'alice', 'bob', 'carol', 'erin'] as const) await signIn(who);
  await scheduledRescreens(3);
  const down = webhookIds.find((w) => w.owner === 'bob')!.id;
  await until("Bob's endpoint to be disabled", async () => {
    const endpoint = await call<{ enabled: boolean; disabled_reason: string | null }>('GET', `/api/webhooks/${down}`, { token: tok('bob') }, 200);
    return !endpoint.enabled && endpoint.disabled_reason !== null;
  });
  await until(
    'the e-mail saying so',
    async () => existsSync(path.join(dataDir, 'outbox')) && readdirSync(path.join(dataDir, 'outbox')).some((f) => f.includes('webhook')),
  );
  // Its delivery, due again half an hour later, is abandoned then (the endpoint is disabled).
  server.advance(31 * 60_000);
  await until("the delivery to Bob's disabled endpoint to be abandoned", async () => {
    const { items } = await call<{ items: Array<{ status: string }> }>('GET', `/api/webhooks/${down}/deliveries`, { token: tok('bob') }, 200);
    return items[0]!.status === 'abandoned';
  });
  await check('carol', t.eth.wallet, 'ethereum');
}

/**
 * The Customers screen (a read model) against the balance the audit folds from the events, for
 * every customer: they must agree, or the data directory would record a read model's mistake.
 */
async function balancesAgree(when: string) {
  await server.projections.waitFor(await server.eventStore.headPosition());
  const admin = await signIn('admin');
  const problems: string[] = [];
  for (const who of customers) {
    const id = await userId(who);
    const row = (
      await call<Array<{ email: string; remaining_checks: number; bonus_checks: number; purchased_checks: number }>>(
        'GET',
        `/api/admin/customers?email=${encodeURIComponent(people[who].email)}`,
        { token: admin },
        200,
      )
    ).find((r) => r.email === people[who].email)!;
    const folded = await call<{ remaining_checks: number; bonus_checks: number; purchased_checks: number }>(
      'GET',
      `/api/admin/audit/balance/${id}`,
      { token: admin },
      200,
    );
    const pick = (b: typeof folded) => `${b.remaining_checks} (${b.bonus_checks} bonus, ${b.purchased_checks} purchased)`;
    if (pick(row) !== pick(folded)) problems.push(`${people[who].email}: Customers shows ${pick(row)}, the events give ${pick(folded)}`);
  }
  if (problems.length > 0) throw new Error(`${when}, the Customers read model disagrees with the events:\n  ${problems.join('\n  ')}`);
}

/** The user id a session token was issued to (its `sub` claim). */
function subjectOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown };
  if (typeof payload.sub !== 'string') throw new Error('a session token without a subject');
  return payload.sub;
}

async function userId(who: Key): Promise<string> {
  const rows = await call<Array<{ id: string; email: string }>>(
    'GET',
    `/api/admin/customers?email=${encodeURIComponent(people[who].email)}`,
    { token: tok('admin') },
    200,
  );
  const row = rows.find((r) => r.email === people[who].email);
  if (!row) throw new Error(`${people[who].email} is not among the customers`);
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// What a later build must find again
// ---------------------------------------------------------------------------------------------

async function pages<T>(url: string, token: string, limit = 100): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await call<T[]>('GET', `${url}${url.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`, { token }, 200);
    out.push(...page);
    if (page.length < limit) return out;
  }
}

async function capture(): Promise<Omit<Manifest, 'format' | 'build' | 'writtenAt' | 'wallClockAt' | 'env' | 'files' | 'events'>> {
  // Final sessions: a token per person that can sign in, valid at writtenAt.
  for (const who of ['admin', 'auditor', 'alice', 'bob', 'carol', 'erin'] as const) await signIn(who, 9);
  const admin = tok('admin');
  // The statistics of every day written on, named (the default range ends today, whenever that is).
  const statsQuery = `from=${startedAt.slice(0, 10)}&to=${new Date(Date.now() + clock.ms).toISOString().slice(0, 10)}`;

  const histories: Record<string, string[]> = {};
  for (const who of customers) {
    if (who === 'dave') continue;
    histories[people[who].email] = (await pages<{ id: string }>('/api/transactions/history', tok(who))).map((h) => h.id);
  }
  const adminRows = await pages<{ id: string; user_email: string }>('/api/admin/transactions', admin);
  const ownerOf = (email: string) => customers.find((k) => people[k].email === email)!;
  // Every check the admin's History lists (re-screens included), and the ones it leaves out (failed).
  for (const row of adminRows) if (!checks.some((c) => c.id === row.id)) checks.push({ id: row.id, owner: ownerOf(row.user_email), via: 'monitoring' });

  const manifestChecks: ManifestCheck[] = [];
  for (const c of checks) {
    const owner = people[c.owner];
    const ownerToken = c.owner === 'dave' ? null : tok(c.owner);
    const result = ownerToken ? await server.api<Record<string, unknown>>('GET', `/api/transactions/checks/${c.id}`, { token: ownerToken }) : null;
    const history =
      ownerToken && histories[owner.email]!.includes(c.id) ? await call('GET', `/api/transactions/history/${c.id}`, { token: ownerToken }, 200) : null;
    const adminDetail = adminRows.some((r) => r.id === c.id) ? await call('GET', `/api/admin/transactions/${c.id}`, { token: admin }, 200) : null;
    const replay = await call('GET', `/api/admin/checks/${c.id}/replay`, { token: admin }, 200);
    const events = await call<{ status: string; events: Array<{ type: string }>; versions: unknown }>(
      'GET',
      `/api/admin/checks/${c.id}/events`,
      { token: admin },
      200,
    );
    const body = result?.body ?? adminDetail ?? {};
    manifestChecks.push({
      id: c.id,
      owner: owner.email,
      address: String((body.wallet_address ?? body.address ?? '') as string),
      network: String((body.network ?? '') as string),
      via: c.via,
      result: result ? { status: result.status, body: result.body } : null,
      history,
      admin: adminDetail,
      replay,
      events: { status: events.status, types: events.events.map((e) => e.type), versions: events.versions },
    });
  }

  const users: ManifestUser[] = [];
  for (const p of Object.values(people) as Person[]) {
    const who = p.key as Key;
    const isCustomer = p.role === 'user';
    const id = isCustomer ? await userId(who) : '';
    const blocked = who === 'dave';
    const signInUrl = isCustomer ? '/api/auth/login' : '/api/admin/admin-login';
    const attempt = await server.api<{ error?: string }>('POST', signInUrl, { body: { email: p.email, password: p.password } });
    if (!blocked) tokens.set(who, (attempt.body as { token?: string }).token ?? tok(who));
    const token = blocked ? null : tok(who);
    const profile = token
      ? await call<{ checks_left: number; bonus_checks: number; role: string; email: string }>('GET', '/api/profile', { token }, 200)
      : null;
    const refusedTokens = [];
    for (const r of refused.filter((x) => x.who === who)) {
      const res = await server.api('GET', '/api/profile', { token: r.token });
      if (res.status < 400) throw new Error(`${who}'s token ${r.why} is still accepted`);
      refusedTokens.push({ token: r.token, status: res.status, why: r.why });
    }
    users.push({
      key: who,
      email: p.email,
      username: p.username,
      password: p.password,
      role: p.role,
      id: id || subjectOf(tok(who)),
      blocked,
      profile: profile && { checks_left: profile.checks_left, bonus_checks: profile.bonus_checks, role: profile.role },
      customer: isCustomer
        ? (await call<Array<Record<string, unknown>>>('GET', `/api/admin/customers?email=${encodeURIComponent(p.email)}`, { token: admin }, 200)).find(
            (r) => r.email === p.email,
          )!
        : null,
      auditBalance: isCustomer ? await call('GET', `/api/admin/audit/balance/${id}`, { token: admin }, 200) : null,
      token,
      refusedTokens,
      sessionIds:
        token && isCustomer ? (await call<{ sessions: Array<{ id: string }> }>('GET', '/api/account/sessions', { token }, 200)).sessions.map((s) => s.id) : [],
      signIn: { status: attempt.status, error: attempt.status === 200 ? null : (attempt.body.error ?? null) },
    });
  }

  const cases = [];
  for (const c of caseIds)
    cases.push({
      id: c.id,
      owner: people[c.owner].email,
      detail: await call('GET', `/api/cases/${c.id}`, { token: tok(c.owner) }, 200),
      adminDetail: await call('GET', `/api/admin/cases/${c.id}`, { token: admin }, 200),
    });

  const keyLists = new Map<Key, Array<Record<string, unknown> & { id: string }>>();
  const manifestKeys = [];
  for (const k of apiKeys) {
    if (!keyLists.has(k.owner))
      keyLists.set(k.owner, (await call<{ items: Array<Record<string, unknown> & { id: string }> }>('GET', '/api/keys', { token: tok(k.owner) }, 200)).items);
    const listed = keyLists.get(k.owner)!.find((x) => x.id === k.id)!;
    const res = await server.api<{ error?: string }>('GET', '/api/v1/screenings?limit=1', { headers: { 'X-API-Key': k.key } });
    if ((res.status === 200) === (k.revoked || k.expired)) throw new Error(`key ${k.id} answered ${res.status}`);
    manifestKeys.push({
      owner: people[k.owner].email,
      id: k.id,
      key: k.key,
      revoked: k.revoked,
      expired: k.expired,
      listed,
      status: res.status,
      error: res.status === 200 ? null : (res.body.error ?? null),
    });
  }

  const byUser: Record<string, unknown> = {};
  for (const who of ['alice', 'bob', 'carol', 'erin'] as const)
    byUser[people[who].email] = await call('GET', '/api/account/purchases?limit=100', { token: tok(who) }, 200);

  const watches: Record<string, unknown[]> = {};
  const alerts: Record<string, unknown[]> = {};
  for (const who of ['alice', 'bob', 'carol', 'erin'] as const) {
    watches[people[who].email] = (await call<{ items: unknown[] }>('GET', '/api/watchlist?limit=100', { token: tok(who) }, 200)).items;
    alerts[people[who].email] = (await call<{ items: unknown[] }>('GET', '/api/alerts?status=all&limit=100', { token: tok(who) }, 200)).items;
  }

  const webhooks = [];
  for (const w of webhookIds) {
    webhooks.push({
      owner: people[w.owner].email,
      endpoint: await call('GET', `/api/webhooks/${w.id}`, { token: tok(w.owner) }, 200),
      secret: (await call<{ secret: string }>('GET', `/api/webhooks/${w.id}/secret`, { token: tok(w.owner) }, 200)).secret,
      deliveries: (await call<{ items: unknown[] }>('GET', `/api/webhooks/${w.id}/deliveries`, { token: tok(w.owner) }, 200)).items,
    });
  }

  const batches = [];
  for (const b of batchIds)
    batches.push({
      owner: people[b.owner].email,
      batch: await call('GET', `/api/batches/${b.id}`, { token: tok(b.owner) }, 200),
      rows: await call('GET', `/api/batches/${b.id}/rows?limit=100`, { token: tok(b.owner) }, 200),
    });

  return {
    auditVerify: await call('GET', '/api/admin/audit/verify', { token: admin }, 200),
    users,
    checks: manifestChecks,
    histories,
    adminHistory: adminRows.map((r) => r.id),
    cases,
    apiKeys: manifestKeys,
    purchases: { admin: await call<unknown[]>('GET', '/api/admin/purchases', { token: admin }, 200), byUser },
    localCheckouts: await Promise.all(
      localCheckouts.map(async (l) => ({
        owner: people[l.owner].email,
        session: l.session,
        answer: await call('GET', `/api/billing/local/sessions/${l.session}`, { token: tok(l.owner) }, 200),
      })),
    ),
    lists: await call<unknown[]>('GET', '/api/admin/lists', { token: admin }, 200),
    sanctionsStatus: await call('GET', '/api/sanctions/status', { token: tok('alice') }, 200),
    feeds: await call('GET', '/api/admin/feeds', { token: admin }, 200),
    watches,
    alerts,
    webhooks,
    deletedWebhooks: deletedWebhooks.map((w) => ({ owner: people[w.owner].email, id: w.id })),
    batches,
    stats: { query: statsQuery, answer: await call('GET', `/api/admin/stats?${statsQuery}`, { token: admin }, 200) },
  };
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

/** Closes the server; something must keep the event loop alive meanwhile (see the report: its checkpointer thread is unref'd). */
async function stop(s: TestServer) {
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    await s.close();
  } finally {
    clearInterval(keepAlive);
  }
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
}

async function main() {
  const out = outDirFromArgs();
  // Run from this bundle, the server starts its projections thread from dist/run/projections-thread.cjs
  // when that file exists, whichever sources it was bundled from (a test run's, perhaps with a change
  // since undone); removed, it is bundled again from the sources being recorded.
  rmSync(path.join(__dirname, 'projections-thread.cjs'), { force: true });
  const work = mkdtempSync(path.join(tmpdir(), 'ws-compat-write-'));
  const dataDir = path.join(work, 'data');
  let replay: ReplayServer | undefined;
  let receiver: WebhookReceiver | undefined;
  try {
    replay = await startReplayServer(compatRoutes());
    receiver = await startWebhookReceiver();
    const env = {
      CHAIN_DATA_TIMEOUT_MS: '20000',
      CHECK_STAGE_TIMEOUT_MS: '4000',
      CHECK_WAIT_MS: '30000',
      MONITORING_SCHEDULER_INTERVAL_SECONDS: '1',
      WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
      // Tree heads signed as the log grows, as a server left to itself does (the test servers sign none by default).
      AUDIT_LOG_TREE_HEAD_SECONDS: '60',
    };
    const chain = compatChainEnv(replay.url);

    // Day 1: purchases expire after a day on this server.
    server = await startTestServer({ ...chain, ...env, PURCHASE_EXPIRY_DAYS: '1' }, dataDir, clock);
    await phaseOne(receiver, dataDir);
    await balancesAgree('day 1 end');
    await stop(server);

    // Day 2, a day and an hour later, with purchases lasting a year: Bob's first purchase expires at start.
    clock.ms += 25 * HOUR;
    server = await startTestServer({ ...chain, ...env }, dataDir, clock);
    await phaseTwo(receiver);
    await balancesAgree('day 2 end');
    await stop(server);

    // Day 6, with Stripe configured.
    clock.ms += 4 * 24 * HOUR;
    server = await startTestServer({ ...chain, ...env, ...STRIPE }, dataDir, clock);
    await phaseSix();
    await balancesAgree('day 6 end');
    await stop(server);

    // Day 7, a day and a minute later, without Stripe again.
    clock.ms += 24 * HOUR + 60_000;
    server = await startTestServer({ ...chain, ...env }, dataDir, clock);
    await phaseSeven(dataDir);
    await balancesAgree('day 7 end');

    // Nothing left running: no check, no delivery; the read models caught up.
    for (const who of ['alice', 'bob', 'carol', 'erin'] as const) {
      await until(`${who}'s checks to settle`, async () => (await call<unknown[]>('GET', '/api/transactions/running', { token: tok(who) }, 200)).length === 0);
    }
    await settleDeliveries('alice');
    await settleDeliveries('bob');
    await server.projections.waitFor(await server.eventStore.headPosition());
    const captured = await capture();
    await server.projections.waitFor(await server.eventStore.headPosition());
    const writtenAt = new Date(Date.now() + clock.ms).toISOString();
    const head = await server.eventStore.headPosition();
    await stop(server);

    // The files, checkpointed: no -wal or -shm is left beside them.
    for (const f of ['walletscreen.db', 'read-models.db']) {
      const db = new Database(path.join(dataDir, f));
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      for (const suffix of ['-wal', '-shm']) if (existsSync(path.join(dataDir, f + suffix))) throw new Error(`${f}${suffix} is still there after a checkpoint`);
    }
    const digest = eventsDigest(path.join(dataDir, 'walletscreen.db'));
    if (digest.count !== head) throw new Error(`the store holds ${digest.count} events but its head is ${head}`);
    const db = new Database(path.join(dataDir, 'walletscreen.db'), { readonly: true });
    const types = Object.fromEntries(
      (db.prepare('SELECT type, count(*) AS n FROM events GROUP BY type ORDER BY type').all() as Array<{ type: string; n: number }>).map((r) => [r.type, r.n]),
    );
    const last = db.prepare('SELECT position, hash FROM events ORDER BY position DESC LIMIT 1').get() as { position: number; hash: string };
    db.close();

    mkdirSync(out, { recursive: true });
    const files: Manifest['files'] = [];
    const { createHash } = await import('node:crypto');
    for (const f of DATA_FILES) {
      if (f.optional && !existsSync(path.join(dataDir, f.name))) continue;
      const bytes = readFileSync(path.join(dataDir, f.name));
      const stored = f.stored.endsWith('.gz') ? gzipSync(bytes, { level: 9 }) : bytes;
      writeFileSync(path.join(out, f.stored), stored, { mode: 0o600 });
      files.push({ name: f.name, stored: f.stored, bytes: bytes.length, storedBytes: stored.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    }
    const manifest: Manifest = {
      format: 1,
      build: {
        commit: git('rev-parse', 'HEAD'),
        productCommit: git('log', '-1', '--format=%H', '--', '.', ':(exclude)tests/compat'),
        dirty: git('status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)tests/compat').length > 0,
      },
      writtenAt,
      wallClockAt: new Date().toISOString(),
      env,
      files,
      events: { ...digest, types, headPosition: last.position, lastHash: last.hash },
      ...captured,
    };
    writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`wrote ${out}: ${digest.count} events of ${Object.keys(types).length} types, ${manifest.checks.length} checks, ${manifest.cases.length} cases`);
    for (const f of files) console.log(`  ${f.stored}: ${f.storedBytes} bytes (${f.bytes} unpacked)`);
  } finally {
    await receiver?.close();
    await replay?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
