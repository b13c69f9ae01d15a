/**
 * The OFAC list's state, folded from the stream `sanctions-ofac`. It depends only on the latest
 * import, which carries the whole list and the entries delisted so far, so folding just the
 * stream's last event gives it (the workers load it so: see `lastEventStreams`).
 */
import { addressIdentity, describeListing } from './listing';
import type {
  DelistedSanctionEntry,
  ListedSanctionEntry,
  OfacFormat,
  RecordedSanctionsListImportedData,
  SanctionEntry,
  SanctionsListEvent,
  SanctionsListImportedData,
} from './events';

/** The date a list counts from: its publication date, or the day it was imported when it states none. */
export const listDateOf = (d: { publishedAt: string | null; importedAt: string }): string => d.publishedAt ?? d.importedAt.slice(0, 10);

/**
 * An import as the current version reads it. Entries of older imports get the fields derived from
 * their ticker and address (the same function the parser uses, so the result is what the parser
 * gives today), no designation date, and the import's own date as `listedSince`; a missing
 * `delisted` is empty.
 */
export function importedList(data: RecordedSanctionsListImportedData): SanctionsListImportedData {
  const since = listDateOf(data);
  return {
    ...data,
    entries: data.entries.map((e): ListedSanctionEntry => {
      const { listedNetwork, matchedChains, crossChain, designatedAt, listedSince } = e;
      if (listedNetwork !== undefined && matchedChains !== undefined && crossChain !== undefined && designatedAt !== undefined && listedSince !== undefined) {
        return { ...e, listedNetwork, matchedChains, crossChain, designatedAt, listedSince };
      }
      return { ...e, ...describeListing(e.ticker, e.address), designatedAt: designatedAt ?? null, listedSince: listedSince ?? since };
    }),
    delisted: data.delisted ?? [],
  };
}

/** The key a listing is recognised by from one list to the next: the party and the address, whatever its ticker or case. */
export const listingKey = (e: Pick<SanctionEntry, 'sdnId' | 'address'>): string => `${e.sdnId}\u0000${addressIdentity(e.address)}`;

export type SanctionsListState =
  | { status: 'empty' }
  | {
      status: 'loaded';
      format: OfacFormat;
      publishedAt: string | null;
      sha256: string;
      importedAt: string;
      addressCount: number;
      /** The list in force's entries, with since when each is listed: what the next import is compared with. */
      entries: ListedSanctionEntry[];
      /** Entries delisted so far, carried forward by the next import. */
      delisted: DelistedSanctionEntry[];
    };

export const initialSanctionsListState: SanctionsListState = { status: 'empty' };

export function evolveSanctionsList(state: SanctionsListState, event: SanctionsListEvent): SanctionsListState {
  switch (event.type) {
    case 'SanctionsListImported': {
      const d = importedList(event.data);
      return {
        status: 'loaded',
        format: d.format,
        publishedAt: d.publishedAt,
        sha256: d.sha256,
        importedAt: d.importedAt,
        addressCount: d.addressCount,
        entries: d.entries,
        delisted: d.delisted,
      };
    }
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}
