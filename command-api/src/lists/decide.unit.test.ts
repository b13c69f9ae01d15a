import { customListMessages, type CustomListEvent } from '@walletscreen/contracts';
import { deciderSpec } from '@walletscreen/domain/testing/decider-spec';
import { Conflict, Invalid, NotFound } from '@walletscreen/domain/errors';
import { evolveCustomList, initialCustomListState } from './custom-list';
import { decideCustomList, type CustomListCommand } from './decide';

const given = deciderSpec({ decide: decideCustomList, evolve: evolveCustomList, initialState: initialCustomListState });
const now = '2026-11-22T10:00:00.000Z';
const admin = { userId: 'u-admin', email: 'admin@bank.example' };
const listId = '00000000-0000-4000-8000-000000000001';
const entry = { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', chain: 'evm' as const, network: 'ethereum' as const };
const rejected = [{ line: 2, text: 'nonsense', reason: 'Not a recognized wallet address' }];

const upload = (overrides: Partial<Extract<CustomListCommand, { type: 'UploadCustomList' }>['data']> = {}): CustomListCommand => ({
  type: 'UploadCustomList',
  data: { listId, name: 'Internal', kind: 'block', format: 'text', sha256: 'f00', entries: [entry], rejected, duplicates: 1, by: admin, ...overrides },
  metadata: { now },
});
const uploaded: CustomListEvent = {
  type: 'CustomListUploaded',
  data: { listId, name: 'Internal', kind: 'block', format: 'text', sha256: 'f00', entryCount: 1, entries: [entry], rejectedCount: 1, rejected, duplicates: 1, uploadedBy: admin, at: now },
};
const remove: CustomListCommand = { type: 'RemoveCustomList', data: { by: admin, reason: 'Cases closed' }, metadata: { now } };
const removed: CustomListEvent = { type: 'CustomListRemoved', data: { listId, name: 'Internal', removedBy: admin, reason: 'Cases closed', at: now } };

describe('UploadCustomList', () => {
  it('records the entries, the rejected lines and who uploaded them', () => given([]).when(upload()).then([uploaded]));
  it('replaces the entries of a list of the same kind', () => given([uploaded]).when(upload()).then([uploaded]));
  it('refuses a file with no valid address, naming the bad lines', () => given([]).when(upload({ entries: [] })).thenThrows(Invalid, customListMessages.noValidAddress));
  it('refuses to turn a block list into an allow list', () => given([uploaded]).when(upload({ kind: 'allow' })).thenThrows(Conflict, /already a block list/));
  it('refuses to revive a removed list', () => given([uploaded, removed]).when(upload()).thenThrows(Conflict));
});

describe('RemoveCustomList', () => {
  it('records who removed the list and why', () => given([uploaded]).when(remove).then([removed]));
  it('is refused for an unknown or removed list', () => {
    given([]).when(remove).thenThrows(NotFound);
    given([uploaded, removed]).when(remove).thenThrows(NotFound);
  });
});
