/**
 * Batch screening on the embedded server: a CSV file checked whole before anything is charged
 * (errors by line), its cost in a dry run, one check per distinct wallet, the same file uploaded
 * again charging nothing, the rows and the downloads (results CSV read with csv-parse, the ZIP
 * with yauzl), the public API's batches, the history exports; and a server killed with SIGKILL
 * in the middle of a batch finishing it after a restart, each wallet charged once.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import yauzl from 'yauzl';
import { BATCH_LIMITS, type Batch, type BatchPreview, type BatchRowResult } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { startEmbeddedProcess } from './support/process';
import { ADMIN, startTestServer, type TestServer } from './support/server';

const SANCTIONED = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
let replay: ReplayServer;
let server: TestServer;

const chainEnv = (api: string) => ({
  BITCOIN_ESPLORA_URLS: api,
  BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
  CHAIN_DATA_RETRIES: '0',
  CHAIN_DATA_TIMEOUT_MS: '2000',
});

beforeAll(async () => {
  replay = await startReplayServer([
    { path: `/hang/api/address/${a.btcWallet}`, replies: [{ hang: true }] },
    { path: `/hang/api/address/${a.btcWallet}/txs`, replies: [{ hang: true }] },
    ...recordedWalletRoutes(),
  ]);
  server = await startTestServer({ ...chainEnv(`${replay.url}/api`), CHECK_WAIT_MS: '20000' });
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  writeFileSync(
    path.join(dir, 'sdn.csv'),
    `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${SANCTIONED}."\n`,
  );
  await runSanctionsSync({
    eventStore: server.eventStore,
    file: path.join(dir, 'sdn.csv'),
    clock: () => new Date(),
    logger: createLogger({ level: 'silent' }),
  });
}, 60_000);
afterAll(async () => {
  await server?.destroy();
  await replay.close();
});

async function signUp(email: string) {
  const body = { email, password: 'Batch-Passphrase-1', username: email.split('@')[0]! };
  expect((await server.api('POST', '/api/auth/register', { body })).status).toBe(201);
  return (await server.api<{ token: string }>('POST', '/api/auth/login', { body })).body.token;
}
const checksLeft = async (token: string) => (await server.api<{ checks_left: number }>('GET', '/api/profile', { token })).body.checks_left;
/** The checks left once the refunds of the checks that delivered no verdict have followed their outcome (bounded). */
async function settledChecksLeft(token: string, expected: number): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const left = await checksLeft(token);
    if (left === expected) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
  return checksLeft(token);
}
const upload = <T>(token: string, csv: string, query = '', headers: Record<string, string> = {}) =>
  server.api<T>('POST', `/api/batches${query}`, { token, raw: csv, headers: { 'content-type': 'text/csv', ...headers } });

async function settledBatch(token: string, id: string, base = '/api/batches'): Promise<Batch> {
  for (let i = 0; i < 600; i++) {
    const batch = (await server.api<Batch>('GET', `${base}/${id}`, { token })).body;
    if (batch.status === 'completed') return batch;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the batch did not complete');
}

async function download(token: string, url: string): Promise<{ status: number; type: string | null; disposition: string | null; body: Buffer }> {
  const res = await fetch(`${server.url.replace('localhost', '127.0.0.1')}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

function zipEntries(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const file = [
  'wallet_address,network,reference',
  `${a.btcWallet},bitcoin,deposit-1001`,
  `${SANCTIONED},,deposit-1002`,
  `${a.btcWallet},BTC,"deposit-1003, second deposit"`,
  `${a.evmWallet},ethereum,=HYPERLINK("x")`,
].join('\n');

describe('a batch from a CSV file', () => {
  let token: string;
  let batch: Batch;
  beforeAll(async () => {
    token = await signUp('batches@exchange.example');
  });

  it('refuses a file with bad rows, listing each line, and records and charges nothing', async () => {
    const before = (await server.eventStore.readAll()).length;
    const bad = [
      'address,network,reference',
      `${a.btcWallet},bitcoin,ok`,
      'not-an-address,,x',
      `${a.btcA},dogecoin-classic,y`,
      ',bitcoin,z',
      `${a.btcB},bitcoin,${'r'.repeat(201)}`,
    ].join('\n');
    const res = await upload<{ error: string; lines: Array<{ line: number; message: string }>; line_errors: number }>(token, bad);
    expect(res.status).toBe(400);
    expect(res.body.lines.map((l) => l.line)).toEqual([3, 4, 5, 6]);
    expect(res.body.lines[1]!.message).toBe('Unknown network "dogecoin-classic"');
    expect(res.body.lines[2]!.message).toBe('No address in this row');
    expect(res.body.line_errors).toBe(4);
    expect(res.body.error).toMatch(/^4 lines have errors \(the first on line 3\)\. Nothing was charged/);
    // An unclosed quote is a CSV error with its line.
    const broken = await upload<{ lines: Array<{ line: number; message: string }> }>(token, `address\n${a.btcWallet}\n"${a.btcA}\n`);
    expect(broken.status).toBe(400);
    expect(broken.body.lines[0]!.message).toMatch(/^The file is not valid CSV/);
    const empty = await upload<{ error: string }>(token, 'address\n\n');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/The file has no rows/);
    expect((await server.eventStore.readAll()).length).toBe(before);
    expect(await checksLeft(token)).toBe(20);
  });

  it('screens the valid rows of a file with invalid ones when asked, listing the rows left out as written, charging the valid wallets only', async () => {
    const user = await signUp('partial@exchange.example');
    const mixed = [
      'address,network,reference',
      `${a.btcWallet},bitcoin,ok-1`,
      'not-an-address,,bad-2',
      `${a.btcA},dogecoin-classic,bad-3`,
      `${SANCTIONED},,ok-4`,
    ].join('\n');
    // Asked for nothing, the file is refused whole.
    expect((await upload(user, mixed)).status).toBe(400);
    const preview = await upload<BatchPreview>(user, mixed, '?dry_run=true&invalid_rows=skip&file_name=mixed.csv');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ rows: 2, wallets: 2, cost: 2, checks_left: 20 });
    expect(preview.body.invalid_rows).toEqual([
      { line: 3, address: 'not-an-address', message: expect.stringMatching(/^Not a recognized wallet address/) },
      { line: 4, address: a.btcA, message: 'Unknown network "dogecoin-classic"' },
    ]);
    expect(await checksLeft(user)).toBe(20);
    const created = await upload<Batch>(user, mixed, '?invalid_rows=skip&file_name=mixed.csv');
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ rows: 4, wallets: 2, skipped: 2 });
    const done = await settledBatch(user, created.body.id);
    expect(done).toMatchObject({ status: 'completed', completed: 2, skipped: 2 });
    const listed = (await server.api<{ items: BatchRowResult[]; total: number }>('GET', `/api/batches/${created.body.id}/rows`, { token: user })).body;
    expect(listed.total).toBe(4);
    expect(listed.items.map((r) => [r.line, r.status, r.address, r.network, r.reference])).toEqual([
      [2, 'completed', a.btcWallet, 'bitcoin', 'ok-1'],
      [3, 'skipped', 'not-an-address', '', 'bad-2'],
      [4, 'skipped', a.btcA, 'dogecoin-classic', 'bad-3'],
      [5, 'completed', SANCTIONED, 'bitcoin', 'ok-4'],
    ]);
    expect(listed.items[1]!.error).toMatch(/^Not screened, the row is invalid: Not a recognized wallet address/);
    const skippedOnly = (await server.api<{ items: BatchRowResult[] }>('GET', `/api/batches/${created.body.id}/rows?status=skipped`, { token: user })).body;
    expect(skippedOnly.items.map((r) => r.line)).toEqual([3, 4]);
    // The results CSV has every line of the file, in order.
    const csv = await download(user, `/api/batches/${created.body.id}/results.csv`);
    expect((parse(csv.body, { columns: true }) as Array<{ line: string; status: string }>).map((r) => [r.line, r.status])).toEqual([
      ['2', 'completed'],
      ['3', 'skipped'],
      ['4', 'skipped'],
      ['5', 'completed'],
    ]);
    // Two wallets charged (the Bitcoin ones give verdicts here: the sanctions list is loaded).
    const userEvents = await server.eventStore.readStream(`user-${userIdForEmail('partial@exchange.example')}`);
    expect(userEvents.filter((e) => e.type === 'CheckCharged')).toHaveLength(2);
    // A file with no valid row is refused even so.
    expect((await upload(user, 'address\nnot-an-address\n', '?invalid_rows=skip')).status).toBe(400);
  }, 60_000);

  it('answers a dry run with the cost: one check per distinct wallet', async () => {
    const res = await upload<BatchPreview>(token, file, '?dry_run=true&file_name=deposits.csv');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dry_run: true,
      file_name: 'deposits.csv',
      rows: 4,
      wallets: 3,
      cost: 3,
      checks_left: 20,
      existing_batch_id: null,
      invalid_rows: [],
      refunds: 'A wallet whose check fails, or comes back Incomplete (data unavailable), is given its check back.',
    });
    expect(await checksLeft(token)).toBe(20);
  });

  it('screens each distinct wallet once, charging one check each, and completes', async () => {
    const res = await upload<Batch>(token, file, '?file_name=deposits.csv');
    expect(res.status).toBe(202);
    expect(res.headers.get('location')).toBe(`/api/batches/${res.body.id}`);
    expect(res.body).toMatchObject({ status: 'running', file_name: 'deposits.csv', rows: 4, wallets: 3, source: 'web' });
    batch = await settledBatch(token, res.body.id);
    expect(batch).toMatchObject({ status: 'completed', completed: 3, failed: 0, running: 0, skipped: 0 });
    // Three charged; the Ethereum wallet's source cannot be reached, so its row is Incomplete and given back.
    expect(await settledChecksLeft(token, 18)).toBe(18);
    const userEvents = await server.eventStore.readStream(`user-${userIdForEmail('batches@exchange.example')}`);
    expect(userEvents.filter((e) => e.type === 'CheckCharged')).toHaveLength(3);
    expect(userEvents.filter((e) => e.type === 'CheckRefunded').map((e) => (e.data as { reason: string }).reason)).toEqual([
      'The check came back Incomplete: the data it needs was unavailable',
    ]);
    const listed = (await server.api<{ items: Batch[] }>('GET', '/api/batches', { token })).body.items;
    expect(listed.map((b) => b.id)).toEqual([batch.id]);
  }, 60_000);

  it('charges nothing when the same file is uploaded again: it answers with the same batch', async () => {
    const preview = await upload<BatchPreview>(token, file, '?dry_run=true');
    expect(preview.body).toMatchObject({ cost: 0, existing_batch_id: batch.id });
    const again = await upload<Batch>(token, `\uFEFF${file}\r\n`);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(batch.id);
    expect(await checksLeft(token)).toBe(18);
    // A new Idempotency-Key screens the file again, as a new batch, reusing nothing.
    const fresh = await upload<Batch>(token, file, '', { 'Idempotency-Key': 'rescreen-2026-11-24' });
    expect(fresh.status).toBe(202);
    expect(fresh.body.id).not.toBe(batch.id);
    await settledBatch(token, fresh.body.id);
    expect(await settledChecksLeft(token, 16)).toBe(16);
    // That key with another file is a conflict.
    const conflict = await upload<{ error: string }>(token, `address\n${a.btcB}\n`, '', { 'Idempotency-Key': 'rescreen-2026-11-24' });
    expect(conflict.status).toBe(409);
  }, 60_000);

  it("lists the rows in file order, a repeated wallet sharing its first row's check", async () => {
    const rows = (await server.api<{ items: BatchRowResult[]; total: number }>('GET', `/api/batches/${batch.id}/rows`, { token })).body;
    expect(rows.total).toBe(4);
    expect(rows.items.map((r) => [r.line, r.status, r.same_as_line])).toEqual([
      [2, 'completed', null],
      [3, 'completed', null],
      [4, 'completed', 2],
      [5, 'completed', null],
    ]);
    expect(rows.items[2]?.check_id).toBe(rows.items[0]!.check_id);
    expect(rows.items[1]!.reference).toBe('deposit-1002');
    expect(rows.items[0]!.risk_level).toBeTruthy();
    expect(rows.items[1]).toMatchObject({ risk_level: 'High Risk', sanctions_hits: ['HERON TEST EXCHANGE LTD. (CYBER2)'] });
    expect(rows.items[1]!.top_factors[0]).toMatch(/^The address is on a sanctions list/);
    const history = (await server.api<Array<{ id: string }>>('GET', '/api/transactions/history?limit=100', { token })).body;
    expect(history.filter((h) => rows.items.some((r) => r.check_id === h.id))).toHaveLength(3);
    const filtered = await server.api<{ items: BatchRowResult[]; total: number }>('GET', `/api/batches/${batch.id}/rows?status=failed`, { token });
    expect(filtered.body).toMatchObject({ items: [], total: 0 });
    expect((await server.api('GET', `/api/batches/${batch.id}/rows?status=weird`, { token })).status).toBe(400);
  });

  it('downloads the results as CSV (one line per row) and a ZIP of the PDF reports', async () => {
    const csv = await download(token, batch.links.results_csv);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.disposition).toBe('attachment; filename="deposits-results.csv"');
    const records = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
    expect(records.map((r) => r.line)).toEqual(['2', '3', '4', '5']);
    expect(Object.keys(records[0]!)).toEqual([
      'line',
      'address',
      'network',
      'reference',
      'status',
      'risk_score',
      'risk_level',
      'aml_status',
      'sanctions_hits',
      'top_factors',
      'check_id',
      'error',
      'same_as_line',
    ]);
    expect(records[2]).toMatchObject({ reference: 'deposit-1003, second deposit', same_as_line: '2', status: 'completed' });
    // A formula in a reference is kept from running in a spreadsheet.
    expect(records[3]!.reference).toBe(`'=HYPERLINK("x")`);
    expect(records[1]).toMatchObject({ risk_level: 'High Risk', sanctions_hits: 'HERON TEST EXCHANGE LTD. (CYBER2)' });
    expect(records[1]!.top_factors).toMatch(/^The address is on a sanctions list/);

    const zip = await download(token, batch.links.reports_zip);
    expect(zip.status).toBe(200);
    expect(zip.type).toBe('application/zip');
    const entries = await zipEntries(zip.body);
    const pdfs = [...entries.keys()].filter((n) => n.endsWith('.pdf'));
    expect(pdfs).toHaveLength(3);
    for (const name of pdfs) expect(entries.get(name)!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(parse(entries.get('results.csv')!, { columns: true })).toHaveLength(4);
  }, 60_000);

  it("exports the caller's History as CSV (own checks only, with the filters) and everyone's for an admin", async () => {
    const other = await signUp('export-other@exchange.example');
    const mine = (await server.api<Array<{ id: string }>>('GET', '/api/transactions/history?limit=100', { token })).body.map((h) => h.id);
    const csv = await download(token, '/api/transactions/history.csv');
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.disposition).toMatch(/^attachment; filename="walletscreen-history-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(records[0]!)).toEqual([
      'created_at',
      'check_id',
      'wallet_address',
      'network',
      'risk_score',
      'risk_level',
      'aml_status',
      'sanctions_hits',
      'top_factors',
      'reference',
      'batch_id',
    ]);
    expect(records.map((r) => r.check_id).sort()).toEqual([...mine].sort());
    expect(records.map((r) => r.created_at)).toEqual(
      records
        .map((r) => r.created_at)
        .sort()
        .reverse(),
    );
    const sanctioned = records.find((r) => r.wallet_address === SANCTIONED && r.batch_id === batch.id)!;
    expect(sanctioned).toMatchObject({ risk_level: 'High Risk', sanctions_hits: 'HERON TEST EXCHANGE LTD. (CYBER2)', reference: 'deposit-1002' });
    // The filters are the History's.
    const high = parse((await download(token, '/api/transactions/history.csv?risk_level=High%20Risk')).body, { columns: true }) as Array<
      Record<string, string>
    >;
    expect(high.length).toBeGreaterThan(0);
    expect(high.every((r) => r.risk_level === 'High Risk')).toBe(true);
    expect((await download(token, '/api/transactions/history.csv?risk_level=Purple')).status).toBe(400);
    // Someone else's export has none of these checks.
    expect(parse((await download(other, '/api/transactions/history.csv')).body, { columns: true })).toEqual([]);
    expect((await download(other, '/api/admin/transactions.csv')).status).toBe(403);

    const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
    const all = await download(admin, `/api/admin/transactions.csv?email=${encodeURIComponent('batches@exchange')}`);
    expect(all.status).toBe(200);
    const adminRecords = parse(all.body, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(adminRecords[0]!)[0]).toBe('user_email');
    expect(adminRecords.map((r) => r.check_id).sort()).toEqual([...mine].sort());
    expect(new Set(adminRecords.map((r) => r.user_email))).toEqual(new Set(['batches@exchange.example']));
  });

  it('keeps batches to their owner', async () => {
    const other = await signUp('other-desk@exchange.example');
    expect((await server.api('GET', `/api/batches/${batch.id}`, { token: other })).status).toBe(404);
    expect((await server.api('GET', `/api/batches/${batch.id}/rows`, { token: other })).status).toBe(404);
    expect((await download(other, batch.links.results_csv)).status).toBe(404);
    expect((await server.api('GET', '/api/batches', { token: other })).body).toMatchObject({ items: [] });
  });

  it('refuses a batch larger than the checks left, recording nothing', async () => {
    const poor = await signUp('poor-desk@exchange.example');
    const many = ['address', ...Array.from({ length: 21 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`)].join('\n');
    const res = await upload<{ error: string }>(poor, many);
    expect(res.status).toBe(402);
    expect(res.body.error).toBe('This batch screens 21 wallets (one check each) and you have 20 checks left. Buy more checks or split the file.');
    expect((await server.api('GET', '/api/batches', { token: poor })).body).toMatchObject({ items: [] });
  });
});

describe('batches through the public API', () => {
  it('submits JSON rows with the screen scope and reads them with read; a read-only key cannot submit', async () => {
    const token = await signUp('api-batches@exchange.example');
    const key = (await server.api<{ key: string }>('POST', '/api/keys', { token, body: { name: 'Batch desk', scopes: ['screen', 'read'] } })).body.key;
    const readOnly = (await server.api<{ key: string }>('POST', '/api/keys', { token, body: { name: 'Reader', scopes: ['read'] } })).body.key;
    const body = { rows: [{ address: a.btcWallet, reference: 'w-1' }, { address: 'nope' }], file_name: 'api.json' };
    const bad = await server.api<{ lines: Array<{ line: number; message: string }> }>('POST', '/api/v1/batches', { body, headers: { 'X-API-Key': key } });
    expect(bad.status).toBe(400);
    expect(bad.body.lines.map((l) => l.line)).toEqual([2]);
    // One row too many: the answer says the limit.
    const tooMany = await server.api<{ errors: Record<string, string> }>('POST', '/api/v1/batches', {
      body: { rows: Array.from({ length: BATCH_LIMITS.maxRows + 1 }, () => ({ address: a.btcWallet })) },
      headers: { 'X-API-Key': key },
    });
    expect([tooMany.status, tooMany.body.errors]).toEqual([400, { rows: 'A batch has at most 10,000 rows: split it' }]);
    const good = { rows: [{ address: a.btcWallet, reference: 'w-1' }], file_name: 'api.json' };
    expect((await server.api('POST', '/api/v1/batches', { body: good, headers: { 'X-API-Key': readOnly } })).status).toBe(403);
    const created = await server.api<Batch>('POST', '/api/v1/batches', { body: good, headers: { 'X-API-Key': key, 'Idempotency-Key': 'api-batch-0001' } });
    expect(created.status).toBe(202);
    expect(created.body.links.self).toBe(`/api/v1/batches/${created.body.id}`);
    for (let i = 0; i < 600; i++) {
      const b = (await server.api<Batch>('GET', created.body.links.self, { headers: { 'X-API-Key': readOnly } })).body;
      if (b.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const rows = (await server.api<{ items: BatchRowResult[] }>('GET', created.body.links.rows, { headers: { 'X-API-Key': readOnly } })).body.items;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed', reference: 'w-1' });
    // The screening is the public API's too, with the batch's reference.
    const screening = await server.api<{ reference: string }>('GET', `/api/v1/screenings/${rows[0]!.check_id}`, { headers: { 'X-API-Key': readOnly } });
    expect(screening.body.reference).toBe('w-1');
    expect(await checksLeft(token)).toBe(19);
  }, 60_000);
});

describe('a server killed in the middle of a batch', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

  async function startProcess(dataDir: string, env: Record<string, string>) {
    const started = await startEmbeddedProcess(dataDir, env);
    children.push(started.child);
    return started;
  }
  async function call<T>(url: string, method: string, route: string, body?: string | object, token?: string) {
    const res = await fetch(url + route, {
      method,
      headers: { 'content-type': typeof body === 'string' ? 'text/csv' : 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  it('finishes the batch after a restart, each wallet charged once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-batch-crash-'));
    // One wallet at a time; the first one's blockchain source hangs.
    const first = await startProcess(dataDir, { ...chainEnv(`${replay.url}/hang/api`), CHAIN_DATA_TIMEOUT_MS: '60000', BATCH_CONCURRENCY: '1' });
    const user = { email: 'batch-crash@desk.example', password: 'Recovery-Passphrase-9', username: 'Crash desk' };
    expect((await call(first.url, 'POST', '/api/auth/register', user)).status).toBe(201);
    const token = (await call<{ token: string }>(first.url, 'POST', '/api/auth/login', user)).body.token;
    const seen = replay.requests.length;
    const submitted = await call<Batch>(first.url, 'POST', '/api/batches', ['address', a.btcWallet, a.btcA, a.btcB].join('\n'), token);
    expect(submitted.status).toBe(202);
    for (let i = 0; i < 400 && !replay.requests.slice(seen).some((r) => r.path.startsWith('/hang/')); i++) await new Promise((r) => setTimeout(r, 25));
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await startProcess(dataDir, { ...chainEnv(`${replay.url}/api`), BATCH_CONCURRENCY: '1' });
    let batch = submitted.body;
    for (let i = 0; i < 600 && batch.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      batch = (await call<Batch>(second.url, 'GET', `/api/batches/${batch.id}`, undefined, token)).body;
    }
    expect(batch).toMatchObject({ status: 'completed', completed: 3, failed: 0, skipped: 0 });
    // No sanctions list in this data directory: every verdict is Incomplete, and each charge is given back once.
    let left = 0;
    for (let i = 0; i < 100 && left !== 20; i++) {
      left = (await call<{ checks_left: number }>(second.url, 'GET', '/api/profile', undefined, token)).body.checks_left;
      if (left !== 20) await new Promise((r) => setTimeout(r, 50));
    }
    expect(left).toBe(20);
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));

    const store = new SqliteEventStore({ file: path.join(dataDir, 'walletscreen.db') });
    try {
      const userEvents = await store.readStream(`user-${userIdForEmail(user.email)}`);
      expect(userEvents.filter((e) => e.type === 'CheckCharged')).toHaveLength(3);
      expect(userEvents.filter((e) => e.type === 'CheckRefunded')).toHaveLength(3);
      const all = await store.readAll();
      expect(all.filter((e) => e.type === 'WalletCheckRequested')).toHaveLength(3);
      expect(all.filter((e) => e.type === 'BatchCompleted')).toHaveLength(1);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
