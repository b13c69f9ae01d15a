import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '@walletscreen/platform';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { sanctionsStreamId } from '@walletscreen/domain/sanctions-list/events';
import { runSyncCommand } from './sync-command';

const root = path.resolve(__dirname, '../../..');
const fixture = (name: string) => path.resolve(__dirname, '../../test-fixtures/sanctions', name);
const dir = mkdtempSync(path.join(tmpdir(), 'ws-sanctions-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = createLogger({ level: 'silent' });

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/down') res.writeHead(503).end();
    else res.writeHead(200).end(readFileSync(fixture('SDN_ADVANCED.XML')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let n = 0;
async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSyncCommand({
    argv,
    env,
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    logger,
    clock: () => new Date('2026-11-22T06:00:00.000Z'),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
const events = async (dataDir: string) => {
  const store = new SqliteEventStore({ file: path.join(dataDir, 'walletscreen.db') });
  const list = await store.readStream(sanctionsStreamId);
  await store.close();
  return list;
};

describe('npm run sanctions:sync', () => {
  it('imports --file into DATA_DIR/walletscreen.db and prints one summary line; again, "unchanged"', async () => {
    const DATA_DIR = path.join(dir, `data-${++n}`);
    const first = await run(['--file', fixture('SDN_ADVANCED.XML')], { DATA_DIR });
    expect(first).toEqual({
      code: 0,
      out: expect.stringMatching(
        /^OFAC SDN list imported: SDN_ADVANCED\.XML, published 2026-11-20, 19 addresses: 19 screened \(3 under another chain than their ticker's\), 0 cannot be screened; by network: bitcoin 5, litecoin 1, bitcoin-cash 1, ethereum 2, arbitrum 1, tron 3, solana 1, xrp 1, monero 1, zcash 1, ethereum-classic 1, bitcoin-sv 1; 1 not a valid address of its network; 19 new listings, 0 delisted; sha256 [0-9a-f]{64}$/,
      ),
      err: '',
    });
    const again = await run([`--file=${fixture('SDN_ADVANCED.XML')}`], { DATA_DIR });
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^OFAC SDN list unchanged \(this file is already the list in force\): /);
    expect(await events(DATA_DIR)).toHaveLength(1);
  });

  it('downloads from --url, or from OFAC_SDN_URL', async () => {
    const DATA_DIR = path.join(dir, `data-${++n}`);
    expect((await run(['--url', `${base}/SDN_ADVANCED.XML`], { DATA_DIR })).out).toMatch(/^OFAC SDN list imported: SDN_ADVANCED\.XML/);
    expect((await run([], { DATA_DIR, OFAC_SDN_URL: `${base}/again` })).out).toMatch(/^OFAC SDN list unchanged/);
  });

  it("prints sdn.csv's warnings on stderr", async () => {
    const result = await run(['--file', fixture('sdn.csv')], { DATA_DIR: path.join(dir, `data-${++n}`) });
    expect(result).toMatchObject({ code: 0, err: 'warning: sdn.csv states no publication date' });
    expect(result.out).toMatch(/^OFAC SDN list imported: sdn\.csv, publication date not stated, 19 addresses/);
  });

  it('refuses a list older than the one in force, saying how to force it; --allow-older forces it', async () => {
    const DATA_DIR = path.join(dir, `data-${++n}`);
    const older = path.join(dir, `older-${n}.xml`);
    writeFileSync(older, readFileSync(fixture('SDN.XML'), 'utf8').replace('11/20/2026', '11/02/2026'));
    expect((await run(['--file', fixture('SDN.XML')], { DATA_DIR })).code).toBe(0);
    expect(await run(['--file', older], { DATA_DIR })).toEqual({
      code: 1,
      out: '',
      err:
        'sanctions:sync failed: This SDN.XML was published 02.11.2026, before the list in force (published 20.11.2026); an older list does not replace a newer one, so nothing was imported. ' +
        'Run it again with --allow-older to replace the list in force with it anyway.',
    });
    expect((await run(['--file', fixture('sdn.csv')], { DATA_DIR })).err).toMatch(/sdn\.csv states no publication date.*--allow-older/);
    const forced = await run(['--allow-older', '--file', older], { DATA_DIR });
    expect(forced.code).toBe(0);
    expect(forced.out).toMatch(
      /^OFAC SDN list imported: SDN\.XML, published 2026-11-02, 19 addresses: .*; 0 new listings, 0 delisted; replaced a newer list \(--allow-older\); sha256/,
    );
    expect((await events(DATA_DIR)).map((e) => (e.data as { publishedAt: string }).publishedAt)).toEqual(['2026-11-20', '2026-11-02']);
    const log = new SqliteEventStore({ file: path.join(DATA_DIR, 'walletscreen.db') });
    expect((await log.readStream('sanctions-sync')).map((e) => [e.type, (e.data as { trigger: string }).trigger, (e.data as { code?: string }).code])).toEqual([
      ['SanctionsSyncSucceeded', 'command-line', undefined],
      ['SanctionsSyncFailed', 'command-line', 'older-list'],
      ['SanctionsSyncFailed', 'command-line', 'undated-list'],
      ['SanctionsSyncSucceeded', 'command-line', undefined],
    ]);
    await log.close();
  });

  it('exits 1 with the reason when the list cannot be imported', async () => {
    const DATA_DIR = path.join(dir, `data-${++n}`);
    expect(await run(['--file', path.join(dir, 'missing.xml')], { DATA_DIR })).toEqual({
      code: 1,
      out: '',
      err: `sanctions:sync failed: no such file: ${path.join(dir, 'missing.xml')}`,
    });
    expect(await run(['--url', `${base}/down`], { DATA_DIR })).toEqual({
      code: 1,
      out: '',
      err: `sanctions:sync failed: download of ${base}/down failed: HTTP 503 Service Unavailable`,
    });
    expect(await events(DATA_DIR)).toEqual([]);
  });

  it('exits 2 on a usage error', async () => {
    expect(await run(['--bogus'])).toMatchObject({ code: 2, err: expect.stringContaining('unknown argument: --bogus') });
    expect(await run(['--file'])).toMatchObject({ code: 2, err: expect.stringContaining('--file needs a value') });
    expect(await run(['--file', 'a', '--url', 'http://x'])).toMatchObject({ code: 2, err: expect.stringContaining('not both') });
    expect(await run([], { OFAC_SDN_URL: 'ftp://example/x' })).toMatchObject({ code: 2, err: expect.stringContaining('OFAC_SDN_URL must be an http(s) URL') });
    expect(await run(['--help'])).toMatchObject({ code: 0, out: expect.stringContaining('usage: npm run sanctions:sync') });
  });

  it('runs as the npm script does: scripts/run-ts.mjs bundles server/src/sanctions-sync-main.ts and passes the arguments', async () => {
    const DATA_DIR = path.join(dir, `data-${++n}`);
    const env = { ...process.env, DATA_DIR, LOG_LEVEL: 'warn' };
    const cli = ['scripts/run-ts.mjs', 'server/src/sanctions-sync-main.ts'];
    const { stdout } = await promisify(execFile)(process.execPath, [...cli, '--file', fixture('SDN.XML')], { cwd: root, env });
    expect(stdout).toMatch(/^OFAC SDN list imported: SDN\.XML, published 2026-11-20, 19 addresses/);
    const failed = await promisify(execFile)(process.execPath, [...cli, '--file', path.join(dir, 'nope')], { cwd: root, env }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('sanctions:sync failed: no such file') });
  }, 60_000);
});
