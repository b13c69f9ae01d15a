/**
 * The OFAC SDN list as events: one stream, `sanctions-ofac`, with one `SanctionsListImported` per
 * distinct publication imported (told apart by the SHA-256 of the file's bytes). The latest import
 * is the list in force; earlier ones stay for the audit trail ("which list version did check X
 * use?").
 *
 * Each import is self-contained: besides the list's entries, each with the date since when it has
 * been listed, it carries every entry of earlier imports that is no longer listed (`delisted`,
 * with when it left). So the decider's state and the screening index both need the stream's last
 * event only, however long the stream grows.
 *
 * This file holds the events, the state the decider needs, and `evolve`.
 */
import type { Chain, Network } from '@walletscreen/contracts';
import { addressIdentity, describeListing, type ListedNetwork } from './match-key';

export const sanctionsStreamId = 'sanctions-ofac';
export const sanctionsListSource = 'ofac-sdn';

/** The three formats OFAC publishes the SDN list in that carry digital currency addresses. */
export const ofacFormats = ['sdn-advanced-xml', 'sdn-xml', 'sdn-csv'] as const;
export type OfacFormat = (typeof ofacFormats)[number];
export const ofacFormatNames: Record<OfacFormat, string> = {
  'sdn-advanced-xml': 'SDN_ADVANCED.XML',
  'sdn-xml': 'SDN.XML',
  'sdn-csv': 'sdn.csv',
};

/** One listed address: "Digital Currency Address - TICKER address" on one SDN entry. */
export interface SanctionEntry {
  /** OFAC's ticker as listed: XBT, ETH, USDT, BSV, XMR, … */
  ticker: string;
  /** The address exactly as OFAC lists it. */
  address: string;
  /**
   * The network it is screened on first: its ticker's network when the address is valid there,
   * otherwise the first network we screen it is valid on (Bitcoin for a USDT-Omni or BSV
   * address, Ethereum for an ETC one, TRON for a TRON address listed under XBT); its ticker's
   * network when it is valid nowhere (a typo, matched by its exact text); null when it cannot be
   * screened at all (XMR, ZEC, DASH, …).
   */
  network: Network | null;
  /** `parseAddress(address, network).normalized`, or the listed text when it does not parse. */
  normalized: string;
  /** True when the address is a valid address of at least one network we screen. */
  valid: boolean;
  /** The listed party's primary name, "LAST, First" for individuals as in sdn.csv. */
  entity: string;
  /** Its sanctions programmes (CYBER2, DPRK3, …), sorted. */
  programs: string[];
  /** OFAC's unique id of the SDN entry (uid / ent_num / DistinctParty FixedRef). */
  sdnId: string;
  /**
   * What the ticker says the address is on: a network we screen ('bitcoin', 'ethereum', 'tron',
   * …) or a chain we do not ('omni' for USDT on the Omni Layer, 'bitcoin-sv', 'ethereum-classic',
   * 'monero', 'zcash', …); null for a ticker we do not know. `listedAsText(ticker, listedNetwork)`
   * words it ("USDT (Omni Layer)").
   */
  listedNetwork: ListedNetwork | null;
  /** Every chain we screen on which the listed text is a valid address ('evm' stands for every EVM network); empty when none. */
  matchedChains: Chain[];
  /**
   * True when the address is matched on chains other than its ticker's: the ticker names a chain
   * we do not screen (USDT-Omni, BSV, ETC) or one the address is not valid on (a TRON address
   * listed under XBT). Its hits say "listed as …".
   */
  crossChain: boolean;
  /**
   * When OFAC designated the listed party, as SDN_ADVANCED.XML states it (its SanctionsEntry's
   * EntryEvent date: YYYY-MM-DD, or YYYY-MM / YYYY when OFAC gives no more); null for SDN.XML and
   * sdn.csv, which state none. The address itself may have been added to the party's entry later.
   */
  designatedAt: string | null;
  /**
   * Where the listed party is, as SDN_ADVANCED.XML states it (the country of its address, else its
   * nationality or registration); absent when the file states none, and for SDN.XML and sdn.csv.
   */
  jurisdiction?: string;
}

/** An entry of the list in force. */
export interface ListedSanctionEntry extends SanctionEntry {
  /**
   * Since when this party has listed this address, as far as this installation has seen: the
   * publication date (YYYY-MM-DD; the import's date when the file states none) of the first
   * imported list that contained it since it was last absent. For the entries of the first list
   * ever imported that is "at the latest": see `designatedAt` for OFAC's own date.
   */
  listedSince: string;
}

/** An entry that was listed by an earlier import and is no longer (a delisting, such as Tornado Cash's in March 2025). */
export interface DelistedSanctionEntry extends ListedSanctionEntry {
  /** The publication date (YYYY-MM-DD; the import's date when the file states none) of the first imported list without it. */
  delistedAt: string;
}

/** Why an import replaced the list in force although it could not be shown to be newer (`allowOlder`). */
export interface ForcedImport {
  reason: 'older-list' | 'undated-list';
  replacedPublishedAt: string | null;
  replacedSha256: string;
}

export interface SanctionsListImportedData {
  source: typeof sanctionsListSource;
  format: OfacFormat;
  /** The list's publication date (YYYY-MM-DD) as the file states it; sdn.csv states none. */
  publishedAt: string | null;
  /** SHA-256 (hex) of the source file's bytes: the list version a check records. */
  sha256: string;
  /** When it was imported (ISO-8601). */
  importedAt: string;
  addressCount: number;
  entries: ListedSanctionEntry[];
  /** Entries of earlier imports no longer listed, carried forward from import to import; an entry listed again leaves it. */
  delisted: DelistedSanctionEntry[];
  /** Set when this import replaced a newer (or dated) list because an admin forced it. */
  forced?: ForcedImport;
}

/**
 * The data as recorded by any version: imports recorded before cross-chain matching and delisting
 * lack `delisted`, and their entries lack the fields derived from the ticker and the address, the
 * designation date and `listedSince`. `importedList` reads either.
 */
export type RecordedSanctionsListImportedData = Omit<SanctionsListImportedData, 'entries' | 'delisted'> & {
  entries: Array<Omit<SanctionEntry, 'listedNetwork' | 'matchedChains' | 'crossChain' | 'designatedAt'> & Partial<ListedSanctionEntry>>;
  delisted?: DelistedSanctionEntry[];
};

export type SanctionsListEvent = { type: 'SanctionsListImported'; data: RecordedSanctionsListImportedData };
export type SanctionsListEventType = SanctionsListEvent['type'];
export const sanctionsListEventTypes: ReadonlySet<string> = new Set<SanctionsListEventType>(['SanctionsListImported']);

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
    entries: data.entries.map((e) =>
      e.matchedChains !== undefined && e.listedSince !== undefined
        ? (e as ListedSanctionEntry)
        : { ...e, ...describeListing(e.ticker, e.address), designatedAt: e.designatedAt ?? null, listedSince: e.listedSince ?? since },
    ),
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
      imports: number;
      /** The list in force's entries, with since when each is listed: what the next import is compared with. */
      entries: ListedSanctionEntry[];
      /** Entries delisted so far, carried forward by the next import. */
      delisted: DelistedSanctionEntry[];
    };

export const initialSanctionsListState: SanctionsListState = { status: 'empty' };

/**
 * The state depends only on the latest import (and the count of imports, which the decider does
 * not use), so folding just the stream's last event gives the state the decider needs.
 */
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
        imports: (state.status === 'loaded' ? state.imports : 0) + 1,
        entries: d.entries,
        delisted: d.delisted,
      };
    }
    default: {
      const _exhaustive: never = event.type;
      return state;
    }
  }
}
