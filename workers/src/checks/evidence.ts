/**
 * What the stages found that later stages, the risk model's inputs, a replay and monitoring read:
 * the blockchain, sanctions and intelligence evidence as a check records it, and the small readers
 * of it they share (older evidence read as empty where a field was added later). Types and pure
 * helpers only, importing no stage, so every module of the pipeline may import it without a cycle.
 */
import type { ChainDataResult } from '../chain-data/types';
import type { TraceEvidence } from '../chain-data/trace';
import type { Valuation } from '../chain-data/valuation';
import type { CustomListHit, CustomListRef } from '../sanctions/custom-lists-index.projection';
import type { SanctionsListMeta } from '../sanctions/sanctions-index.projection';
import type { DelistedSanctionEntry, ListedSanctionEntry } from '@walletscreen/domain/sanctions-list/events';
import type { RiskCategory } from './risk-model';

export interface AddressLabelFact {
  category: RiskCategory;
  name: string;
  source: string;
  jurisdiction?: string;
  /** The feed and version the label comes from (workers/src/feeds); absent for the labels files' labels and in checks recorded before feeds. */
  feed?: { id: string; version: string };
  /** How sure the feed is, when it says (domain/src/feed/events.ts `labelConfidences`). */
  confidence?: string;
  /** When the feed says it was listed (YYYY-MM-DD). */
  listedAt?: string;
  /** The party behind the address, as the feed names it. */
  actor?: string;
}

/** A label another member of the address's cluster carries. */
export interface ClusteredLabelFact extends AddressLabelFact {
  byClustering: {
    /** The member of the cluster that carries the label. */
    via: string;
    /** The co-spend transactions that joined the cluster (the first few). */
    transactions: string[];
  };
}

export interface ClusteringEvidence {
  /** Co-spend transactions used: two or more addresses spent together, neither CoinJoin-shaped nor with a coordinator. */
  transactions: number;
  /** Co-spends left out as CoinJoin-shaped (equal outputs). */
  coinJoinShaped: number;
  /** Co-spends left out because a CoinJoin coordinator (an address labelled coinjoin) took part. */
  coordinator: number;
  /** Clusters of two or more addresses. */
  clusters: number;
  /** The wallet, counterparties and traced addresses marked by clustering (checks/clustering.ts), with the labels they take from their cluster. */
  marks: Array<{ address: string; labels: ClusteredLabelFact[] }>;
  /**
   * Clusters whose labels name different actors in one feed: separate owners joined (a CoinJoin or
   * PayJoin the heuristic missed), so their labels were not spread (absent when none, and in checks
   * recorded before it was noted).
   */
  conflicting?: Array<{ actors: string[]; addresses: number; transactions: string[] }>;
}

/** A feed in force when the check ran: what an auditor replays it against. */
export interface FeedInForceFact {
  id: string;
  name: string;
  version: string;
  sha256: string;
  entryCount: number;
}

export type ChainabuseFact =
  | { status: 'ok'; reports: number; categories: string[]; url: string }
  | { status: 'not-configured'; reason: string }
  | { status: 'unavailable'; reason: string };

/**
 * The blockchain data. A list-change re-screen reuses the data an earlier check recorded instead
 * of calling a provider: the evidence is that check's, with `reusedFrom` naming it.
 */
export type BlockchainEvidence = ChainDataResult & {
  reusedFrom?: { checkId: string; reason: string };
  /** The trace beyond the direct counterparties (absent at depth 1, when the data could not be fetched, and in checks recorded before tracing). */
  trace?: TraceEvidence;
  /** The prices the flows are weighed at, on networks where tokens are read (absent elsewhere, and in checks recorded before tokens were weighed). */
  valuation?: Valuation;
};

/**
 * What the sanctions stage found. Entries are OFAC's listings (see SanctionEntry): each with its
 * ticker as listed, the party (entity, programmes, sdnId), what the ticker says the address is on
 * (`listedNetwork`) and the chains it is matched on (`matchedChains`, `crossChain` when that is not
 * the ticker's: "listed as USDT (Omni Layer)"), OFAC's designation date where the file states one,
 * and since when it has been listed. Checks recorded before cross-chain matching and delisting
 * lack those entry fields and `delisted` / `delistedCounterparties`: read those as empty
 * (`delistedOf`, `delistedCounterpartiesOf`).
 */
export interface SanctionsEvidence {
  listLoaded: boolean;
  list: SanctionsListMeta | null;
  /** The wallet's current listings, under whatever ticker: a current sanctions hit. */
  direct: ListedSanctionEntry[];
  /** The wallet's listings that have ended (the entry left the list, as Tornado Cash's did): evidence of its own kind, not a current sanctions hit. */
  delisted?: DelistedSanctionEntry[];
  /** Counterparties currently on the list, with their listings. */
  counterparties: Array<{ address: string; entries: ListedSanctionEntry[] }>;
  /** Counterparties with listings that have ended (an address may also be in `counterparties`, listed by another party). */
  delistedCounterparties?: Array<{ address: string; entries: DelistedSanctionEntry[] }>;
  /** The administrator's block and allow lists (absent in checks recorded before custom lists). */
  customLists?: CustomListsEvidence;
  /** Addresses beyond the direct counterparties (found by the trace) currently on the list, with their listings. */
  traced?: Array<{ address: string; entries: ListedSanctionEntry[] }>;
}
export interface CustomListsEvidence {
  /** Every custom list in force when the check ran, with its version and file hash: what an auditor replays. */
  consulted: CustomListRef[];
  /** The block lists, and the allow lists, the wallet itself is on. */
  blocked: CustomListHit[];
  allowed: CustomListHit[];
  /** Counterparties on a custom list, with those lists. */
  counterparties: Array<{ address: string; lists: CustomListHit[] }>;
  /** Addresses beyond the direct counterparties on a custom list (absent in checks recorded before tracing). */
  traced?: Array<{ address: string; lists: CustomListHit[] }>;
}
export interface IntelligenceEvidence {
  labelsVersion: string;
  own: AddressLabelFact[];
  counterparties: Array<{ address: string; labels: AddressLabelFact[] }>;
  /** Labelled addresses beyond the direct counterparties (absent in checks recorded before tracing). */
  traced?: Array<{ address: string; labels: AddressLabelFact[] }>;
  chainabuse: ChainabuseFact;
  chainabuseSummary: string;
  /** Enabled feeds that had no version loaded when the check ran, so their labels were not read (absent in checks recorded before it was noted). */
  feedsNotRead?: Array<{ id: string; name: string; reason: string }>;
  /** Co-spend clustering, on UTXO chains (absent elsewhere, and in checks recorded before it). */
  clustering?: ClusteringEvidence;
}

const noCustomLists: CustomListsEvidence = { consulted: [], blocked: [], allowed: [], counterparties: [] };

/** The wallet's ended listings; empty in checks recorded before delisting was tracked. */
export const delistedOf = (s: SanctionsEvidence) => s.delisted ?? [];
/** Counterparties with ended listings; empty in checks recorded before delisting was tracked. */
export const delistedCounterpartiesOf = (s: SanctionsEvidence): NonNullable<SanctionsEvidence['delistedCounterparties']> => s.delistedCounterparties ?? [];

/**
 * The custom-list facts the later stages use. An allow list clears an address of the risk others'
 * judgements give it (its intelligence labels other than `sanctioned` and `terrorism`, its abuse
 * reports, custom block lists), never of a sanctions hit: see `customLists` and `alwaysCounted`
 * of the risk profile (risk-profiles/) and ALWAYS_COUNTED in risk-model.ts.
 */
export function customFacts(s: SanctionsEvidence) {
  const custom = s.customLists ?? noCustomLists;
  const allowedCounterparties = new Set(custom.counterparties.filter((c) => c.lists.some((l) => l.kind === 'allow')).map((c) => c.address));
  const blockedCounterparties = new Set(
    custom.counterparties.filter((c) => !allowedCounterparties.has(c.address) && c.lists.some((l) => l.kind === 'block')).map((c) => c.address),
  );
  return { custom, allowedCounterparties, blockedCounterparties };
}
