import { deciderSpec } from '../../testing/decider-spec';
import { decideSanctionsList, sanctionsListDecider, type SanctionsListCommand } from './decide';
import { SanctionsListError } from './errors';
import {
  sanctionsListEvents,
  type DelistedSanctionEntry,
  type ListedSanctionEntry,
  type OfacFormat,
  type SanctionEntry,
  type SanctionsListEvent,
  type SanctionsListImportedData,
} from './events';
import { describeListing } from './listing';
import { evolveSanctionsList, initialSanctionsListState } from './state';

const given = deciderSpec(sanctionsListDecider);
const now = '2026-11-22T06:00:00.000Z';
const later = '2026-11-23T06:00:00.000Z';

const listing = (ticker: string, address: string, party: Pick<SanctionEntry, 'entity' | 'programs' | 'sdnId'>): SanctionEntry => ({
  ticker,
  address,
  ...describeListing(ticker, address),
  ...party,
  designatedAt: null,
});
const kestrel = { entity: 'KESTREL BRIDGE EXCHANGE LTD.', programs: ['CYBER2', 'DPRK3'], sdnId: '90317' };
// A Tornado-Cash-like party: a mixer's contract address, listed, then delisted.
const mixer = { entity: 'HALCYON CASH MIXER', programs: ['CYBER2'], sdnId: '90501' };
const entry = listing('XBT', '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ', kestrel);
const segwit = listing('XBT', 'bc1qaz7jg7zpys29f5w5l3wgsn2zypdja5jt67ftut', kestrel);
const contract = listing('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', mixer);

type ListOptions = { published?: string | null; format?: OfacFormat; at?: string; allowOlder?: boolean };
const importList = (sha256: string, entries: SanctionEntry[] = [entry], o: ListOptions = {}): SanctionsListCommand => ({
  type: 'ImportSanctionsList',
  data: {
    source: 'ofac-sdn',
    format: o.format ?? 'sdn-advanced-xml',
    publishedAt: o.published === undefined ? '2026-11-20' : o.published,
    sha256,
    entries,
    ...(o.allowOlder ? { allowOlder: true } : {}),
  },
  metadata: { now: o.at ?? now },
});
const since = (e: SanctionEntry, listedSince: string): ListedSanctionEntry => ({ ...e, listedSince });
const gone = (e: SanctionEntry, listedSince: string, delistedAt: string): DelistedSanctionEntry => ({ ...e, listedSince, delistedAt });
const imported = (
  sha256: string,
  entries: ListedSanctionEntry[] = [since(entry, '2026-11-20')],
  o: { published?: string | null; format?: OfacFormat; at?: string; delisted?: DelistedSanctionEntry[]; forced?: SanctionsListImportedData['forced'] } = {},
): SanctionsListEvent => ({
  type: 'SanctionsListImported',
  data: {
    source: 'ofac-sdn',
    format: o.format ?? 'sdn-advanced-xml',
    publishedAt: o.published === undefined ? '2026-11-20' : o.published,
    sha256,
    importedAt: o.at ?? now,
    addressCount: entries.length,
    entries,
    delisted: o.delisted ?? [],
    ...(o.forced ? { forced: o.forced } : {}),
  },
});

describe('ImportSanctionsList', () => {
  it("records the first list, with its hash, publication date, address count, the time on the command, and each entry listed since the list's date", () =>
    given([])
      .when(importList('aa11'))
      .then([imported('aa11')]));

  it('decides nothing for the file already in force (same SHA-256): unchanged', () =>
    given([imported('aa11')])
      .when(importList('aa11', [entry], { at: later }))
      .then([]));

  it("records a changed file as the new list in force; a new entry is listed since the new list's date, the others keep theirs", () =>
    given([imported('aa11')])
      .when(importList('bb22', [entry, segwit], { published: '2026-11-21', at: later }))
      .then([imported('bb22', [since(entry, '2026-11-20'), since(segwit, '2026-11-21')], { published: '2026-11-21', at: later })]));

  it('compares with the latest import only: going back to an earlier file of the same date is a change', () =>
    given([imported('aa11'), imported('bb22')])
      .when(importList('aa11', [entry], { at: later }))
      .then([imported('aa11', [since(entry, '2026-11-20')], { at: later })]));

  it('refuses an empty list rather than wipe the one in force', () =>
    given([imported('aa11')])
      .when(importList('cc33', []))
      .thenThrows(SanctionsListError, /no digital currency addresses/));

  it('refuses an empty list when none is loaded too', () =>
    given([])
      .when(importList('cc33', []))
      .thenThrows(SanctionsListError, /refusing/));
});

describe('designation and delisting', () => {
  const listA = imported('aa11', [since(entry, '2022-08-08'), since(contract, '2022-08-08')], { published: '2022-08-08' });

  it("an entry absent from a later list is delisted as of that list's publication date, with since when it was listed", () =>
    given([listA])
      .when(importList('bb22', [entry], { published: '2025-03-21', at: later }))
      .then([imported('bb22', [since(entry, '2022-08-08')], { published: '2025-03-21', at: later, delisted: [gone(contract, '2022-08-08', '2025-03-21')] })]));

  it('a delisted entry is carried forward by the next imports', () => {
    const listB = imported('bb22', [since(entry, '2022-08-08')], { published: '2025-03-21', delisted: [gone(contract, '2022-08-08', '2025-03-21')] });
    given([listA, listB])
      .when(importList('cc33', [entry, segwit], { published: '2025-04-01', at: later }))
      .then([
        imported('cc33', [since(entry, '2022-08-08'), since(segwit, '2025-04-01')], {
          published: '2025-04-01',
          at: later,
          delisted: [gone(contract, '2022-08-08', '2025-03-21')],
        }),
      ]);
  });

  it('an entry listed again leaves the delisted ones, listed since the list that brings it back', () => {
    const listB = imported('bb22', [since(entry, '2022-08-08')], { published: '2025-03-21', delisted: [gone(contract, '2022-08-08', '2025-03-21')] });
    given([listA, listB])
      .when(importList('cc33', [entry, contract], { published: '2026-01-05', at: later }))
      .then([imported('cc33', [since(entry, '2022-08-08'), since(contract, '2026-01-05')], { published: '2026-01-05', at: later })]);
  });

  it('recognises a listing by its party and address, whatever its ticker or case: a corrected ticker is not a delisting', () => {
    const retagged = listing('USDT', contract.address.toLowerCase(), mixer);
    given([listA])
      .when(importList('bb22', [entry, retagged], { published: '2022-09-01', at: later }))
      .then([imported('bb22', [since(entry, '2022-08-08'), since(retagged, '2022-08-08')], { published: '2022-09-01', at: later })]);
  });

  it('counts from the day of the import when the file states no date', () =>
    given([imported('aa11', [since(entry, '2026-11-20'), since(contract, '2026-11-20')], { published: null, format: 'sdn-csv' })])
      .when(importList('bb22', [entry], { published: null, format: 'sdn-csv', at: later }))
      .then([
        imported('bb22', [since(entry, '2026-11-20')], {
          published: null,
          format: 'sdn-csv',
          at: later,
          delisted: [gone(contract, '2026-11-20', '2026-11-23')],
        }),
      ]));

  it("reads imports recorded before delisting was tracked: their entries listed since that list's date, nothing delisted", () => {
    const { listedNetwork: _l, matchedChains: _m, crossChain: _c, designatedAt: _d, ...old } = contract;
    const recorded: SanctionsListEvent = {
      type: 'SanctionsListImported',
      data: {
        source: 'ofac-sdn',
        format: 'sdn-xml',
        publishedAt: '2024-05-02',
        sha256: 'old1',
        importedAt: now,
        addressCount: 1,
        entries: [{ ...old, network: null, valid: false }],
      },
    };
    given([recorded])
      .when(importList('bb22', [entry], { published: '2025-03-21', at: later }))
      .then([imported('bb22', [since(entry, '2025-03-21')], { published: '2025-03-21', at: later, delisted: [gone(contract, '2024-05-02', '2025-03-21')] })]);
  });
});

describe('a list older than the one in force', () => {
  it('is refused, saying both publication dates', () =>
    given([imported('aa11')])
      .when(importList('bb22', [entry], { published: '2026-11-18' }))
      .thenThrows(SanctionsListError, /published 18\.11\.2026, before the list in force \(published 20\.11\.2026\).*nothing was imported/));

  it('is refused with the code that says it can be forced', () => {
    let error: unknown;
    try {
      decideSanctionsList(importList('bb22', [entry], { published: '2026-11-18' }), evolveSanctionsList(initialSanctionsListState, imported('aa11')));
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'older-list' });
  });

  it('replaces the list in force when forced, recording what it replaced', () =>
    given([imported('aa11', [since(entry, '2026-11-20'), since(segwit, '2026-11-20')])])
      .when(importList('bb22', [entry], { published: '2026-11-18', allowOlder: true, at: later }))
      .then([
        imported('bb22', [since(entry, '2026-11-20')], {
          published: '2026-11-18',
          at: later,
          delisted: [gone(segwit, '2026-11-20', '2026-11-18')],
          forced: { reason: 'older-list', replacedPublishedAt: '2026-11-20', replacedSha256: 'aa11' },
        }),
      ]));

  it('stays "unchanged" when it is the very file in force, forced or not', () =>
    given([imported('aa11')])
      .when(importList('aa11', [entry], { published: '2026-11-20', allowOlder: true }))
      .then([]));

  it('of the same date is not older: it replaces the list in force', () =>
    given([imported('aa11')])
      .when(importList('bb22', [entry], { at: later }))
      .then([imported('bb22', [since(entry, '2026-11-20')], { at: later })]));
});

describe('a list that states no publication date (sdn.csv)', () => {
  it('cannot be shown to be newer than a dated list in force: refused, saying why', () =>
    given([imported('aa11')])
      .when(importList('bb22', [entry], { published: null, format: 'sdn-csv' }))
      .thenThrows(
        SanctionsListError,
        /sdn\.csv states no publication date, so it cannot be shown to be newer than the list in force \(published 20\.11\.2026\)/,
      ));

  it('replaces a dated list when forced', () =>
    given([imported('aa11')])
      .when(importList('bb22', [entry], { published: null, format: 'sdn-csv', allowOlder: true, at: later }))
      .then([
        imported('bb22', [since(entry, '2026-11-20')], {
          published: null,
          format: 'sdn-csv',
          at: later,
          forced: { reason: 'undated-list', replacedPublishedAt: '2026-11-20', replacedSha256: 'aa11' },
        }),
      ]));

  it('is the first list, or replaces another undated one: nothing to compare with', () => {
    given([])
      .when(importList('aa11', [entry], { published: null, format: 'sdn-csv' }))
      .then([imported('aa11', [since(entry, '2026-11-22')], { published: null, format: 'sdn-csv' })]);
    given([imported('aa11', [since(entry, '2026-11-22')], { published: null, format: 'sdn-csv' })])
      .when(importList('bb22', [entry], { published: null, format: 'sdn-csv', at: later }))
      .then([imported('bb22', [since(entry, '2026-11-22')], { published: null, format: 'sdn-csv', at: later })]);
  });

  it('is replaced by a dated list without question', () =>
    given([imported('aa11', [since(entry, '2026-11-22')], { published: null, format: 'sdn-csv' })])
      .when(importList('bb22', [entry], { published: '2026-11-01', at: later }))
      .then([imported('bb22', [since(entry, '2026-11-22')], { published: '2026-11-01', at: later })]));
});

describe('the decider state', () => {
  it('is the latest import, with its entries and the delisted ones', () => {
    const delisted = [gone(contract, '2022-08-08', '2025-03-21')];
    const state = [imported('aa11'), imported('bb22', [since(entry, '2026-11-20')], { at: later, delisted })].reduce(
      evolveSanctionsList,
      initialSanctionsListState,
    );
    expect(state).toEqual({
      status: 'loaded',
      format: 'sdn-advanced-xml',
      publishedAt: '2026-11-20',
      sha256: 'bb22',
      importedAt: later,
      addressCount: 1,
      entries: [since(entry, '2026-11-20')],
      delisted,
    });
  });
});

describe('refusals carry the code each surface words', () => {
  const codeOf = (command: SanctionsListCommand, given: SanctionsListEvent[] = []) => {
    try {
      decideSanctionsList(command, given.reduce(evolveSanctionsList, initialSanctionsListState));
    } catch (error) {
      return (error as SanctionsListError).code;
    }
    return null;
  };
  it('empty-list, older-list, undated-list', () => {
    expect(codeOf(importList('cc33', []))).toBe('empty-list');
    expect(codeOf(importList('bb22', [entry], { published: '2026-11-18' }), [imported('aa11')])).toBe('older-list');
    expect(codeOf(importList('bb22', [entry], { published: null, format: 'sdn-csv' }), [imported('aa11')])).toBe('undated-list');
  });
});

describe('what it records', () => {
  it('has the shape the stream’s schema declares', () => {
    const [event] = decideSanctionsList(
      importList('bb22', [entry, { ...segwit, jurisdiction: 'KP' }], { published: '2026-11-18', allowOlder: true, at: later }),
      evolveSanctionsList(initialSanctionsListState, imported('aa11', [since(contract, '2026-11-20')])),
    );
    expect(sanctionsListEvents.schema.parse(event)).toEqual(event);
  });
});
