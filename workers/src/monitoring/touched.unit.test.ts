import type { SanctionsEvidence } from '../checks/evidence';
import { listingKey } from '@walletscreen/domain/sanctions-list/state';
import { currentListings, recordedListings, touchedByListChange, type ListLookups } from './touched';

const wallet = 'bc1qwallet';
const entry = { sdnId: '90001', address: 'bc1qother', entity: 'HERON', programs: ['CYBER2'] } as unknown as SanctionsEvidence['direct'][number];
const clean: SanctionsEvidence = {
  listLoaded: true,
  list: null,
  direct: [],
  counterparties: [],
  customLists: { consulted: [], blocked: [], allowed: [], counterparties: [] },
};
const lookups = (ofac: Record<string, string[]>, custom: Record<string, string[]> = {}): ListLookups => ({
  ofac: (_n, a) => ofac[a] ?? [],
  custom: (_n, a) => custom[a] ?? [],
});
const touched = (recorded: SanctionsEvidence, now: ListLookups, counterparties = ['bc1qother']) =>
  touchedByListChange(recordedListings(recorded, wallet, listingKey), currentListings(now, 'bitcoin', wallet, counterparties));

describe('whether a list change touches a watched wallet', () => {
  it('does not when the lists say what the last check found', () => {
    expect(touched(clean, lookups({}))).toBe(false);
    const listedCounterparty = { ...clean, counterparties: [{ address: 'bc1qother', entries: [entry] }] };
    expect(touched(listedCounterparty, lookups({ bc1qother: [listingKey(entry)] }))).toBe(false);
  });
  it('does when the wallet or a counterparty is listed or delisted', () => {
    expect(touched(clean, lookups({ [wallet]: ['90001\u0000x'] }))).toBe(true);
    expect(touched(clean, lookups({ bc1qother: [listingKey(entry)] }))).toBe(true);
    expect(touched({ ...clean, counterparties: [{ address: 'bc1qother', entries: [entry] }] }, lookups({}))).toBe(true);
  });
  it('does when a custom list names the wallet or stops naming it, not when a list it is not on changes', () => {
    expect(touched(clean, lookups({}, { [wallet]: ['list-1|block'] }))).toBe(true);
    const blocked = {
      ...clean,
      customLists: { consulted: [], blocked: [{ listId: 'list-1', name: 'Internal', kind: 'block' as const, version: 1 }], allowed: [], counterparties: [] },
    };
    expect(touched(blocked, lookups({}))).toBe(true);
    expect(touched(blocked, lookups({}, { [wallet]: ['list-1|block'] }))).toBe(false);
    expect(touched(clean, lookups({}, { bc1qunrelated: ['list-2|block'] }))).toBe(false);
  });
  it('does when an address the trace found beyond the counterparties is listed, delisted or block-listed', () => {
    const hop2 = 'bc1qhop2';
    const traced = (recorded: SanctionsEvidence, now: ListLookups) =>
      touchedByListChange(recordedListings(recorded, wallet, listingKey), currentListings(now, 'bitcoin', wallet, ['bc1qother'], [hop2]));
    expect(traced(clean, lookups({}))).toBe(false);
    expect(traced(clean, lookups({ [hop2]: [listingKey(entry)] }))).toBe(true);
    const listedHop2 = { ...clean, traced: [{ address: hop2, entries: [entry] }] };
    expect(traced(listedHop2, lookups({ [hop2]: [listingKey(entry)] }))).toBe(false);
    expect(traced(listedHop2, lookups({}))).toBe(true);
    expect(traced(clean, lookups({}, { [hop2]: ['list-1|block'] }))).toBe(true);
    // The same address as a direct counterparty is a different fact from it as a traced one.
    expect(
      touchedByListChange(
        recordedListings(listedHop2, wallet, listingKey),
        currentListings(lookups({ [hop2]: [listingKey(entry)] }), 'bitcoin', wallet, [hop2], []),
      ),
    ).toBe(true);
  });
});
