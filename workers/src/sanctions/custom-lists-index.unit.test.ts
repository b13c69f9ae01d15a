import type { CustomListEvent } from '@walletscreen/domain/custom-list/events';
import { buildCustomListsIndex, foldCustomLists, type CustomLists } from './custom-lists-index.projection';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BCH_LEGACY = '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu';
const BCH_CASHADDR = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
const admin = { userId: 'u-1', email: 'admin@bank.example' };
const at = '2026-11-22T10:00:00.000Z';

const uploaded = (
  listId: string,
  name: string,
  kind: 'block' | 'allow',
  entries: Extract<CustomListEvent, { type: 'CustomListUploaded' }>['data']['entries'],
): CustomListEvent => ({
  type: 'CustomListUploaded',
  data: {
    listId,
    name,
    kind,
    format: 'text',
    sha256: `${listId}-sha`,
    entryCount: entries.length,
    entries,
    rejectedCount: 0,
    rejected: [],
    duplicates: 0,
    uploadedBy: admin,
    at,
  },
});
const removed = (listId: string): CustomListEvent => ({ type: 'CustomListRemoved', data: { listId, name: 'x', removedBy: admin, reason: 'r', at } });
const fold = (events: CustomListEvent[]) => buildCustomListsIndex(events.reduce<CustomLists>(foldCustomLists, new Map()));

describe('the custom lists index', () => {
  it('matches an EVM address on every EVM network, in any case', () => {
    const index = fold([uploaded('l1', 'Internal', 'block', [{ address: EVM, chain: 'evm', network: 'ethereum', note: 'case 7' }])]);
    expect(index.lookup('bsc', EVM.toLowerCase())).toEqual([{ listId: 'l1', name: 'Internal', kind: 'block', version: 1, note: 'case 7' }]);
    expect(index.lookup('polygon', EVM.toUpperCase().replace('0X', '0x'))).toHaveLength(1);
    expect(index.lookup('tron', EVM)).toEqual([]);
  });

  it('matches per chain: a Bitcoin Cash legacy address matches its CashAddr form, not the Bitcoin address', () => {
    const index = fold([uploaded('l1', 'Internal', 'block', [{ address: BCH_LEGACY, chain: 'bitcoin-cash', network: 'bitcoin-cash' }])]);
    expect(index.lookup('bitcoin-cash', BCH_CASHADDR)).toHaveLength(1);
    expect(index.lookup('bitcoin', BCH_LEGACY)).toEqual([]);
  });

  it('replaces a list on a new upload (a new version), drops it on removal, and lists block lists first', () => {
    const index = fold([
      uploaded('l1', 'Zeta', 'block', [{ address: EVM, chain: 'evm', network: 'ethereum' }]),
      uploaded('l2', 'Alpha', 'allow', [{ address: EVM, chain: 'evm', network: 'ethereum' }]),
      uploaded('l3', 'Gone', 'block', [{ address: EVM, chain: 'evm', network: 'ethereum' }]),
      uploaded('l1', 'Zeta', 'block', [{ address: BCH_CASHADDR, chain: 'bitcoin-cash', network: 'bitcoin-cash' }]),
      removed('l3'),
    ]);
    expect(index.lists.map((l) => [l.listId, l.kind, l.version, l.sha256, l.entryCount])).toEqual([
      ['l1', 'block', 2, 'l1-sha', 1],
      ['l2', 'allow', 1, 'l2-sha', 1],
    ]);
    expect(index.lookup('ethereum', EVM).map((h) => h.listId)).toEqual(['l2']);
  });
});
