import { CUSTOM_LIST_LIMITS, customListMessages } from '@walletscreen/contracts';
import { Conflict, Invalid, NotFound } from '../errors';
import { deciderSpec } from '../../testing/decider-spec';
import { customListDecider, type CustomListCommand } from './decide';
import type { CustomListEvent } from './events';
import { evolveCustomList, initialCustomListState } from './state';

const given = deciderSpec(customListDecider);
const now = '2026-11-22T10:00:00.000Z';
const later = '2026-11-23T10:00:00.000Z';
const admin = { userId: 'u-admin', email: 'admin@bank.example' };
const listId = '00000000-0000-4000-8000-000000000001';
const entry = { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', chain: 'evm' as const, network: 'ethereum' as const };
const noted = { address: 'bc1qaz7jg7zpys29f5w5l3wgsn2zypdja5jt67ftut', chain: 'bitcoin' as const, network: 'bitcoin' as const, note: 'case 7' };
const rejected = [{ line: 2, text: 'nonsense', reason: 'Not a recognized wallet address' }];

type UploadData = Extract<CustomListCommand, { type: 'UploadCustomList' }>['data'];
const upload = (overrides: Partial<UploadData> = {}, at = now): CustomListCommand => ({
  type: 'UploadCustomList',
  data: { listId, name: 'Internal', kind: 'block', format: 'text', sha256: 'f00', entries: [entry], rejected, duplicates: 1, by: admin, ...overrides },
  metadata: { now: at },
});
const uploaded = (overrides: Partial<Extract<CustomListEvent, { type: 'CustomListUploaded' }>['data']> = {}): CustomListEvent => ({
  type: 'CustomListUploaded',
  data: {
    listId,
    name: 'Internal',
    kind: 'block',
    format: 'text',
    sha256: 'f00',
    entryCount: 1,
    entries: [entry],
    rejectedCount: 1,
    rejected,
    duplicates: 1,
    uploadedBy: admin,
    at: now,
    ...overrides,
  },
});
const remove: CustomListCommand = { type: 'RemoveCustomList', data: { by: admin, reason: 'Cases closed' }, metadata: { now } };
const removed: CustomListEvent = { type: 'CustomListRemoved', data: { listId, name: 'Internal', removedBy: admin, reason: 'Cases closed', at: now } };

describe('UploadCustomList', () => {
  it('records the entries, the rejected lines and who uploaded them', () => given([]).when(upload()).then([uploaded()]));

  it('records a CSV upload with its notes and no rejected line', () =>
    given([])
      .when(upload({ format: 'csv', entries: [entry, noted], rejected: [], duplicates: 0, sha256: 'c5v' }))
      .then([uploaded({ format: 'csv', entries: [entry, noted], entryCount: 2, rejected: [], rejectedCount: 0, duplicates: 0, sha256: 'c5v' })]));

  it('replaces the entries of a list of the same kind, at the time on the command', () =>
    given([uploaded()])
      .when(upload({ entries: [entry, noted], sha256: 'b42' }, later))
      .then([uploaded({ entries: [entry, noted], entryCount: 2, sha256: 'b42', at: later })]));

  it('keeps the first rejected lines in the event, and counts them all', () => {
    const many = Array.from({ length: CUSTOM_LIST_LIMITS.rejectedKept + 5 }, (_, i) => ({
      line: i + 1,
      text: `x${i}`,
      reason: 'Not a recognized wallet address',
    }));
    given([])
      .when(upload({ rejected: many }))
      .then([uploaded({ rejected: many.slice(0, CUSTOM_LIST_LIMITS.rejectedKept), rejectedCount: many.length })]);
  });

  it('refuses a file with no valid address, naming the bad lines', () => {
    given([])
      .when(upload({ entries: [] }))
      .thenThrows(Invalid, customListMessages.noValidAddress);
    let error: unknown;
    try {
      customListDecider.decide(upload({ entries: [] }), initialCustomListState);
    } catch (e) {
      error = e;
    }
    expect((error as Invalid).fields).toEqual({ content: customListMessages.noValidAddress, 'line 2': 'Not a recognized wallet address' });
  });

  it('refuses to turn a block list into an allow list', () =>
    given([uploaded()])
      .when(upload({ kind: 'allow' }))
      .thenThrows(Conflict, /"Internal" is already a block list/));
  it('refuses to revive a removed list', () =>
    given([uploaded(), removed])
      .when(upload())
      .thenThrows(Conflict, /was removed/));
});

describe('RemoveCustomList', () => {
  it('records who removed the list and why', () => given([uploaded()]).when(remove).then([removed]));
  it('names the list as last uploaded', () =>
    given([uploaded(), uploaded({ name: 'internal' })])
      .when(remove)
      .then([{ type: 'CustomListRemoved', data: { ...(removed.data as object), name: 'internal' } } as CustomListEvent]));
  it('is refused for an unknown or removed list', () => {
    given([]).when(remove).thenThrows(NotFound, customListMessages.notFound);
    given([uploaded(), removed]).when(remove).thenThrows(NotFound, customListMessages.notFound);
  });
});

describe('the list’s state', () => {
  it('counts versions: 1 for the first upload, +1 for every replacement, and remembers a removal', () => {
    const fold = (events: CustomListEvent[]) => events.reduce(evolveCustomList, initialCustomListState);
    expect(fold([uploaded()])).toEqual({ status: 'active', listId, name: 'Internal', kind: 'block', version: 1 });
    expect(fold([uploaded(), uploaded()])).toMatchObject({ status: 'active', version: 2 });
    expect(fold([uploaded(), uploaded(), removed])).toMatchObject({ status: 'removed', version: 2 });
    expect(fold([removed])).toEqual({ status: 'none' });
  });
});
