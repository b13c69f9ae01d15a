/**
 * The sanctions list the screening stage matches against: a fold of the `sanctions-ofac` stream
 * into the latest import's entries, keyed by match key, plus the list's metadata (the version a
 * check records, and what the UI shows; null when no list was ever imported).
 *
 *   const index = createSanctionsIndex(events);      // or events.reduce(foldSanctionsIndex, null)
 *   index?.lookup('bsc', '0xAbC…')                    // entries listed for that address
 */
import type { Network } from '@walletscreen/contracts';
import { chainOfNetwork, matchKeyFor } from './match-key';
import { sanctionsListEventTypes, type OfacFormat, type SanctionEntry, type SanctionsListEvent } from './sanctions-list';

export interface SanctionsListMeta {
  source: string;
  format: OfacFormat;
  publishedAt: string | null;
  sha256: string;
  importedAt: string;
  /** Every listed address, screened or not. */
  addressCount: number;
  /** Listed addresses per network we screen, and `unscreened` for chains we do not screen. */
  byNetwork: Partial<Record<Network | 'unscreened', number>>;
  /** Listed addresses on a screened network that do not parse as addresses of it. */
  invalidCount: number;
}

export interface SanctionsIndex {
  readonly meta: SanctionsListMeta;
  readonly entries: readonly SanctionEntry[];
  /** Index of the match key of every entry on a screened network. */
  readonly byMatchKey: ReadonlyMap<string, readonly SanctionEntry[]>;
  /** The entries listed for `address` on the chain of `network` (every EVM network is one chain). */
  lookup(network: Network, address: string): SanctionEntry[];
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

export function buildSanctionsIndex(data: SanctionsListEvent['data']): SanctionsIndex {
  const byMatchKey = new Map<string, SanctionEntry[]>();
  for (const entry of data.entries) {
    if (entry.network === null) continue;
    const key = matchKeyFor(entry.network, entry.normalized);
    const list = byMatchKey.get(key);
    if (list) list.push(entry);
    else byMatchKey.set(key, [entry]);
  }
  const meta: SanctionsListMeta = {
    source: data.source,
    format: data.format,
    publishedAt: data.publishedAt,
    sha256: data.sha256,
    importedAt: data.importedAt,
    addressCount: data.entries.length,
    byNetwork: countByNetwork(data.entries),
    invalidCount: data.entries.filter((e) => e.network !== null && !e.valid).length,
  };
  return {
    meta,
    entries: data.entries,
    byMatchKey,
    lookup(network, address) {
      const chain = chainOfNetwork(network);
      const found = byMatchKey.get(matchKeyFor(network, address)) ?? [];
      return found.filter((e) => e.network !== null && chainOfNetwork(e.network) === chain);
    },
  };
}

/** The event types this fold handles. */
export const sanctionsIndexEventTypes = sanctionsListEventTypes;

/** The latest import replaces the index; other events leave it as it is. */
export function foldSanctionsIndex(index: SanctionsIndex | null, event: { type: string; data: unknown }): SanctionsIndex | null {
  if (event.type !== 'SanctionsListImported') return index;
  return buildSanctionsIndex((event as SanctionsListEvent).data);
}

/** The index of the latest import in `events` (in stream order), or null when there is none. */
export function createSanctionsIndex(events: ReadonlyArray<{ type: string; data: unknown }>): SanctionsIndex | null {
  return events.reduce<SanctionsIndex | null>(foldSanctionsIndex, null);
}
