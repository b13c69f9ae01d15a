import { deciderSpec } from '@walletscreen/platform/testing/decider-spec';
import { decideSanctionsList, type SanctionsListCommand } from './decide';
import { SanctionsListError } from './errors';
import { evolveSanctionsList, initialSanctionsListState, type SanctionEntry, type SanctionsListEvent } from './sanctions-list';

const given = deciderSpec({ decide: decideSanctionsList, evolve: evolveSanctionsList, initialState: initialSanctionsListState });
const now = '2026-11-22T06:00:00.000Z';
const later = '2026-11-23T06:00:00.000Z';

const entry: SanctionEntry = {
  ticker: 'XBT',
  address: '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ',
  network: 'bitcoin',
  normalized: '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ',
  valid: true,
  entity: 'KESTREL BRIDGE EXCHANGE LTD.',
  programs: ['CYBER2', 'DPRK3'],
  sdnId: '90317',
};
const importList = (sha256: string, entries: SanctionEntry[] = [entry], at = now): SanctionsListCommand => ({
  type: 'ImportSanctionsList',
  data: { source: 'ofac-sdn', format: 'sdn-advanced-xml', publishedAt: '2026-11-20', sha256, entries },
  metadata: { now: at },
});
const imported = (sha256: string, entries: SanctionEntry[] = [entry], at = now): SanctionsListEvent => ({
  type: 'SanctionsListImported',
  data: { source: 'ofac-sdn', format: 'sdn-advanced-xml', publishedAt: '2026-11-20', sha256, importedAt: at, addressCount: entries.length, entries },
});

describe('ImportSanctionsList', () => {
  it('records the first list, with its hash, publication date, address count and the time on the command', () =>
    given([]).when(importList('aa11')).then([imported('aa11')]));

  it('decides nothing for the file already in force (same SHA-256): unchanged', () =>
    given([imported('aa11')]).when(importList('aa11', [entry], later)).then([]));

  it('records a changed file as the new list in force', () => {
    const segwit = { ...entry, address: 'bc1qaz7jg7zpys29f5w5l3wgsn2zypdja5jt67ftut', normalized: 'bc1qaz7jg7zpys29f5w5l3wgsn2zypdja5jt67ftut' };
    given([imported('aa11')]).when(importList('bb22', [entry, segwit], later)).then([imported('bb22', [entry, segwit], later)]);
  });

  it('compares with the latest import only: going back to an earlier file is a change', () =>
    given([imported('aa11'), imported('bb22')]).when(importList('aa11', [entry], later)).then([imported('aa11', [entry], later)]));

  it('refuses an empty list rather than wipe the one in force', () =>
    given([imported('aa11')]).when(importList('cc33', [])).thenThrows(SanctionsListError, /no digital currency addresses/));

  it('refuses an empty list when none is loaded too', () => given([]).when(importList('cc33', [])).thenThrows(SanctionsListError, /refusing/));
});

describe('the decider state', () => {
  it('is the latest import and counts the imports', () => {
    const state = [imported('aa11'), imported('bb22', [entry], later)].reduce(evolveSanctionsList, initialSanctionsListState);
    expect(state).toEqual({ status: 'loaded', format: 'sdn-advanced-xml', publishedAt: '2026-11-20', sha256: 'bb22', importedAt: later, addressCount: 1, imports: 2 });
  });
});
