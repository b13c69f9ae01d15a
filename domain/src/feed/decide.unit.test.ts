import { deciderSpec } from '../../testing/decider-spec';
import { feedDecider, type FeedCommand } from './decide';
import { FeedError } from './errors';
import { feedEvents, type FeedEntry, type FeedEvent, type SkippedEntries } from './events';
import { evolveFeed, initialFeedState } from './state';

const given = deciderSpec(feedDecider);
const now = '2026-11-25T06:00:00.000Z';
const later = '2026-11-26T06:00:00.000Z';
const origin = 'https://raw.githubusercontent.com/MyEtherWallet/ethereum-lists/master/src/addresses/addresses-darklist.json';
const scam: FeedEntry = { address: '0x0a4279202BE313Bce8954DF36Aa730aA5837aa16', network: 'ethereum', category: 'scam', name: 'Fake MEW', source: origin };
const mixer: FeedEntry = {
  address: 'bc1qaz7jg7zpys29f5w5l3wgsn2zypdja5jt67ftut',
  network: 'bitcoin',
  category: 'mixer',
  name: 'A mixer',
  source: origin,
  jurisdiction: 'RU',
  listedAt: '2026-01-05',
};
const none: SkippedEntries = { count: 0, reasons: {}, examples: [] };
const someSkipped: SkippedEntries = {
  count: 3,
  reasons: { 'not a valid ethereum address': 2, 'address listed more than once (the first listing is kept)': 1 },
  examples: ['entry 4 (0xabc…): not a valid ethereum address'],
};

/** What the sync hands the decider once it recorded the entries' parts: the import, its parts and counts. */
const importFile = (sha256: string, entries: FeedEntry[] = [scam], skipped: SkippedEntries = none, at = now): FeedCommand => ({
  type: 'ImportFeedVersion',
  data: {
    feedId: 'ethereum-darklist',
    sha256,
    origin,
    importId: `i-${sha256}`,
    parts: entries.length > 0 ? 1 : 0,
    entryCount: entries.length,
    counts: countsOf(entries),
    skipped,
  },
  metadata: { now: at },
});
const countsOf = (entries: FeedEntry[]) => {
  const counts: Record<string, Record<string, number>> = {};
  for (const e of entries) (counts[e.network] ??= {})[e.category] = (counts[e.network]?.[e.category] ?? 0) + 1;
  return counts;
};
const imported = (version: number, sha256: string, entries: FeedEntry[] = [scam], skipped: SkippedEntries = none, at = now): FeedEvent => ({
  type: 'FeedVersionImported',
  data: {
    feedId: 'ethereum-darklist',
    version,
    sha256,
    fetchedAt: at,
    origin,
    entryCount: entries.length,
    importId: `i-${sha256}`,
    parts: 1,
    counts: countsOf(entries),
    skipped,
  },
});

describe('ImportFeedVersion', () => {
  it('records the first file as version 1, naming the import that holds its entries, with its counts, what it left out and the time on the command', () =>
    given([])
      .when(importFile('aa11', [scam, mixer], someSkipped))
      .then([imported(1, 'aa11', [scam, mixer], someSkipped)]));

  it('records a changed file as the next version', () =>
    given([imported(1, 'aa11')])
      .when(importFile('bb22', [scam, mixer], none, later))
      .then([imported(2, 'bb22', [scam, mixer], none, later)]));

  it('decides nothing for the file in force (same SHA-256): unchanged', () =>
    given([imported(1, 'aa11'), imported(2, 'bb22')])
      .when(importFile('bb22', [scam], none, later))
      .then([]));

  it('compares with the latest import only: going back to an earlier file is a new version', () =>
    given([imported(1, 'aa11'), imported(2, 'bb22')])
      .when(importFile('aa11', [scam], none, later))
      .then([imported(3, 'aa11', [scam], none, later)]));

  it('refuses a file with no usable entry, saying what was left out, rather than empty the feed in force', () => {
    given([imported(1, 'aa11')])
      .when(importFile('cc33', [], someSkipped))
      .thenThrows(
        FeedError,
        'Nothing was imported: all 3 of its entries were left out (2: not a valid ethereum address; 1: address listed more than once (the first listing is kept)). The version in force stays.',
      );
    given([])
      .when(importFile('cc33', [], none))
      .thenThrows(FeedError, 'Nothing was imported: it holds no entry. The version in force stays.');
  });

  it('refuses with the code the sync log records', () => {
    let error: unknown;
    try {
      feedDecider.decide(importFile('cc33', []), initialFeedState);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'empty-feed' });
  });
});

describe('the feed’s state', () => {
  it('is the version in force, without its entries', () =>
    expect([imported(1, 'aa11'), imported(2, 'bb22', [scam, mixer], someSkipped, later)].reduce(evolveFeed, initialFeedState)).toEqual({
      status: 'loaded',
      feedId: 'ethereum-darklist',
      version: 2,
      sha256: 'bb22',
      fetchedAt: later,
      origin,
      entryCount: 2,
      skipped: someSkipped,
    }));
});

describe('what it records', () => {
  it('has the shape the stream’s schema declares', () => {
    const [event] = feedDecider.decide(importFile('aa11', [scam, mixer], someSkipped), initialFeedState);
    expect(feedEvents.schema.parse(event)).toEqual(event);
  });
});
