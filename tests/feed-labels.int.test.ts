/**
 * The labels checks read (issue 28): feed versions synced from files into a real SQLite event
 * store, the labels read model folded by the projections' runner as the server folds it, and the
 * lookups of the intelligence stage (`storedFeedLabels`): version after version, an import under
 * way never read, the labels of earlier versions dropped.
 */
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FeedId } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { createInProcessBus, SqliteEventStore, SqliteReadStore } from '@walletscreen/platform/adapters';
import { startProjections, type ProjectionRunner } from '@walletscreen/projections';
import { feedLabelsProjection } from '@walletscreen/projections/feeds/feed-labels.projection';
import { feedLabels } from '@walletscreen/projections/feeds/queries';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { lastEventStreams } from '@walletscreen/domain/last-event-streams';
import { feedEntriesDecider } from '@walletscreen/domain/feed-entries/decide';
import { feedEntriesStreamId } from '@walletscreen/domain/feed-entries/events';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { feedStreamId } from '@walletscreen/domain/feed/events';
import { importedVersionEventId } from '@walletscreen/domain/ids';
import { addresses as a } from '@walletscreen/workers/testing/replay-server';
import { storedFeedLabels } from '@walletscreen/workers/feeds/feed-labels';
import { runRecordedFeedSync } from '@walletscreen/workers/feeds/sync-log';

const fixture = (name: string) => path.resolve(__dirname, '../workers/test-fixtures/feeds', name);
const sha256Of = (name: string) =>
  createHash('sha256')
    .update(readFileSync(fixture(name)))
    .digest('hex');
const dir = mkdtempSync(path.join(tmpdir(), 'ws-feed-labels-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = createLogger({ level: 'silent' });
const clock = () => new Date('2026-11-22T06:00:00.000Z');
const allOn: FeedId[] = ['opensanctions-crypto', 'ethereum-darklist', 'contract-sets', 'custom-labels'];
let n = 0;
const openStore = () => new SqliteEventStore({ file: path.join(dir, `events-${++n}.db`) });
const sync = (eventStore: SqliteEventStore, feedId: FeedId, more: { file?: string } = {}) =>
  runRecordedFeedSync({ eventStore, feedId, enabled: allOn, file: more.file, clock, logger, trigger: 'command-line' });
const failure = async (p: Promise<unknown>): Promise<FeedError> => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FeedError);
  return error as FeedError;
};

describe('a feed from a file, version after version, as checks read it', () => {
  const eventStore = openStore();
  // The labels read model, folded as the server folds it.
  const readStore = new SqliteReadStore({ file: path.join(dir, `read-models-${n}.db`) });
  let runner: ProjectionRunner;
  beforeAll(async () => {
    runner = await startProjections({ bus: createInProcessBus(eventStore), readStore, projections: [feedLabelsProjection], logger });
  });
  afterAll(async () => {
    await runner.stop();
    await readStore.close();
    await eventStore.close();
  });
  const labels = storedFeedLabels({ readStore, enabled: ['opensanctions-crypto', 'contract-sets'] });
  const folded = async () => runner.waitFor(await eventStore.headPosition());

  it('reads only the shipped feed before any import', async () => {
    expect((await labels.inForce()).map((f) => f.id)).toEqual(['contract-sets']);
    expect((await labels.labelsFor('ethereum', [a.evmA])).size).toBe(0);
  });

  it('imports --file, and checks find its labels with the feed and version, on every EVM network', async () => {
    const result = await sync(eventStore, 'opensanctions-crypto', { file: fixture('opensanctions-entities.ftm.json') });
    expect(result).toMatchObject({ status: 'imported', version: 1, origin: fixture('opensanctions-entities.ftm.json'), entryCount: 4 });
    await folded();
    expect(await labels.inForce()).toEqual([
      { id: 'opensanctions-crypto', name: 'OpenSanctions crypto wallets', version: '1', sha256: sha256Of('opensanctions-entities.ftm.json'), entryCount: 4 },
      expect.objectContaining({ id: 'contract-sets' }),
    ]);
    const found = await labels.labelsFor('polygon', [a.evmA.toLowerCase(), a.evmB]);
    expect([...found.keys()]).toEqual([a.evmA.toLowerCase()]);
    expect(found.get(a.evmA.toLowerCase())).toEqual([
      expect.objectContaining({
        category: 'sanctioned',
        name: 'HALCYON RELAY GROUP',
        jurisdiction: 'North Korea',
        feed: { id: 'opensanctions-crypto', version: '1' },
      }),
    ]);
  });

  it('records the next file as version 2, and checks read it without a restart', async () => {
    const result = await sync(eventStore, 'opensanctions-crypto', { file: fixture('opensanctions-entities-v2.ftm.json') });
    expect(result).toMatchObject({ status: 'imported', version: 2, entryCount: 5 });
    const [second] = await eventStore.readStream(feedStreamId('opensanctions-crypto'), { fromRevision: 1 });
    expect(second!.id).toBe(importedVersionEventId(feedStreamId('opensanctions-crypto'), 1, sha256Of('opensanctions-entities-v2.ftm.json')));
    await folded();
    const found = await labels.labelsFor('ethereum', [a.evmA, a.evmB]);
    expect(found.get(a.evmB)).toEqual([expect.objectContaining({ feed: { id: 'opensanctions-crypto', version: '2' } })]);
    expect(found.get(a.evmA)![0]!.feed.version).toBe('2');
  });

  it('refuses a file whose wallets cannot be screened, and the version in force stays', async () => {
    expect((await failure(sync(eventStore, 'opensanctions-crypto', { file: fixture('opensanctions-no-wallets.ftm.json') }))).code).toBe('empty-feed');
    expect((await failure(sync(eventStore, 'opensanctions-crypto', { file: fixture('no-such-file.json') }))).code).toBe('file-missing');
    expect((await labels.inForce())[0]).toMatchObject({ version: '2' });
  });

  it('reads the versions in force once for a check that asks for its labels and its feeds not loaded together', async () => {
    const find = readStore.find.bind(readStore);
    const asked: string[] = [];
    readStore.find = (collection, query) => {
      asked.push(collection);
      return find(collection, query);
    };
    try {
      await Promise.all([labels.labelsFor('ethereum', [a.evmA]), labels.notLoaded('ethereum')]);
    } finally {
      readStore.find = find;
    }
    expect(asked.filter((c) => c === 'feed_versions')).toHaveLength(1);
  });

  it('reads only the version in force: an unfinished import is never read, and the labels of the versions before are dropped', async () => {
    // The parts of an import whose version was never recorded (a sync that stopped half-way).
    const scam = {
      address: a.evmB.toLowerCase(),
      network: 'ethereum' as const,
      category: 'scam' as const,
      name: 'Never in force',
      source: 'https://example.org',
    };
    await new CommandHandler(lastEventStreams(eventStore), feedEntriesDecider).execute(
      feedEntriesStreamId('opensanctions-crypto', 'stopped'),
      {
        type: 'RecordFeedEntries',
        data: { feedId: 'opensanctions-crypto', importId: 'stopped', sha256: 'ff', part: 0, entries: [scam] },
        metadata: { now: clock().toISOString() },
      },
      { commandId: 'stopped' },
    );
    await folded();
    expect((await labels.labelsFor('ethereum', [a.evmB])).get(a.evmB)!.map((l) => l.name)).not.toContain('Never in force');
    // Back to the first file: version 3, its four labels alone in the store.
    expect(await sync(eventStore, 'opensanctions-crypto', { file: fixture('opensanctions-entities.ftm.json') })).toMatchObject({
      status: 'imported',
      version: 3,
    });
    await folded();
    expect(await feedLabels.count(readStore, { feed: 'opensanctions-crypto' })).toBe(4);
    expect((await labels.labelsFor('ethereum', [a.evmA])).get(a.evmA)![0]!.feed.version).toBe('3');
  });
});
