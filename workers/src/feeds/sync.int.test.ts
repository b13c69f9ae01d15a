/**
 * Feed syncs on a real SQLite event store: downloads from a loopback server replaying the fixture
 * files, `--file`, the same bytes again ("unchanged"), a file with nothing usable (refused, nothing
 * changes), a disabled feed (never downloaded), the sync log, the command line, and each
 * version's entries recorded in parts (the labels checks read: tests/feed-labels.int.test.ts).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { feedIds, type FeedId } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { feedStreamId, type FeedVersionImported } from '@walletscreen/domain/feed/events';
import { feedSyncStreamId } from '@walletscreen/domain/feed-sync-log/events';
import { importedVersionEventId } from '@walletscreen/domain/ids';
import { feedEntriesStreamId, unpackEntries, type FeedEntriesRecorded } from '@walletscreen/domain/feed-entries/events';
import { runFeedsSyncCommand } from './sync-command';
import { runRecordedFeedSync } from './sync-log';

const fixture = (name: string) => path.resolve(__dirname, '../../test-fixtures/feeds', name);
const sha256Of = (name: string) =>
  createHash('sha256')
    .update(readFileSync(fixture(name)))
    .digest('hex');
const dir = mkdtempSync(path.join(tmpdir(), 'ws-feeds-'));
const logger = createLogger({ level: 'silent' });
const clock = () => new Date('2026-11-22T06:00:00.000Z');
const allOn: FeedId[] = ['opensanctions-crypto', 'ethereum-darklist', 'contract-sets', 'custom-labels'];

/** Serves fixture files by name; 404 for anything else. Counts the requests. */
let server: Server;
let base: string;
const requested: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const name = (req.url ?? '/').slice(1);
    requested.push(name);
    try {
      const body = readFileSync(fixture(name));
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const openStore = () => new SqliteEventStore({ file: path.join(dir, `events-${++n}.db`) });
const sync = (eventStore: SqliteEventStore, feedId: FeedId, more: { file?: string; url?: string; enabled?: FeedId[] } = {}) =>
  runRecordedFeedSync({ eventStore, feedId, enabled: more.enabled ?? allOn, file: more.file, url: more.url, clock, logger, trigger: 'command-line' });
const failure = async (p: Promise<unknown>): Promise<FeedError> => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FeedError);
  return error as FeedError;
};

describe('a downloaded feed', () => {
  const eventStore = openStore();
  afterAll(() => eventStore.close());
  const url = () => `${base}/addresses-darklist.json`;

  it('is downloaded, hashed, parsed and recorded as version 1 on feed-<id>, with what it left out', async () => {
    const result = await sync(eventStore, 'ethereum-darklist', { url: url() });
    expect(result).toMatchObject({
      status: 'imported',
      feedId: 'ethereum-darklist',
      version: 1,
      origin: url(),
      sha256: sha256Of('addresses-darklist.json'),
      entryCount: 3,
      skipped: { count: 3 },
    });
    const [event] = await eventStore.readStream(feedStreamId('ethereum-darklist'));
    expect(event).toMatchObject({
      // The id a feed's imports have had since they were first written: a retried import appends nothing.
      id: importedVersionEventId(feedStreamId('ethereum-darklist'), 0, sha256Of('addresses-darklist.json')),
      type: 'FeedVersionImported',
      data: {
        feedId: 'ethereum-darklist',
        version: 1,
        sha256: sha256Of('addresses-darklist.json'),
        fetchedAt: clock().toISOString(),
        origin: url(),
        entryCount: 3,
      },
    });
    // Its entries are in the parts of the import it names, recorded before it.
    const { importId, parts, counts } = event!.data as FeedVersionImported;
    expect({ parts, counts }).toEqual({ parts: 1, counts: { evm: { scam: 3 } } });
    const recorded = await eventStore.readStream(feedEntriesStreamId('ethereum-darklist', importId!));
    expect(recorded.map((e) => [e.type, e.position < event!.position])).toEqual([['FeedEntriesRecorded', true]]);
    expect(unpackEntries(recorded[0]!.data as FeedEntriesRecorded)).toHaveLength(3);
    const [attempt] = await eventStore.readStream(feedSyncStreamId);
    expect(attempt).toMatchObject({
      type: 'FeedSyncSucceeded',
      data: {
        feedId: 'ethereum-darklist',
        status: 'imported',
        version: 1,
        trigger: 'command-line',
        skipped: { count: 3, examples: expect.arrayContaining(['entry 5: no address']) },
      },
    });
  });

  it('records nothing new for the same bytes again: the sync log says "unchanged"', async () => {
    const result = await sync(eventStore, 'ethereum-darklist', { url: url() });
    expect(result).toMatchObject({ status: 'unchanged', version: 1 });
    expect(await eventStore.streamRevision(feedStreamId('ethereum-darklist'))).toBe(0);
    const log = await eventStore.readStream(feedSyncStreamId);
    expect(log.at(-1)).toMatchObject({ type: 'FeedSyncSucceeded', data: { status: 'unchanged', version: 1 } });
  });

  it('refuses a file with nothing usable, and changes nothing', async () => {
    const error = await failure(sync(eventStore, 'ethereum-darklist', { url: `${base}/addresses-darklist-unusable.json` }));
    expect(error.code).toBe('empty-feed');
    expect(error.message).toBe(
      'Nothing was imported: all 2 of its entries were left out (1: not a valid ethereum address; 1: no address). The version in force stays.',
    );
    expect(await eventStore.streamRevision(feedStreamId('ethereum-darklist'))).toBe(0);
    expect((await eventStore.readStream(feedSyncStreamId)).at(-1)).toMatchObject({
      type: 'FeedSyncFailed',
      data: { feedId: 'ethereum-darklist', code: 'empty-feed' },
    });
  });

  it('says what failed when the download does, and changes nothing', async () => {
    const error = await failure(sync(eventStore, 'ethereum-darklist', { url: `${base}/gone.json` }));
    expect(error).toMatchObject({ code: 'download-failed', message: `download of ${base}/gone.json failed: HTTP 404 Not Found` });
    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await failure(sync(eventStore, 'ethereum-darklist', { url: `http://127.0.0.1:${port}/darklist.json` }));
    expect(refused.message).toBe(`download of http://127.0.0.1:${port}/darklist.json failed: connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(await eventStore.streamRevision(feedStreamId('ethereum-darklist'))).toBe(0);
  });

  it('is never downloaded while it is turned off', async () => {
    const before = requested.length;
    const error = await failure(sync(eventStore, 'opensanctions-crypto', { url: `${base}/opensanctions-entities.ftm.json`, enabled: ['ethereum-darklist'] }));
    expect(error.code).toBe('disabled');
    expect(requested.length).toBe(before);
    expect(await eventStore.streamRevision(feedStreamId('opensanctions-crypto'))).toBe('no-stream');
  });

  it('has nothing to sync when shipped, and custom labels need a file', async () => {
    expect((await failure(sync(eventStore, 'contract-sets'))).code).toBe('not-downloadable');
    expect((await failure(sync(eventStore, 'custom-labels'))).code).toBe('not-downloadable');
  });
});

describe('npm run feeds:sync', () => {
  const run = async (argv: string[], env: Record<string, string> = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runFeedsSyncCommand({
      argv,
      env: { DATA_DIR: path.join(dir, 'cli-data'), ...env },
      stdout: (l) => out.push(l),
      stderr: (l) => err.push(l),
      clock,
      logger,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('imports a file and prints one summary line with what it left out', async () => {
    const r = await run(['ethereum-darklist', '--file', fixture('addresses-darklist.json')]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^Feed ethereum-darklist imported as version 1: 3 labelled addresses; 3 left out \(1: not a valid ethereum address; 1: address listed more than once in the same category \(the first listing is kept\); 1: no address\); first: entry 3 /,
    );
    expect((await run(['ethereum-darklist', '--file', fixture('addresses-darklist.json')])).out).toMatch(
      /^Feed ethereum-darklist unchanged \(this file is already version 1, in force\)/,
    );
  });

  it('refuses a turned-off feed, an unknown feed and bad arguments', async () => {
    const off = await run(['opensanctions-crypto', '--file', fixture('opensanctions-entities.ftm.json')]);
    expect(off).toMatchObject({
      code: 1,
      err: 'feeds:sync failed: the feed opensanctions-crypto is turned off (FEEDS_ENABLED does not include it): nothing was downloaded or imported',
    });
    expect((await run(['opensanctions-crypto', '--file', fixture('opensanctions-entities.ftm.json')], { FEEDS_ENABLED: 'opensanctions-crypto' })).code).toBe(0);
    expect((await run(['nope'])).err).toMatch(/^feeds:sync: unknown feed "nope"/);
    expect((await run([])).code).toBe(2);
    expect((await run(['ethereum-darklist', '--file', 'a', '--url', 'http://x'])).err).toMatch(/give --file or --url, not both/);
    expect((await run(['ethereum-darklist'], { FEEDS_ENABLED: 'darklist' })).err).toBe(
      `feeds:sync: FEEDS_ENABLED: unknown feed "darklist": must be a comma list of ${feedIds.join(', ')}, or none`,
    );
  });
});
