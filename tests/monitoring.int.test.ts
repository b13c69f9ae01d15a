/**
 * Monitoring on the embedded server, blockchain data replayed from recorded answers on loopback:
 * watching wallets (session and API key), scheduled re-screens charged once per slot however
 * often the scheduler runs, skipped (never on credit) without checks, a sanctions list that names
 * a watched wallet re-screening it free and without a blockchain call and raising an alert with
 * before/after and evidence, the alert e-mail, and acknowledging and resolving it (audit log).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Alert, AlertList, CreateApiKeyResponse, WalletAnalysis, WatchList, WatchResult } from '@walletscreen/contracts';
import type { WalletCheckRequested } from '@walletscreen/domain/check/events';
import { rescreenPricing, WATCH_BATCH_MAX } from '@walletscreen/contracts';
import { createLogger, type RecordedEvent } from '@walletscreen/platform';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { NO_CHECKS_LEFT } from '@walletscreen/domain/user/decide';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { ADMIN, startTestServer, type TestServer } from './support/server';
import { startSmtpSink } from './support/smtp';

const HOUR = 3_600_000;
const officer = { email: 'watcher@exchange.example', password: 'Watcher-Passphrase-1', username: 'Watcher' };
const broke = { email: 'broke@exchange.example', password: 'Broke-Passphrase-1', username: 'Broke' };

let replay: ReplayServer;
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  smtp = await startSmtpSink();
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    // Every fetch reaches the replay server, so its request count shows every blockchain call.
    CHAIN_DATA_CACHE_TTL_MS: '0',
    CHECK_WAIT_MS: '20000',
    SMTP_URL: smtp.url,
    // The tests run the scheduler's passes themselves, at the moments they choose.
    MONITORING_SCHEDULER_INTERVAL_SECONDS: '0',
  });
  for (const u of [officer, broke]) await server.api('POST', '/api/auth/register', { body: u });
  // A list is in force from the start, so the first checks have a verdict (not "Incomplete").
  await loadOfacList('13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ', new Date());
}, 60_000);
afterAll(async () => {
  await server.destroy();
  await replay.close();
  await smtp.close();
});

async function loadOfacList(address: string, at: Date) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  writeFileSync(
    path.join(dir, 'sdn.csv'),
    `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${address}."\n`,
  );
  await runSanctionsSync({ eventStore: server.eventStore, file: path.join(dir, 'sdn.csv'), clock: () => at, logger: createLogger({ level: 'silent' }) });
}

/** A fresh session (the tests move the clock by days, past a session's life). */
const login = async (u = officer) => (await server.api<{ token: string }>('POST', '/api/auth/login', { body: u })).body.token;
const adminToken = async () => (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
const checksLeft = async (u = officer) => (await server.api<{ checks_left: number }>('GET', '/api/profile', { token: await login(u) })).body.checks_left;
const watchlist = async (u = officer) => (await server.api<WatchList>('GET', '/api/watchlist', { token: await login(u) })).body;
const alerts = async (u = officer, status = 'all') => (await server.api<AlertList>('GET', `/api/alerts?status=${status}`, { token: await login(u) })).body;
const checkEvents = async () => server.eventStore.readAll({ filter: { eventTypes: ['WalletCheckRequested'] } });
const requests = async (userId: string) => (await checkEvents()).map((e: RecordedEvent) => e.data as WalletCheckRequested).filter((r) => r.userId === userId);

async function until<T>(probe: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function check(token: string, wallet: string = a.btcWallet) {
  const res = await server.api<WalletAnalysis & { check_id: string; status: string }>('POST', '/api/transactions/analyze-realtime', {
    token,
    body: { wallet_address: wallet },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status).toBe(200);
  return res.body;
}

let firstCheckId: string;
let watchId: string;

describe('watching wallets', () => {
  it('watches a wallet from a check result, once however often it is added, with its verdict as the baseline', async () => {
    const token = await login();
    const result = await check(token);
    expect(result.status).toBe('completed');
    firstCheckId = result.check_id;

    const added = await server.api<WatchResult>('POST', '/api/watchlist', {
      token,
      body: { address: a.btcWallet, check_id: firstCheckId, reference: 'customer-17', tags: ['vip'] },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ added: 1, already_watched: 0 });
    watchId = added.body.items[0]!.id;

    const again = await server.api<WatchResult>('POST', '/api/watchlist', { token, body: { items: [{ address: a.btcWallet }, { address: a.btcWallet }] } });
    expect(again.body).toMatchObject({ added: 0, already_watched: 2 });
    expect((await server.eventStore.readStream(`watch-${watchId}`)).map((e) => e.type)).toEqual(['WalletWatched']);

    const list = await watchlist();
    expect(list.total).toBe(1);
    expect(list.pricing).toEqual({ scheduled: rescreenPricing.scheduled, list_change: rescreenPricing.listChange });
    const [watch] = list.items;
    expect(watch).toMatchObject({
      id: watchId,
      address: a.btcWallet,
      network: 'bitcoin',
      reference: 'customer-17',
      tags: ['vip'],
      interval_hours: 24,
      status: 'active',
      last_check_id: firstCheckId,
      last_level: result.risk_level,
      skipped: null,
    });
    expect(Date.parse(watch!.next_rescreen_at!) - Date.parse(watch!.watched_at)).toBe(24 * HOUR);
  });

  it('refuses bad input with a 400 naming the item, and records nothing', async () => {
    const token = await login();
    const before = (await server.eventStore.readAll({ filter: { streamPrefixes: ['watch-'] } })).length;
    const bad = await server.api<{ errors: Record<string, string> }>('POST', '/api/watchlist', {
      token,
      body: { items: [{ address: a.btcA }, { address: 'not-a-wallet' }] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['items.1.address']);
    expect((await server.api('POST', '/api/watchlist', { token, body: { address: a.btcA, interval_hours: 0 } })).status).toBe(400);
    expect((await server.api('POST', '/api/watchlist', { token, body: { address: a.btcA, check_id: firstCheckId } })).status).toBe(400);
    expect((await server.api('POST', '/api/watchlist', { token, body: { items: [] } })).status).toBe(400);
    expect((await server.api('POST', '/api/watchlist', { body: { address: a.btcA } })).status).toBe(401);
    expect((await server.eventStore.readAll({ filter: { streamPrefixes: ['watch-'] } })).length).toBe(before);
  });

  it('says the limit to a call with one wallet too many (or too many tags), not "Invalid input", and records nothing', async () => {
    const token = await login();
    const before = await server.eventStore.headPosition();
    const items = Array.from({ length: WATCH_BATCH_MAX + 1 }, () => ({ address: a.btcA }));
    const tooMany = await server.api<{ error: string; errors: Record<string, string> }>('POST', '/api/watchlist', { token, body: { items } });
    expect([tooMany.status, tooMany.body.error, tooMany.body.errors]).toEqual([
      400,
      'At most 10,000 wallets per call',
      { items: 'At most 10,000 wallets per call' },
    ]);
    const tags = Array.from({ length: 21 }, (_, i) => `t${i}`);
    const tooManyTags = await server.api<{ errors: Record<string, string> }>('POST', '/api/watchlist', { token, body: { items: [{ address: a.btcA, tags }] } });
    expect([tooManyTags.status, tooManyTags.body.errors]).toEqual([400, { 'items.0.tags': 'At most 20 tags' }]);
    // Neither one wallet nor many: the answer says what is taken.
    const neither = await server.api<{ error: string }>('POST', '/api/watchlist', { token, body: { items: 'all of them' } });
    expect([neither.status, neither.body.error]).toEqual([400, 'Send one wallet ({ "address": … }) or up to 10,000 as { "items": [ … ] }']);
    expect(await server.eventStore.headPosition()).toBe(before);
  });

  it('edits the interval and unwatches; another user cannot see or change the watch', async () => {
    const token = await login();
    const added = await server.api<WatchResult>('POST', '/api/watchlist', { token, body: { address: a.btcA, interval: 'weekly' } });
    const id = added.body.items[0]!.id;
    const edited = await server.api<{ interval_hours: number; tags: string[] }>('PATCH', `/api/watchlist/${id}`, {
      token,
      body: { interval: 'hourly', tags: ['review'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ interval_hours: 1, tags: ['review'] });
    const other = await login(broke);
    expect((await server.api('DELETE', `/api/watchlist/${id}`, { token: other })).status).toBe(404);
    expect((await server.api('PATCH', `/api/watchlist/${id}`, { token: other, body: { interval: 'daily' } })).status).toBe(404);
    const removed = await server.api<{ status: string; next_rescreen_at: string | null }>('DELETE', `/api/watchlist/${id}`, { token });
    expect(removed.body).toMatchObject({ status: 'unwatched', next_rescreen_at: null });
    expect((await server.eventStore.readStream(`watch-${id}`)).map((e) => e.type)).toEqual(['WalletWatched', 'WatchUpdated', 'WalletUnwatched']);
    expect((await watchlist()).items.map((w) => w.id)).toEqual([watchId]);
  });

  it('refuses an edit that changes nothing (no body, {}, only fields it does not know), naming what may be changed, at both paths, and records nothing', async () => {
    // A user of its own: the other tests count the officer's watches.
    const editor = { email: 'editor@exchange.example', password: 'Editor-Passphrase-1', username: 'Editor' };
    expect((await server.api('POST', '/api/auth/register', { body: editor })).status).toBe(201);
    const token = await login(editor);
    const monitor = (await server.api<CreateApiKeyResponse>('POST', '/api/keys', { token, body: { name: 'patch-nothing', scopes: ['monitor'] } })).body.key;
    const id = (await server.api<WatchResult>('POST', '/api/watchlist', { token, body: { address: a.btcA } })).body.items[0]!.id;
    const before = await server.eventStore.headPosition();
    for (const [path, credentials] of [
      [`/api/watchlist/${id}`, { token }],
      [`/api/v1/watchlist/${id}`, { headers: { 'X-API-Key': monitor } }],
    ] as const) {
      const noBody = await server.api<{ error: string; errors: Record<string, string> }>('PATCH', path, credentials);
      expect([path, noBody.status, noBody.body.errors]).toEqual([
        path,
        400,
        { body: 'Nothing to change: send at least one of reference, tags, interval, interval_hours' },
      ]);
      for (const body of [{}, { note: 'not a field' }]) {
        const nothing = await server.api<{ error: string }>('PATCH', path, { ...credentials, body });
        expect([path, body, nothing.status, nothing.body.error]).toEqual([
          path,
          body,
          400,
          'Nothing to change: send at least one of reference, tags, interval, interval_hours',
        ]);
      }
      // Clearing the reference is an edit.
      expect((await server.api('PATCH', path, { ...credentials, body: { reference: null } })).status).toBe(200);
    }
    // Nothing was recorded but the key's use (clearing a reference the watch does not have changes nothing either).
    expect((await server.eventStore.readAll({ after: before })).map((e) => e.type)).toEqual(['ApiKeyUsed']);
    // The document says it: at least one of the fields, the body required.
    const doc = (
      await server.api<{
        paths: Record<string, Record<string, { requestBody: { required: boolean; content: Record<string, { schema: { anyOf: unknown } }> } }>>;
      }>('GET', '/api/openapi.json')
    ).body;
    for (const path of ['/api/watchlist/{id}', '/api/v1/watchlist/{id}']) {
      const body = doc.paths[path]!.patch!.requestBody;
      expect(body.required).toBe(true);
      expect(body.content['application/json']!.schema.anyOf).toEqual([
        { required: ['reference'] },
        { required: ['tags'] },
        { required: ['interval'] },
        { required: ['interval_hours'] },
      ]);
    }
  });

  it('is reachable with an API key with the monitor scope only', async () => {
    const token = await login();
    const key = async (scopes: string[]) =>
      (await server.api<CreateApiKeyResponse>('POST', '/api/keys', { token, body: { name: `k-${scopes.join('-')}`, scopes } })).body.key;
    const readOnly = await key(['read']);
    const monitor = await key(['monitor']);
    const forbidden = await server.api<{ detail: string }>('GET', '/api/v1/watchlist', { headers: { 'X-API-Key': readOnly } });
    expect(forbidden.status).toBe(403);
    expect((await server.api('POST', '/api/v1/watchlist', { headers: { 'X-API-Key': readOnly }, body: { address: a.btcB } })).status).toBe(403);

    const added = await server.api<WatchResult>('POST', '/api/v1/watchlist', {
      headers: { 'X-API-Key': monitor },
      body: { address: a.btcB, reference: 'api-ref' },
    });
    expect(added.status).toBe(201);
    const id = added.body.items[0]!.id;
    const watched = (await server.eventStore.readStream(`watch-${id}`))[0]!.data as { via: { kind: string } };
    expect(watched.via.kind).toBe('api');
    const listed = await server.api<WatchList>('GET', '/api/v1/watchlist', { headers: { 'X-API-Key': monitor } });
    expect(listed.body.items.map((w) => w.address)).toContain(a.btcB);
    const removed = await server.api<{ status: string }>('DELETE', `/api/v1/watchlist/${id}`, { headers: { Authorization: `Bearer ${monitor}` } });
    expect(removed.body.status).toBe('unwatched');
    expect((await server.api('GET', `/api/v1/watchlist/${randomUUID()}`, { headers: { 'X-API-Key': monitor } })).status).toBe(404);
  });
});

describe('scheduled re-screens', () => {
  it('charge one check per slot, however many schedulers run it', async () => {
    const userId = userIdForEmail(officer.email);
    const left = await checksLeft();
    const before = (await requests(userId)).length;

    server.advance(25 * HOUR);
    const passes = await Promise.all([server.rescreens.runOnce(), server.rescreens.runOnce(), server.rescreens.runOnce()]);
    await server.rescreens.runOnce();
    expect(passes.reduce((n, p) => n + p.started, 0)).toBeGreaterThanOrEqual(1);

    const rescreens = (await requests(userId)).slice(before);
    expect(rescreens).toHaveLength(1);
    expect(rescreens[0]!.rescreen).toMatchObject({ watchId, trigger: 'schedule', reuseChainEvidenceOf: null });
    expect(rescreens[0]!.idempotencyKey).toBe(`watch|${watchId}|${rescreens[0]!.rescreen!.slot}`);
    expect(await checksLeft()).toBe(left - 1);

    // Recorded on the watch once it completes; the same verdict raises no alert.
    const watch = await until(async () => (await watchlist()).items.find((w) => w.last_check_id === rescreens[0]!.checkId));
    expect(watch.pending_check_id).toBeNull();
    expect(Date.parse(watch.next_rescreen_at!)).toBeGreaterThan(Date.parse(rescreens[0]!.rescreen!.slot!));
    expect((await server.eventStore.readStream(`watch-${watchId}`)).filter((e) => e.type === 'WatchRescreenRequested')).toHaveLength(1);
    expect((await alerts()).total).toBe(0);
  });

  it('are skipped, with the reason, when no checks are left, and never take the balance below zero', async () => {
    const userId = userIdForEmail(broke.email);
    const token = await login(broke);
    const added = await server.api<WatchResult>('POST', '/api/watchlist', { token, body: { address: a.btcWallet, interval: 'daily' } });
    const id = added.body.items[0]!.id;
    // Spend every check.
    for (let left = await checksLeft(broke); left > 0; left--) await check(token);
    expect(await checksLeft(broke)).toBe(0);
    const before = (await requests(userId)).length;

    server.advance(25 * HOUR);
    await Promise.all([server.rescreens.runOnce(), server.rescreens.runOnce()]);
    const watch = (await watchlist(broke)).items.find((w) => w.id === id)!;
    expect(watch.skipped).toMatchObject({ reason: NO_CHECKS_LEFT });
    expect(await checksLeft(broke)).toBe(0);
    expect((await requests(userId)).length).toBe(before);
    const skips = (await server.eventStore.readStream(`watch-${id}`)).filter((e) => e.type === 'WatchRescreenSkipped');
    expect(skips).toHaveLength(1);

    // The next slot tries again: with a check topped up, it runs and clears the skip.
    const admin = await adminToken();
    expect((await server.api('POST', `/api/admin/topup/${userId}`, { token: admin, body: { amount: 1, reason: 'Goodwill' } })).status).toBe(200);
    server.advance(24 * HOUR);
    await server.rescreens.runOnce();
    expect((await requests(userId)).length).toBe(before + 1);
    const cleared = await until(async () => (await watchlist(broke)).items.find((w) => w.id === id && w.skipped === null && w.pending_check_id === null));
    expect(cleared.last_check_id).toBe((await requests(userId)).at(-1)!.checkId);
    expect(await checksLeft(broke)).toBe(0);
  });
});

describe('a list change', () => {
  let alert: Alert;

  it('re-screens a watched wallet it names at once, free, without any blockchain call, and raises an alert with before, after and evidence', async () => {
    const userId = userIdForEmail(officer.email);
    const left = await checksLeft();
    const chainCalls = replay.requests.length;
    const lastCheckId = (await watchlist()).items.find((w) => w.id === watchId)!.last_check_id!;
    const previous = (await alerts()).total;

    await loadOfacList(a.btcWallet, new Date(Date.now() + 50 * HOUR));

    const inbox = await until(async () => {
      const list = await alerts();
      return list.total > previous ? list : null;
    });
    alert = inbox.items.find((x) => x.watch_id === watchId)!;
    expect(alert).toMatchObject({ status: 'open', address: a.btcWallet, network: 'bitcoin', reference: 'customer-17', previous_check_id: lastCheckId });
    expect(alert.reasons).toContain('new-sanctions-hit');
    expect(alert.reasons).toContain('level-changed');
    expect(alert.before).toMatchObject({ level: 'Low Risk', sanctionsHits: [] });
    expect(alert.after).toMatchObject({ level: 'High Risk', status: 'Non-compliant' });
    expect(alert.after.sanctionsHits).toEqual([
      { relation: 'wallet', address: a.btcWallet, list: 'OFAC SDN', source: 'ofac', entity: 'HERON TEST EXCHANGE LTD.', programs: ['CYBER2'] },
    ]);
    expect(alert.after.level).not.toBe(alert.before.level);
    expect(alert.evidence).toMatchObject({ trigger: 'list-change', reusedChainEvidenceOf: lastCheckId, listChange: { kind: 'ofac-import', list: 'OFAC SDN' } });
    expect(alert.evidence.lists.ofac?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(inbox.open).toBeGreaterThanOrEqual(1);

    // No blockchain provider was called, and nothing was charged.
    expect(replay.requests.length).toBe(chainCalls);
    expect(await checksLeft()).toBe(left);
    const rescreen = (await requests(userId)).find((r) => r.checkId === alert.check_id)!;
    expect(rescreen).toMatchObject({ chargeSource: 'free', rescreen: { trigger: 'list-change', reuseChainEvidenceOf: lastCheckId } });
    const stages = (await server.eventStore.readStream(`check-${alert.check_id}`))
      .filter((e) => e.type === 'WalletCheckStageCompleted')
      .map((e) => e.data as { key: string; evidence: { reusedFrom?: { checkId: string } } });
    expect(stages.find((s) => s.key === 'blockchain')!.evidence.reusedFrom?.checkId).toBe(lastCheckId);
    expect((await server.eventStore.readStream(`user-${userId}`)).some((e) => (e.data as { checkId?: string }).checkId === alert.check_id)).toBe(false);

    // The watch shows the new verdict.
    const watch = (await watchlist()).items.find((w) => w.id === watchId)!;
    expect(watch).toMatchObject({ last_check_id: alert.check_id, last_level: alert.after.level, open_alerts: 1 });

    // One alert per check: the other user watching the wallet got theirs, on their own.
    expect((await alerts(broke)).items.every((x) => x.check_id !== alert.check_id)).toBe(true);
  });

  it('e-mails the alert once', async () => {
    // Quoted-printable may fold long lines: read the text unfolded.
    const text = (raw: string) => raw.replace(/=\r?\n/g, '');
    const mail = await until(async () => smtp.messages.find((m) => m.to.includes(officer.email) && text(m.raw).includes(alert.check_id)));
    expect(text(mail.raw)).toMatch(/Subject: Alert: /);
    expect(text(mail.raw)).toContain('HERON TEST EXCHANGE LTD.');
    expect(text(mail.raw)).toContain(a.btcWallet);
    await until(async () => (await server.eventStore.readStream(`alert-${alert.id}`)).some((e) => e.type === 'AlertEmailed'));
    expect(smtp.messages.filter((m) => m.to.includes(officer.email) && text(m.raw).includes(alert.check_id))).toHaveLength(1);
  });

  it('leaves wallets it does not touch alone, and re-screens on a custom list that names them', async () => {
    const listChanges = async () =>
      (await checkEvents()).map((e) => (e.data as WalletCheckRequested).rescreen?.listChange?.list).filter((l): l is string => l !== undefined);
    const before = await listChanges();
    const admin = await adminToken();
    const upload = (name: string, kind: 'block' | 'allow', address: string) =>
      server.api('POST', '/api/admin/lists', { token: admin, body: { name, kind, content: `${address}\n` } });
    expect((await upload('Unrelated', 'block', a.btcFresh)).status).toBe(201);
    expect((await upload('Known customers', 'allow', a.btcWallet)).status).toBe(201);
    // The worker takes list changes in order: once the second has re-screened, the first was looked at.
    const after = await until(async () => {
      const now = await listChanges();
      return now.includes('Known customers') ? now : null;
    });
    expect(after.slice(before.length).filter((l) => l === 'Unrelated')).toEqual([]);
    // Both users watch the wallet: one free re-screen each.
    expect(after.slice(before.length).filter((l) => l === 'Known customers')).toHaveLength(2);
  });
});

describe('the alerts inbox', () => {
  it('acknowledges, then resolves with a note, both in the audit log; another user cannot', async () => {
    const token = await login();
    const [alert] = (await alerts(officer, 'open')).items;
    expect(alert).toBeDefined();
    const other = await login(broke);
    expect((await server.api('POST', `/api/alerts/${alert!.id}/acknowledge`, { token: other })).status).toBe(404);

    const acknowledged = await server.api<Alert>('POST', `/api/alerts/${alert!.id}/acknowledge`, { token });
    expect(acknowledged.body).toMatchObject({ status: 'acknowledged', acknowledged_by: officer.email });
    expect((await server.api('POST', `/api/alerts/${alert!.id}/resolve`, { token, body: { note: '  ' } })).status).toBe(400);
    const resolved = await server.api<Alert>('POST', `/api/alerts/${alert!.id}/resolve`, { token, body: { note: 'Customer offboarded; SAR filed' } });
    expect(resolved.body).toMatchObject({ status: 'resolved', note: 'Customer offboarded; SAR filed', resolved_by: officer.email });
    expect((await server.api('POST', `/api/alerts/${alert!.id}/resolve`, { token, body: { note: 'again' } })).status).toBe(409);
    expect((await alerts(officer, 'open')).items.map((x) => x.id)).not.toContain(alert!.id);
    expect((await alerts(officer, 'resolved')).items.map((x) => x.id)).toContain(alert!.id);

    const admin = await adminToken();
    const audit = await server.api<{ items: Array<{ type: string; stream: string; data: { note?: string } }> }>(
      'GET',
      `/api/admin/audit?stream=${encodeURIComponent(`alert-${alert!.id}`)}&limit=50`,
      { token: admin },
    );
    expect(audit.body.items.map((e) => e.type).sort()).toEqual(['AlertAcknowledged', 'AlertEmailed', 'AlertRaised', 'AlertResolved']);
    expect(audit.body.items.find((e) => e.type === 'AlertResolved')!.data.note).toBe('Customer offboarded; SAR filed');
  });
});
