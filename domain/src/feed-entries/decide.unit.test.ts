import fc from 'fast-check';
import { deciderSpec } from '../../testing/decider-spec';
import { riskCategories, labelConfidences, type FeedEntry } from '../feed/events';
import { feedEntriesDecider, type FeedEntriesCommand } from './decide';
import { feedEntriesEvents, packEntries, unpackEntries, type FeedEntriesEvent } from './events';

const given = deciderSpec(feedEntriesDecider);
const now = '2026-11-27T06:00:00.000Z';
const source = 'https://github.com/graphsense/graphsense-tagpacks';
const bitmex = (address: string): FeedEntry => ({
  address,
  network: 'bitcoin',
  category: 'exchange',
  name: 'bitmex reserve wallet',
  source,
  confidence: 'service_data',
  actor: 'bitmex',
  listedAt: '2022-11-16',
});
const a = bitmex('3BMEXbSSrK2K7cRgqxrtqUWfxowBBrW1BE');
const b = bitmex('3BMEX95VgAacEZRJksocYrPzJ328pcSFXG');
const record = (part: number, entries: FeedEntry[] = [a, b]): FeedEntriesCommand => ({
  type: 'RecordFeedEntries',
  data: { feedId: 'ethereum-darklist', importId: 'imp1', sha256: 'aa11', part, entries },
  metadata: { now },
});
const recorded = (part: number, entries: FeedEntry[] = [a, b]): FeedEntriesEvent => ({
  type: 'FeedEntriesRecorded',
  data: { feedId: 'ethereum-darklist', importId: 'imp1', sha256: 'aa11', part, ...packEntries(entries) },
});

describe('RecordFeedEntries', () => {
  it('records the parts in order, each once', () => {
    given([])
      .when(record(0))
      .then([recorded(0)]);
    given([recorded(0)])
      .when(record(1))
      .then([recorded(1)]);
    given([recorded(0), recorded(1)])
      .when(record(0))
      .then([]);
  });

  it('refuses a part that would leave a gap, and an empty part', () => {
    given([]).when(record(1)).thenThrows(Error, 'part 1 of import imp1 cannot come before part 0');
    given([]).when(record(0, [])).thenThrows(Error, 'part 0 of import imp1 holds no entry');
  });

  it('writes the fields the entries share once', () => {
    const [event] = feedEntriesDecider.decide(record(0), feedEntriesDecider.initialState);
    expect(event!.data.shared).toEqual({
      network: 'bitcoin',
      category: 'exchange',
      name: 'bitmex reserve wallet',
      source,
      confidence: 'service_data',
      actor: 'bitmex',
      listedAt: '2022-11-16',
    });
    expect(event!.data.entries).toEqual([{ address: a.address }, { address: b.address }]);
    expect(feedEntriesEvents.schema.parse(event)).toEqual(event);
  });
});

describe('packEntries / unpackEntries', () => {
  const text = fc.string({ minLength: 1, maxLength: 6 });
  const entry: fc.Arbitrary<FeedEntry> = fc.record(
    {
      address: text,
      network: fc.constantFrom('bitcoin', 'ethereum', 'tron'),
      category: fc.constantFrom(...riskCategories),
      name: fc.constantFrom('A', 'B'),
      source: fc.constantFrom('https://a', 'https://b'),
      jurisdiction: fc.constantFrom('RU', 'KP'),
      listedAt: fc.constantFrom('2020-01-01', '2021-02-02'),
      confidence: fc.constantFrom(...labelConfidences),
      actor: fc.constantFrom('x', 'y'),
    },
    { requiredKeys: ['address', 'network', 'category', 'name', 'source'] },
  );

  it('are each other’s inverse, whatever the entries share', () =>
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        const packed = packEntries(entries);
        expect(unpackEntries(packed)).toEqual(entries);
        expect(Object.keys(packed.shared)).not.toContain('address');
      }),
    ));
});
