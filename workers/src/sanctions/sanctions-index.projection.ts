/**
 * The sanctions list the screening stage matches against: a fold of the `sanctions-ofac` stream
 * into the latest import's entries (and the entries delisted so far, which the import carries),
 * keyed by chain and match key, plus the list's metadata (the version a check records, and what
 * the UI shows; null when no list was ever imported).
 *
 * An entry is found on every chain its listed text is a valid address of, whatever its ticker: a
 * Bitcoin address listed as USDT (Omni Layer) or BSV is found on Bitcoin and Bitcoin Cash, an EVM
 * address listed as ETC on every EVM network, a TRON address listed under XBT on TRON.
 *
 *   const index = createSanctionsIndex(events);      // or events.reduce(foldSanctionsIndex, null)
 *   index?.lookup('bsc', '0xAbC…')                    // current listings of that address
 *   index?.lookupDelisted('ethereum', '0xAbC…')       // listings of it that have ended
 */
import type { Network } from '@walletscreen/contracts';
import { chainKey, indexKeysFor, matchKeyFor } from './match-key';
import { chainOfNetwork } from '@walletscreen/domain/sanctions-list/listing';
import {
  sanctionsListEvents,
  type DelistedSanctionEntry,
  type ListedSanctionEntry,
  type OfacFormat,
  type RecordedSanctionsListImportedData,
  type SanctionEntry,
  type SanctionsListEvent,
} from '@walletscreen/domain/sanctions-list/events';
import { importedList } from '@walletscreen/domain/sanctions-list/state';

export interface SanctionsListMeta {
  source: string;
  format: OfacFormat;
  publishedAt: string | null;
  sha256: string;
  importedAt: string;
  /** Every listed address, screened or not. */
  addressCount: number;
  /** Listed addresses per network they are screened on first (`SanctionEntry.network`), `unscreened` for those that cannot be screened. */
  byNetwork: Partial<Record<Network | 'unscreened', number>>;
  /** Listed addresses screened on a network that are not valid addresses of any network (matched by their exact text). */
  invalidCount: number;
  /** Listed addresses a check can match (absent in checks recorded before cross-chain matching). */
  screenedCount?: number;
  /** Of those, the ones matched on another chain than their ticker's: USDT-Omni, BSV, ETC, mis-tagged addresses. */
  crossChainCount?: number;
  /** Listed addresses that cannot be screened at all, by ticker (XMR, ZEC, DASH, …). */
  unscreenable?: Record<string, number>;
  /** Entries of earlier lists no longer listed. */
  delistedCount?: number;
}

export interface SanctionsIndex {
  readonly meta: SanctionsListMeta;
  readonly entries: readonly ListedSanctionEntry[];
  readonly delisted: readonly DelistedSanctionEntry[];
  /** The current listings of `address` on the chain of `network` (every EVM network is one chain), whatever their ticker. */
  lookup(network: Network, address: string): ListedSanctionEntry[];
  /** The listings of `address` on the chain of `network` that have ended (the entry left the list). */
  lookupDelisted(network: Network, address: string): DelistedSanctionEntry[];
  /** Both at once, the address keyed once: what the screening stage asks of every address it screens. */
  find(network: Network, address: string): { listed: ListedSanctionEntry[]; delisted: DelistedSanctionEntry[] };
}

/** Listed-address counts per network, `unscreened` for entries on no network we screen. */
export function countByNetwork(entries: readonly SanctionEntry[]): Partial<Record<Network | 'unscreened', number>> {
  const counts: Partial<Record<Network | 'unscreened', number>> = {};
  for (const e of entries) {
    const k = e.network ?? 'unscreened';
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

/** What the admin status and the sync summary say about a list's addresses. */
export interface ListedAddressCounts {
  addressCount: number;
  byNetwork: Partial<Record<Network | 'unscreened', number>>;
  invalidCount: number;
  screenedCount: number;
  crossChainCount: number;
  unscreenable: Record<string, number>;
}

export function countListedAddresses(entries: readonly SanctionEntry[]): ListedAddressCounts {
  const unscreenable: Record<string, number> = {};
  for (const e of entries) if (e.network === null) unscreenable[e.ticker] = (unscreenable[e.ticker] ?? 0) + 1;
  return {
    addressCount: entries.length,
    byNetwork: countByNetwork(entries),
    invalidCount: entries.filter((e) => e.network !== null && !e.valid).length,
    screenedCount: entries.filter((e) => e.network !== null).length,
    crossChainCount: entries.filter((e) => e.crossChain).length,
    unscreenable: Object.fromEntries(Object.entries(unscreenable).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}

function byIndexKey<T extends SanctionEntry>(entries: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const entry of entries) {
    for (const key of indexKeysFor(entry)) {
      const list = map.get(key);
      if (list) list.push(entry);
      else map.set(key, [entry]);
    }
  }
  return map;
}

export function buildSanctionsIndex(recorded: RecordedSanctionsListImportedData): SanctionsIndex {
  const data = importedList(recorded);
  const current = byIndexKey(data.entries);
  const ended = byIndexKey(data.delisted);
  const keyOf = (network: Network, address: string) => chainKey(chainOfNetwork(network), matchKeyFor(network, address));
  const meta: SanctionsListMeta = {
    source: data.source,
    format: data.format,
    publishedAt: data.publishedAt,
    sha256: data.sha256,
    importedAt: data.importedAt,
    ...countListedAddresses(data.entries),
    delistedCount: data.delisted.length,
  };
  return {
    meta,
    entries: data.entries,
    delisted: data.delisted,
    lookup: (network, address) => [...(current.get(keyOf(network, address)) ?? [])],
    lookupDelisted: (network, address) => [...(ended.get(keyOf(network, address)) ?? [])],
    find(network, address) {
      const key = keyOf(network, address);
      return { listed: [...(current.get(key) ?? [])], delisted: [...(ended.get(key) ?? [])] };
    },
  };
}

/** The event types this fold handles. */
export const sanctionsIndexEventTypes = sanctionsListEvents.typeSet;

/** The latest import replaces the index; other events leave it as it is. */
export function foldSanctionsIndex(index: SanctionsIndex | null, event: { type: string; data: unknown }): SanctionsIndex | null {
  if (event.type !== 'SanctionsListImported') return index;
  return buildSanctionsIndex((event as SanctionsListEvent).data);
}

/** The index of the latest import in `events` (in stream order), or null when there is none. */
export function createSanctionsIndex(events: ReadonlyArray<{ type: string; data: unknown }>): SanctionsIndex | null {
  return events.reduce<SanctionsIndex | null>(foldSanctionsIndex, null);
}
