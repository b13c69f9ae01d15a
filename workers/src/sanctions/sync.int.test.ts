import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@walletscreen/platform';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';
import { importedVersionEventId } from '@walletscreen/domain/ids';
import { sanctionsStreamId } from '@walletscreen/domain/sanctions-list/events';
import { loadSanctionsIndex } from './sanctions-store';
import { runSanctionsSync, type SanctionsSyncOptions } from './sync';

const fixtures = path.resolve(__dirname, '../../test-fixtures/sanctions');
const fixture = (name: string) => path.join(fixtures, name);
const dir = mkdtempSync(path.join(tmpdir(), 'ws-sanctions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = createLogger({ level: 'silent' });
const sha256Of = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

let n = 0;
function openStore() {
  return new SqliteEventStore({ file: path.join(dir, `events-${++n}.db`) });
}
let now = new Date('2026-11-22T06:00:00.000Z');
const clock = () => now;
const sync = (options: Omit<SanctionsSyncOptions, 'clock' | 'logger'>) => runSanctionsSync({ clock, logger, ...options });
async function failure(p: Promise<unknown>): Promise<SanctionsListError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SanctionsListError);
  return error as SanctionsListError;
}

/** A copy of a fixture in the temp dir, edited. */
function edited(name: string, edit: (text: string) => string): string {
  const file = path.join(dir, `${++n}-${name}`);
  writeFileSync(file, edit(readFileSync(fixture(name), 'utf8')));
  return file;
}

describe('sanctions:sync from a file', () => {
  it("records the list as SanctionsListImported on sanctions-ofac, with the file's SHA-256", async () => {
    const eventStore = openStore();
    const result = await sync({ eventStore, file: fixture('SDN_ADVANCED.XML') });
    expect(result).toMatchObject({
      status: 'imported',
      format: 'sdn-advanced-xml',
      publishedAt: '2026-11-20',
      sha256: sha256Of(fixture('SDN_ADVANCED.XML')),
      addressCount: 19,
      byNetwork: {
        bitcoin: 5,
        ethereum: 2,
        tron: 3,
        litecoin: 1,
        'bitcoin-cash': 1,
        solana: 1,
        xrp: 1,
        arbitrum: 1,
        monero: 1,
        zcash: 1,
        'ethereum-classic': 1,
        'bitcoin-sv': 1,
      },
      invalidCount: 1,
      screenedCount: 19,
      crossChainCount: 3,
      unscreenable: {},
      changes: { listed: 19, delisted: 0 },
      forced: false,
    });
    const events = await eventStore.readStream(sanctionsStreamId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      // The id its first import has had since it was first written: a retried import appends nothing.
      id: importedVersionEventId(sanctionsStreamId, 0, result.sha256),
      type: 'SanctionsListImported',
      revision: 0,
      data: {
        source: 'ofac-sdn',
        format: 'sdn-advanced-xml',
        publishedAt: '2026-11-20',
        sha256: result.sha256,
        importedAt: '2026-11-22T06:00:00.000Z',
        addressCount: 19,
        delisted: [],
      },
      metadata: { origin: fixture('SDN_ADVANCED.XML') },
    });
    const index = await loadSanctionsIndex(eventStore);
    expect(index?.lookup('ethereum', '0x0a4279202be313bce8954df36aa730aa5837aa16').map((e) => e.entity)).toEqual(['KESTREL BRIDGE EXCHANGE LTD.']);
    await eventStore.close();
  });

  it('appends nothing for the same file again, and reports it unchanged', async () => {
    const eventStore = openStore();
    await sync({ eventStore, file: fixture('SDN.XML') });
    now = new Date('2026-11-23T06:00:00.000Z');
    expect(await sync({ eventStore, file: fixture('SDN.XML') })).toMatchObject({ status: 'unchanged', addressCount: 19, changes: null });
    expect(await eventStore.streamRevision(sanctionsStreamId)).toBe(0);
    expect((await loadSanctionsIndex(eventStore))?.meta.importedAt).toBe('2026-11-22T06:00:00.000Z');
    await eventStore.close();
  });

  it('records a changed list as a new event, and the index follows the latest', async () => {
    const eventStore = openStore();
    await sync({ eventStore, file: fixture('SDN.XML') });
    const delisted = edited('SDN.XML', (text) => text.replace('11/20/2026', '11/21/2026').replace(/<sdnEntry>\s*<uid>90342<\/uid>[\s\S]*?<\/sdnEntry>/, ''));
    now = new Date('2026-11-24T06:00:00.000Z');
    expect(await sync({ eventStore, file: delisted })).toMatchObject({
      status: 'imported',
      publishedAt: '2026-11-21',
      addressCount: 16,
      changes: { listed: 0, delisted: 3 },
    });
    expect(await eventStore.streamRevision(sanctionsStreamId)).toBe(1);
    expect((await eventStore.readStream(sanctionsStreamId, { fromRevision: 1 }))[0]!.id).toBe(importedVersionEventId(sanctionsStreamId, 1, sha256Of(delisted)));
    const index = (await loadSanctionsIndex(eventStore))!;
    expect(index.meta).toMatchObject({
      publishedAt: '2026-11-21',
      sha256: sha256Of(delisted),
      addressCount: 16,
      importedAt: '2026-11-24T06:00:00.000Z',
      delistedCount: 3,
    });
    expect(index.lookup('tron', 'TQ4yFWWPQAb4UDbod8f9vjHbZRfK8zksx4')).toEqual([]);
    expect(index.lookupDelisted('tron', 'TQ4yFWWPQAb4UDbod8f9vjHbZRfK8zksx4')).toEqual([
      expect.objectContaining({ entity: 'VARGA, Dorin Alexandru', ticker: 'TRX', listedSince: '2026-11-20', delistedAt: '2026-11-21' }),
    ]);
    expect(index.lookup('tron', 'TPrB1PFCqxJximuVGjsZ1oDJ6nrCqfW1FV')).toEqual([expect.objectContaining({ listedSince: '2026-11-20' })]);
    await eventStore.close();
  });

  it('refuses a list published before the list in force, saying both dates; the same file again stays unchanged', async () => {
    const eventStore = openStore();
    await sync({ eventStore, file: fixture('SDN.XML') });
    const older = edited('SDN.XML', (text) => text.replace('11/20/2026', '11/18/2026').replace(/<sdnEntry>\s*<uid>90342<\/uid>[\s\S]*?<\/sdnEntry>/, ''));
    const error = await failure(sync({ eventStore, file: older }));
    expect(error).toMatchObject({
      code: 'older-list',
      message:
        'This SDN.XML was published 18.11.2026, before the list in force (published 20.11.2026); an older list does not replace a newer one, so nothing was imported.',
    });
    expect(await eventStore.streamRevision(sanctionsStreamId)).toBe(0);
    expect(await sync({ eventStore, file: fixture('SDN.XML') })).toMatchObject({ status: 'unchanged' });
    await eventStore.close();
  });

  it('imports an older list when told to (allowOlder), recording what it replaced', async () => {
    const eventStore = openStore();
    await sync({ eventStore, file: fixture('SDN.XML') });
    const older = edited('SDN.XML', (text) => text.replace('11/20/2026', '11/18/2026').replace(/<sdnEntry>\s*<uid>90342<\/uid>[\s\S]*?<\/sdnEntry>/, ''));
    expect(await sync({ eventStore, file: older, allowOlder: true })).toMatchObject({
      status: 'imported',
      publishedAt: '2026-11-18',
      forced: true,
      changes: { listed: 0, delisted: 3 },
    });
    const [, event] = await eventStore.readStream(sanctionsStreamId);
    expect(event!.data).toMatchObject({
      publishedAt: '2026-11-18',
      forced: { reason: 'older-list', replacedPublishedAt: '2026-11-20', replacedSha256: sha256Of(fixture('SDN.XML')) },
    });
    await eventStore.close();
  });

  it('does not let sdn.csv, which states no date, replace a dated list unless told to', async () => {
    const eventStore = openStore();
    await sync({ eventStore, file: fixture('SDN_ADVANCED.XML') });
    const error = await failure(sync({ eventStore, file: fixture('sdn.csv') }));
    expect(error.code).toBe('undated-list');
    expect(error.message).toMatch(/^sdn\.csv states no publication date, so it cannot be shown to be newer than the list in force \(published 20\.11\.2026\)/);
    expect((await loadSanctionsIndex(eventStore))?.meta.format).toBe('sdn-advanced-xml');
    expect(await sync({ eventStore, file: fixture('sdn.csv'), allowOlder: true })).toMatchObject({
      status: 'imported',
      format: 'sdn-csv',
      publishedAt: null,
      forced: true,
    });
    expect((await loadSanctionsIndex(eventStore))?.meta.format).toBe('sdn-csv');
    // A dated list replaces an undated one without question.
    expect(await sync({ eventStore, file: fixture('SDN.XML') })).toMatchObject({ status: 'imported', forced: false });
    await eventStore.close();
  });

  it('names an upload by its original file name, and records where it came from', async () => {
    const eventStore = openStore();
    const garbage = path.join(dir, 'upload-1234');
    writeFileSync(garbage, 'hello');
    const error = await failure(sync({ eventStore, file: garbage, origin: 'uploaded by admin@example.test: notes.txt', name: 'notes.txt' }));
    expect(error.message).toBe('notes.txt: it is a text file, not an OFAC SDN list (expected SDN_ADVANCED.XML, SDN.XML or sdn.csv)');
    expect(await sync({ eventStore, file: fixture('SDN.XML'), origin: 'uploaded by admin@example.test: SDN.XML' })).toMatchObject({
      origin: 'uploaded by admin@example.test: SDN.XML',
    });
    expect((await eventStore.readStream(sanctionsStreamId))[0]!.metadata).toEqual({ origin: 'uploaded by admin@example.test: SDN.XML' });
    await eventStore.close();
  });

  it('records one import when two syncs of the same file race (expected revision)', async () => {
    const file = path.join(dir, 'race.db');
    const [a, b] = [new SqliteEventStore({ file }), new SqliteEventStore({ file })];
    const results = await Promise.all([sync({ eventStore: a, file: fixture('sdn.csv') }), sync({ eventStore: b, file: fixture('sdn.csv') })]);
    expect(results.map((r) => r.status).sort()).toEqual(['imported', 'unchanged']);
    expect(await a.readStream(sanctionsStreamId)).toHaveLength(1);
    await a.close();
    await b.close();
  });

  it('refuses a list without addresses rather than wipe the one in force', async () => {
    const eventStore = openStore();
    await sync({ eventStore, file: fixture('SDN.XML') });
    const noAddresses = edited('SDN.XML', (text) => text.replace(/Digital Currency Address - /g, 'Registration ID '));
    const error = await failure(sync({ eventStore, file: noAddresses }));
    expect(error.code).toBe('empty-list');
    expect(error.message).toMatch(/no digital currency addresses found in .*SDN\.XML.*refusing to replace/);
    expect(await eventStore.streamRevision(sanctionsStreamId)).toBe(0);
    await eventStore.close();
  });

  it('refuses a file in no OFAC format, and a file that is not there, clearly', async () => {
    const eventStore = openStore();
    const garbage = path.join(dir, 'garbage.bin');
    writeFileSync(garbage, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x10]));
    const unknown = await failure(sync({ eventStore, file: garbage }));
    expect(unknown.code).toBe('unknown-format');
    expect(unknown.message).toBe(`${garbage}: it is a binary file, not an OFAC SDN list (expected SDN_ADVANCED.XML, SDN.XML or sdn.csv)`);
    const missing = await failure(sync({ eventStore, file: path.join(dir, 'nope.xml') }));
    expect(missing).toMatchObject({ code: 'file-missing', message: `no such file: ${path.join(dir, 'nope.xml')}` });
    const truncated = edited('SDN_ADVANCED.XML', (text) => text.slice(0, text.length / 2));
    expect((await failure(sync({ eventStore, file: truncated }))).message).toMatch(/not well-formed XML.*cut short/);
    expect(await eventStore.streamRevision(sanctionsStreamId)).toBe('no-stream');
    await eventStore.close();
  });
});

describe('sanctions:sync by download', () => {
  let server: Server;
  let base: string;
  let status = 200;
  const served: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      served.push(`${req.method} ${req.url}`);
      if (status !== 200) {
        res.writeHead(status, { 'content-type': 'text/plain' }).end('upstream unavailable');
        return;
      }
      if (req.url === '/broken') {
        res.writeHead(200, { 'content-length': '100000' });
        res.write('<?xml version="1.0"?>\n<Sanctions>');
        setTimeout(() => res.destroy(), 20);
        return;
      }
      if (req.url === '/stalled') {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.write('<?xml version="1.0"?>\n');
        return;
      }
      const name = path.basename(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/xml' }).end(readFileSync(fixture(name)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const tempDirs = () => readdirSync(tmpdir()).filter((d) => d.startsWith('walletscreen-ofac-')).length;

  it('downloads the list to a temporary file, imports it and removes the file', async () => {
    const eventStore = openStore();
    const before = tempDirs();
    const url = `${base}/exports/SDN_ADVANCED.XML`;
    expect(await sync({ eventStore, url })).toMatchObject({
      status: 'imported',
      origin: url,
      format: 'sdn-advanced-xml',
      addressCount: 19,
      sha256: sha256Of(fixture('SDN_ADVANCED.XML')),
    });
    expect(served).toContain('GET /exports/SDN_ADVANCED.XML');
    expect(tempDirs()).toBe(before);
    expect(await sync({ eventStore, url })).toMatchObject({ status: 'unchanged' });
    await eventStore.close();
  });

  it('fails clearly on an HTTP error, appending nothing', async () => {
    const eventStore = openStore();
    await sync({ eventStore, file: fixture('SDN.XML') });
    status = 500;
    const url = `${base}/exports/SDN_ADVANCED.XML`;
    const error = await failure(sync({ eventStore, url }));
    status = 200;
    expect(error).toMatchObject({ code: 'download-failed', message: `download of ${url} failed: HTTP 500 Internal Server Error` });
    expect(await eventStore.streamRevision(sanctionsStreamId)).toBe(0);
    expect((await loadSanctionsIndex(eventStore))?.meta.format).toBe('sdn-xml');
    await eventStore.close();
  });

  it('fails clearly when the download breaks off or stalls, appending nothing', async () => {
    const eventStore = openStore();
    const broken = await failure(sync({ eventStore, url: `${base}/broken` }));
    expect(broken).toMatchObject({ code: 'download-failed', message: expect.stringMatching(/^download of http:.*\/broken broke off: /) });
    const stalled = await failure(sync({ eventStore, url: `${base}/stalled`, downloadTimeoutMs: 300 }));
    expect(stalled).toMatchObject({ code: 'download-failed', message: `download of ${base}/stalled broke off: it did not finish in time` });
    expect(await eventStore.streamRevision(sanctionsStreamId)).toBe('no-stream');
    await eventStore.close();
  });

  it('fails clearly when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const eventStore = openStore();
    const error = await failure(sync({ eventStore, url: `http://127.0.0.1:${port}/SDN_ADVANCED.XML` }));
    expect(error.code).toBe('download-failed');
    expect(error.message).toMatch(/^download of http:\/\/127\.0\.0\.1:\d+\/SDN_ADVANCED\.XML failed: .*ECONNREFUSED/);
    expect(await eventStore.streamRevision(sanctionsStreamId)).toBe('no-stream');
    await eventStore.close();
  });

  it('detects the format of what it downloads from its content (sdn.csv at a URL)', async () => {
    const eventStore = openStore();
    expect(await sync({ eventStore, url: `${base}/sdn.csv` })).toMatchObject({ status: 'imported', format: 'sdn-csv', addressCount: 19 });
    await eventStore.close();
  });
});
