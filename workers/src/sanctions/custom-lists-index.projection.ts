/**
 * The custom block and allow lists in force, as the sanctions stage matches against them: a fold
 * of the `custom-list-<id>` streams (`CustomListUploaded` replaces a list's entries, and bumps its
 * version; `CustomListRemoved` drops it) into one index keyed like the OFAC index (per chain, EVM
 * case-insensitive, Bitcoin Cash on its CashAddr form).
 *
 *   const lists = foldCustomLists(lists, event);            // for every custom-list event, in order
 *   const index = buildCustomListsIndex(lists);
 *   index.lookup('bsc', '0xAbC…')                           // [{ listId, name, kind, version, note? }]
 */
import type { CustomListEntry, CustomListKind, Network } from '@walletscreen/contracts';
import { customListEvents, type CustomListEvent } from '@walletscreen/domain/custom-list/events';
import { matchKeyFor } from './match-key';
import { chainOfNetwork } from '@walletscreen/domain/sanctions-list/listing';

/** A list as a check records it: enough for an auditor to find the exact upload it was screened against. */
export interface CustomListRef {
  listId: string;
  name: string;
  kind: CustomListKind;
  /** 1 for the first upload, +1 for every replacement. */
  version: number;
  /** SHA-256 of the uploaded file of that version. */
  sha256: string;
  entryCount: number;
}

export interface CustomListHit {
  listId: string;
  name: string;
  kind: CustomListKind;
  version: number;
  note?: string;
}

export interface CustomListState extends CustomListRef {
  entries: readonly CustomListEntry[];
}

/** The lists in force by id. */
export type CustomLists = ReadonlyMap<string, CustomListState>;

export interface CustomListsIndex {
  /** Every list in force, block lists first, then by name. */
  readonly lists: readonly CustomListRef[];
  lookup(network: Network, address: string): CustomListHit[];
}

export const customListsIndexEventTypes: ReadonlySet<string> = customListEvents.typeSet;

/** Applies one event of a custom-list stream; other events leave the lists as they are. */
export function foldCustomLists(lists: CustomLists, event: { type: string; data: unknown }): CustomLists {
  if (!customListsIndexEventTypes.has(event.type)) return lists;
  const e = event as CustomListEvent;
  const next = new Map(lists);
  switch (e.type) {
    case 'CustomListUploaded': {
      const d = e.data;
      next.set(d.listId, {
        listId: d.listId,
        name: d.name,
        kind: d.kind,
        version: (lists.get(d.listId)?.version ?? 0) + 1,
        sha256: d.sha256,
        entryCount: d.entries.length,
        entries: d.entries,
      });
      return next;
    }
    case 'CustomListRemoved':
      next.delete(e.data.listId);
      return next;
    default: {
      const _exhaustive: never = e;
      return lists;
    }
  }
}

const order = (a: Pick<CustomListRef, 'listId' | 'name' | 'kind'>, b: Pick<CustomListRef, 'listId' | 'name' | 'kind'>) =>
  a.kind === b.kind ? a.name.localeCompare(b.name) || a.listId.localeCompare(b.listId) : a.kind === 'block' ? -1 : 1;

export function buildCustomListsIndex(lists: CustomLists): CustomListsIndex {
  const byKey = new Map<string, Array<{ entry: CustomListEntry; list: CustomListState }>>();
  for (const list of lists.values()) {
    for (const entry of list.entries) {
      const key = `${entry.chain}|${matchKeyFor(entry.network, entry.address)}`;
      const found = byKey.get(key);
      if (found) found.push({ entry, list });
      else byKey.set(key, [{ entry, list }]);
    }
  }
  const refs = [...lists.values()].map(({ entries: _entries, ...ref }) => ref).sort(order);
  return {
    lists: refs,
    lookup(network, address) {
      const found = byKey.get(`${chainOfNetwork(network)}|${matchKeyFor(network, address)}`) ?? [];
      return found
        .map(({ entry, list }) => ({
          listId: list.listId,
          name: list.name,
          kind: list.kind,
          version: list.version,
          ...(entry.note ? { note: entry.note } : {}),
        }))
        .sort(order);
    },
  };
}
