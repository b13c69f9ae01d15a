/**
 * The sanctions stage's own lists end to end on the embedded server: custom block and allow lists
 * uploaded by an admin over HTTP and screened by real checks (blockchain data replayed from
 * recorded responses on loopback), the sanctions status the Wallet Checker reads, and the
 * server's OFAC refresh against a list served on loopback (and against one that cannot be reached).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  customListMessages,
  noSanctionsListMessage,
  type CustomListSummary,
  type CustomListUploadResponse,
  type SanctionsStatus,
  type WalletAnalysis,
} from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { ADMIN, startTestServer, type TestServer } from './support/server';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const user = { email: 'officer@exchange.example', password: 'Officer-Passphrase-1', username: 'Exchange' };
const sdnCsv = (address: string) =>
  `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${address}."\n`;

let replay: ReplayServer;
let server: TestServer;
let token: string;
let adminToken: string;

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({ BITCOIN_ESPLORA_URLS: `${replay.url}/api`, CHAIN_DATA_RETRIES: '0', CHAIN_DATA_TIMEOUT_MS: '2000', CHECK_WAIT_MS: '20000' });
  await server.api('POST', '/api/auth/register', { body: user });
  token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
  adminToken = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
}, 60_000);
afterAll(async () => {
  await server.destroy();
  await replay.close();
});

type Analysis = WalletAnalysis & { check_id: string; status: string };
const check = async (wallet = a.btcWallet) => {
  const res = await server.api<Analysis>('POST', '/api/transactions/analyze-realtime', {
    token,
    body: { wallet_address: wallet },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status).toBe(200);
  expect(res.body.status).toBe('completed');
  return res.body;
};
const upload = (body: unknown, as = adminToken) =>
  server.api<CustomListUploadResponse & { error: string; errors: Record<string, string> }>('POST', '/api/admin/lists', { token: as, body });
const customListEvents = async () => (await server.eventStore.readAll({ filter: { streamPrefixes: ['custom-list-'] } })).length;
const status = async () => (await server.api<SanctionsStatus>('GET', '/api/sanctions/status', { token })).body;

describe('the sanctions status', () => {
  it('says no list is loaded, for signed-in users only', async () => {
    expect((await server.api('GET', '/api/sanctions/status')).status).toBe(401);
    expect(await status()).toEqual({
      loaded: false,
      source: null,
      publication_date: null,
      address_count: 0,
      list_hash: null,
      imported_at: null,
      last_sync_at: null,
      last_sync_result: null,
      last_sync_error: null,
      custom_lists: 0,
      format: null,
      publication_age_days: null,
      last_import: null,
      addresses: { listed: 0, screened: 0, cross_chain: 0, unscreenable: 0, unscreenable_tickers: [], delisted: 0 },
      last_failure: null,
    });
    // Customers are told what to do without configuration names or commands.
    expect(noSanctionsListMessage).toBe(
      'No OFAC sanctions list is loaded, so checks cannot be screened against sanctions. Ask your administrator to load the sanctions list.',
    );
    // A check says it plainly too.
    const r = await check();
    expect(r.sanctions).toBe('Not screened: no sanctions list is loaded');
    expect(r.aml_report).toContain('Sanctions screening was not possible: no sanctions list is loaded.');
  });

  it('is in the API document, with the custom-list calls', async () => {
    const doc = await server.api<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/openapi.json');
    expect(Object.keys(doc.body.paths['/api/sanctions/status']!)).toEqual(['get']);
    expect(Object.keys(doc.body.paths['/api/admin/lists']!)).toEqual(['get', 'post']);
    expect(Object.keys(doc.body.paths['/api/admin/lists/{id}']!)).toEqual(['delete']);
  });
});

describe('custom lists', () => {
  let blockListId: string;

  it('are for admins only, checked on the server', async () => {
    expect((await server.api('GET', '/api/admin/lists', { token })).status).toBe(403);
    expect((await upload({ name: 'Mine', kind: 'block', content: EVM }, token)).status).toBe(403);
    expect((await server.api('DELETE', `/api/admin/lists/${randomUUID()}`, { token })).status).toBe(403);
    expect((await server.api('GET', '/api/admin/lists')).status).toBe(401);
    expect(await customListEvents()).toBe(0);
  });

  it('refuse a file with no valid address, naming the bad lines, and record nothing', async () => {
    const res = await upload({ name: 'Broken', kind: 'block', content: '# header\nnot-an-address\n0x1234\n' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(customListMessages.noValidAddress);
    expect(res.body.errors).toMatchObject({
      'line 2': expect.stringMatching(/Not a recognized wallet address/),
      'line 3': expect.stringMatching(/0x followed by 40/),
    });
    const csv = await upload({ name: 'Broken', kind: 'block', content: `id,name\n1,${EVM}\n`, format: 'csv' });
    expect(csv.status).toBe(400);
    expect(csv.body.error).toMatch(/no address column/);
    expect((await upload({ name: '', kind: 'block', content: EVM })).status).toBe(400);
    expect((await upload({ name: 'x', kind: 'deny', content: EVM })).status).toBe(400);
    expect(await customListEvents()).toBe(0);
    expect((await server.api<CustomListSummary[]>('GET', '/api/admin/lists', { token: adminToken })).body).toEqual([]);
  });

  it('take files larger than other requests, from admins only, up to 5 MB', async () => {
    const hex = () => Array.from({ length: 40 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');
    const content = Array.from({ length: 4000 }, () => `0x${hex()}`).join('\n');
    expect(content.length).toBeGreaterThan(64 * 1024);
    expect((await upload({ name: 'Big', kind: 'block', content }, token)).status).toBe(403);
    const big = await upload({ name: 'Big', kind: 'block', content });
    expect(big.status).toBe(201);
    expect(big.body.count).toBe(4000);
    const tooLarge = await server.api('POST', '/api/admin/lists?name=Huge&kind=block', {
      token: adminToken,
      raw: `${content}\n`.repeat(40),
      headers: { 'content-type': 'text/plain' },
    });
    expect(tooLarge.status).toBe(413);
    expect((await server.api('DELETE', `/api/admin/lists/${big.body.id}`, { token: adminToken })).status).toBe(200);
  });

  it('count a counterparty on a block list as direct exposure, weighed like a sanctioned one', async () => {
    const res = await server.api<CustomListUploadResponse>('POST', `/api/admin/lists?name=${encodeURIComponent('Partner risk')}&kind=block`, {
      token: adminToken,
      raw: `address,network,note\n${a.btcA},bitcoin,flagged by partner\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Partner risk', kind: 'block', format: 'csv', count: 1, version: 1, replaced: false, uploaded_by: ADMIN.email });
    const r = await check();
    // Its share of the volume is above 10 %: High, which stands although no sanctions list is loaded.
    expect(r.risk_level).toBe('High Risk');
    expect(r.sanctions).toBe('Direct exposure: 1 counterparty on your block lists; Not screened: no sanctions list is loaded');
    expect(r.missing_evidence).toEqual([expect.stringMatching(/^Sanctions list: no sanctions list is loaded/)]);
    expect(r.aml_report).toContain('Custom lists screened: "Partner risk" (block list, version 1).');
    expect(r.aml_report).toContain('1 counterparty is on your block lists.');
  });

  it('make a wallet on a block list High and Non-compliant, naming the list, and record the lists consulted', async () => {
    const res = await upload({
      name: 'Internal blocklist',
      kind: 'block',
      content: `# fraud cases\n${a.btcWallet.toUpperCase()} # case 7\nnonsense\n${EVM.toLowerCase()}\n`,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Internal blocklist',
      kind: 'block',
      format: 'text',
      count: 2,
      rejected_count: 1,
      rejected: [{ line: 3, text: 'nonsense', reason: expect.any(String) }],
    });
    blockListId = res.body.id;

    const r = await check();
    expect(r).toMatchObject({ risk_score: 100, risk_level: 'High Risk', aml_status: 'Non-compliant' });
    expect(r.sanctions).toBe('Blocked: on your block list "Internal blocklist"');
    expect(r.aml_report).toContain('The address is on your block list "Internal blocklist" ("Internal blocklist": case 7).');
    expect(r.aml_report).toContain('+100: The address is on your block list "Internal blocklist"');

    const events = await server.eventStore.readStream(`check-${r.check_id}`);
    const stage = events.find((e) => (e.data as { key?: string }).key === 'sanctions')!.data as {
      evidence: { customLists: { consulted: unknown[]; blocked: unknown[] } };
    };
    expect(stage.evidence.customLists.consulted).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ listId: blockListId, name: 'Internal blocklist', kind: 'block', version: 1, sha256: res.body.sha256, entryCount: 2 }),
      ]),
    );
    expect(stage.evidence.customLists.blocked).toEqual([{ listId: blockListId, name: 'Internal blocklist', kind: 'block', version: 1, note: 'case 7' }]);

    // The upload is an event with the admin who made it.
    const [uploaded] = await server.eventStore.readStream(`custom-list-${blockListId}`);
    expect(uploaded).toMatchObject({ type: 'CustomListUploaded', data: { name: 'Internal blocklist', uploadedBy: { email: ADMIN.email }, rejectedCount: 1 } });
  });

  it('replace a list uploaded again under its name, as a new version', async () => {
    const res = await upload({ name: 'internal blocklist', kind: 'block', content: `${a.btcWallet}\n${EVM}\n${a.btcFresh}\n` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: blockListId, version: 2, replaced: true, count: 3 });
    expect((await upload({ name: 'Internal blocklist', kind: 'allow', content: EVM })).status).toBe(409);
    const lists = (await server.api<CustomListSummary[]>('GET', '/api/admin/lists', { token: adminToken })).body;
    expect(lists.map((l) => [l.name, l.kind, l.count, l.version, l.uploaded_by])).toEqual([
      ['internal blocklist', 'block', 3, 2, ADMIN.email],
      ['Partner risk', 'block', 1, 1, ADMIN.email],
    ]);
    expect((await status()).custom_lists).toBe(2);
  });

  it('clear a wallet on an allow list of its block lists, and the report says so', async () => {
    const res = await upload({ name: 'Reviewed customers', kind: 'allow', content: `address\n${a.btcWallet}\n` });
    expect(res.status).toBe(201);
    const r = await check();
    // Still High: the allow list does not clear what the wallet does (its blocked counterparty).
    expect(r.risk_level).toBe('High Risk');
    expect(r.sanctions).toBe('Direct exposure: 1 counterparty on your block lists; Not screened: no sanctions list is loaded');
    expect(r.aml_report).toContain(
      'The address is on your allow list "Reviewed customers": its own intelligence labels, abuse reports and custom block lists are not scored. An allow list never clears a sanctions hit.',
    );
    expect(r.aml_report).toMatch(/\+0: The address is on your allow list "Reviewed customers": its block list "internal blocklist" was not scored/);
  });

  it('stop hitting once removed', async () => {
    expect((await server.api('DELETE', `/api/admin/lists/${blockListId}?reason=${encodeURIComponent('Cases closed')}`, { token: adminToken })).status).toBe(
      200,
    );
    expect((await server.api('DELETE', `/api/admin/lists/${blockListId}`, { token: adminToken })).status).toBe(404);
    expect((await server.api('DELETE', '/api/admin/lists/not-a-list', { token: adminToken })).status).toBe(404);
    const removed = (await server.eventStore.readStream(`custom-list-${blockListId}`)).at(-1)!;
    expect(removed).toMatchObject({ type: 'CustomListRemoved', data: { reason: 'Cases closed', removedBy: { email: ADMIN.email } } });
    const lists = (await server.api<CustomListSummary[]>('GET', '/api/admin/lists', { token: adminToken })).body;
    expect(lists.map((l) => l.name).sort()).toEqual(['Partner risk', 'Reviewed customers']);

    // Checks screen against the lists in force only: nothing is left for the allow list to clear.
    const other = await upload({ name: 'Partner risk', kind: 'block', content: `${a.btcA}\n` });
    expect(other.body.version).toBe(2);
    const r = await check();
    expect(r.sanctions).not.toMatch(/Blocked/);
    expect(r.aml_report).not.toMatch(/internal blocklist/i);
    expect(r.aml_report).toContain('Custom lists screened: "Partner risk" (block list, version 2), "Reviewed customers" (allow list, version 1).');
    expect(r.aml_report).toContain('+0: The address is on your allow list "Reviewed customers": nothing needed clearing');
  });

  it('never let an allow list clear an OFAC hit; the status shows the loaded list', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
    writeFileSync(path.join(dir, 'sdn.csv'), sdnCsv(a.btcWallet));
    await runSanctionsSync({
      eventStore: server.eventStore,
      file: path.join(dir, 'sdn.csv'),
      clock: () => new Date(),
      logger: createLogger({ level: 'silent' }),
    });
    const r = await check();
    expect(r).toMatchObject({ risk_score: 100, risk_level: 'High Risk', aml_status: 'Non-compliant' });
    expect(r.sanctions).toBe('Sanctioned: HERON TEST EXCHANGE LTD. (OFAC SDN: CYBER2; listed under XBT)');
    expect(r.aml_report).toContain('The address is on your allow list "Reviewed customers"');

    const s = await status();
    expect(s).toMatchObject({ loaded: true, source: 'OFAC SDN', address_count: 1, last_sync_result: 'imported', last_sync_error: null, custom_lists: 2 });
    expect(s.list_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(s.last_sync_at).toBe(s.imported_at);
  });
});

describe('the OFAC refresh in the server', () => {
  it('loads the list at start when none is loaded, and records the sync', async () => {
    const lists = await startReplayServer([{ path: '/sdn.csv', replies: [{ text: sdnCsv(a.btcWallet), headers: { 'content-type': 'text/csv' } }] }]);
    const s = await startTestServer({ SANCTIONS_SYNC_INTERVAL_HOURS: '24', OFAC_SDN_URL: `${lists.url}/sdn.csv` });
    try {
      const t = (await s.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
      let st: SanctionsStatus | undefined;
      for (let i = 0; i < 200 && !st?.last_sync_at; i++) {
        st = (await s.api<SanctionsStatus>('GET', '/api/sanctions/status', { token: t })).body;
        if (!st.last_sync_at) await new Promise((r) => setTimeout(r, 25));
      }
      expect(st).toMatchObject({
        loaded: true,
        address_count: 1,
        last_sync_result: 'imported',
        format: 'sdn.csv',
        publication_age_days: null,
        last_import: { trigger: 'refresh', origin: `${lists.url}/sdn.csv` },
      });
      expect(lists.requests.map((r) => r.path)).toEqual(['/sdn.csv']);
      expect((await s.eventStore.readStream('sanctions-sync')).map((e) => e.type)).toEqual(['SanctionsSyncSucceeded']);

      // A restart within the interval does not download again.
      const again = await s.restart();
      await new Promise((r) => setTimeout(r, 200));
      expect(lists.requests).toHaveLength(1);
      await again.destroy();
    } finally {
      await s.destroy().catch(() => undefined);
      await lists.close();
    }
  });

  it('syncs again every interval', async () => {
    const lists = await startReplayServer([{ path: '/sdn.csv', replies: [{ text: sdnCsv(a.btcWallet) }] }]);
    // 0.0001 hours: every 0.36 seconds.
    const s = await startTestServer({ SANCTIONS_SYNC_INTERVAL_HOURS: '0.0001', OFAC_SDN_URL: `${lists.url}/sdn.csv` });
    try {
      const log = () => s.eventStore.readStream('sanctions-sync');
      for (let i = 0; i < 200 && (await log()).length < 2; i++) await new Promise((r) => setTimeout(r, 25));
      expect((await log()).slice(0, 2).map((e) => [e.type, (e.data as { status: string }).status])).toEqual([
        ['SanctionsSyncSucceeded', 'imported'],
        ['SanctionsSyncSucceeded', 'unchanged'],
      ]);
      // Unchanged: the list stream holds the one import.
      expect(await s.eventStore.readStream('sanctions-ofac')).toHaveLength(1);
    } finally {
      await s.destroy();
      await lists.close();
    }
  });

  it('keeps running when the list cannot be fetched, and says so', async () => {
    const s = await startTestServer({ SANCTIONS_SYNC_INTERVAL_HOURS: '24', OFAC_SDN_URL: 'http://127.0.0.1:9/sdn.csv' });
    try {
      const t = (await s.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
      let st: SanctionsStatus | undefined;
      for (let i = 0; i < 200 && !st?.last_sync_at; i++) {
        st = (await s.api<SanctionsStatus>('GET', '/api/sanctions/status', { token: t })).body;
        if (!st.last_sync_at) await new Promise((r) => setTimeout(r, 25));
      }
      expect(st).toMatchObject({
        loaded: false,
        last_sync_result: 'failed',
        last_sync_error: 'download-failed',
        last_failure: { trigger: 'refresh', code: 'download-failed', reason: expect.stringMatching(/^download of http:\/\/127\.0\.0\.1:9\/sdn\.csv failed/) },
      });
      const [failed] = await s.eventStore.readStream('sanctions-sync');
      expect(failed).toMatchObject({ type: 'SanctionsSyncFailed', data: { origin: 'http://127.0.0.1:9/sdn.csv', code: 'download-failed' } });
      expect((await s.api('GET', '/api/health')).status).toBe(200);
    } finally {
      await s.destroy();
    }
  });
});
