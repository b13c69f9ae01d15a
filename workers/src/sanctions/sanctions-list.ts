/**
 * The OFAC SDN list as events: one stream, `sanctions-ofac`, with one `SanctionsListImported` per
 * distinct publication imported (told apart by the SHA-256 of the file's bytes). The latest import
 * is the list in force; earlier ones stay for the audit trail ("which list version did check X
 * use?"). This file holds the events, the state the decider needs, and `evolve`.
 */
import type { Network } from '@walletscreen/contracts';

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
  /** OFAC's ticker as listed: XBT, ETH, USDT, XMR, … */
  ticker: string;
  /** The address exactly as OFAC lists it. */
  address: string;
  /** The network we screen it on; null for a chain we do not screen (XMR, ZEC, ETC, …). */
  network: Network | null;
  /** `parseAddress(address, network).normalized`, or the listed text when it does not parse. */
  normalized: string;
  /** False when the address does not parse on its network (kept, and flagged), or has no network. */
  valid: boolean;
  /** The listed party's primary name, "LAST, First" for individuals as in sdn.csv. */
  entity: string;
  /** Its sanctions programmes (CYBER2, DPRK3, …), sorted. */
  programs: string[];
  /** OFAC's unique id of the SDN entry (uid / ent_num / DistinctParty FixedRef). */
  sdnId: string;
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
  entries: SanctionEntry[];
}

export type SanctionsListEvent = { type: 'SanctionsListImported'; data: SanctionsListImportedData };
export type SanctionsListEventType = SanctionsListEvent['type'];
export const sanctionsListEventTypes: ReadonlySet<string> = new Set<SanctionsListEventType>(['SanctionsListImported']);

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
    };

export const initialSanctionsListState: SanctionsListState = { status: 'empty' };

/**
 * The state depends only on the latest import (and the count of imports, which the decider does
 * not use), so folding just the stream's last event gives the state the decider needs.
 */
export function evolveSanctionsList(state: SanctionsListState, event: SanctionsListEvent): SanctionsListState {
  switch (event.type) {
    case 'SanctionsListImported': {
      const d = event.data;
      return {
        status: 'loaded',
        format: d.format,
        publishedAt: d.publishedAt,
        sha256: d.sha256,
        importedAt: d.importedAt,
        addressCount: d.addressCount,
        imports: (state.status === 'loaded' ? state.imports : 0) + 1,
      };
    }
    default: {
      const _exhaustive: never = event.type;
      return state;
    }
  }
}
