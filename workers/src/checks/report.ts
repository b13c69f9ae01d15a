/**
 * Stage 7: the report. Turns the evidence, the risk assessment and the narrative into the
 * analysis fields the browser reads and the `aml_report` text with numbered sections. Pure.
 * A check that lacked evidence (the assessment's `missing`) says so first, names what is missing
 * and who can fix it, and is never worded as a clean result. Customers read this text: it never
 * names a setting or a command (the server log gives administrators the exact fix).
 */
import {
  categoryInWords,
  confidenceInWords,
  formatDate,
  formatMoment,
  attributionCoverageText,
  MISSING_BLOCKCHAIN_DATA,
  networkNames,
  shortenAddress,
  type FundFlow,
  type LinkedWallet,
  type Network,
  type WalletAnalysis,
} from '@walletscreen/contracts';
import type { CategoryExposure, ExposureBreakdown } from './exposure';
import type { ExposureCategory, MissingEvidence, PatternFlag, RiskAssessment, RiskCategory } from './risk-model';

/** A sanctions listing as the report names it. */
export interface ReportListing {
  entity: string;
  programs: string[];
  /** OFAC's ticker the address is listed under (XBT, ETH, USDT, BSV, …); absent in checks recorded before it was kept. */
  ticker?: string;
  /** When OFAC designated the party (YYYY-MM-DD, or YYYY-MM / YYYY), where the list states it. */
  designatedAt?: string | null;
  /** Where the party is, where the list states it (SDN_ADVANCED.XML). */
  jurisdiction?: string;
}

export interface ReportCounterparty {
  address: string;
  /** Share (0-1) of the examined volume. */
  share: number;
  categories: RiskCategory[];
  sanctioned: boolean;
  /** On one of the administrator's custom block lists (and not cleared by an allow list). */
  customBlocked?: boolean;
  /** The first and last transfer with the wallet among those examined (absent in checks recorded before they were kept here). */
  firstSeen?: string | null;
  lastSeen?: string | null;
  /** Why it is marked: its listings, labels and block lists (absent in checks recorded before they were kept). */
  marks?: {
    listings: ReportListing[];
    labels: ReportLabel[];
    blockLists: string[];
    /** Listings it had before it was delisted. */
    delisted?: Array<ReportListing & { delistedAt: string | null }>;
  };
}

export interface ReportInputs {
  checkId: string;
  address: string;
  network: Network;
  now: string;
  chain:
    | {
        available: true;
        provider: string;
        symbol: string;
        balance: string;
        txCount: number;
        firstSeen: string | null;
        lastSeen: string | null;
        transactionsExamined: number;
        complete: boolean;
        counterparties: ReportCounterparty[];
      }
    | { available: false; reason: string; sanctionsOnly?: boolean };
  sanctions: {
    listLoaded: boolean;
    listPublishedAt: string | null;
    listSha256: string | null;
    direct: Array<ReportListing & { list: string }>;
    /** Listings of the address itself that have left the list: evidence of their own kind, not a sanctions hit. */
    delisted?: Array<ReportListing & { list: string; listedSince: string | null; delistedAt: string | null }>;
    /** The administrator's custom lists: those in force, and the ones the wallet is on. */
    custom?: {
      consulted: Array<{ name: string; kind: 'block' | 'allow'; version: number }>;
      blocked: Array<{ name: string; note?: string }>;
      allowed: Array<{ name: string }>;
    };
  };
  intelligence: {
    ownLabels: ReportLabel[];
    /** The labels the address takes from its cluster (UTXO chains; absent where none). */
    clusteredLabels?: ReportLabel[];
    /** Clusters whose labels name different parties: nothing was spread from them (absent where none). */
    clustersNotSpread?: Array<{ actors: string[]; addresses: number }>;
    abuseReports: number;
    chainabuse: string;
  };
  exposure: Partial<Record<RiskCategory, number>>;
  incomingExposure: Partial<Record<RiskCategory, number>>;
  /** Exposure by category, direct and indirect, and how far the trace went (absent: not computed). */
  breakdown?: ExposureBreakdown;
  /** Why traced addresses could not be read or were not read (the trace's own words). */
  traceGaps?: { failed: Array<{ address: string; reason: string }>; notExpanded: Array<{ address: string; reason: string }> };
  /** How the assets that moved were weighed, and the wallet's token flows (absent in checks recorded before tokens were weighed). */
  valuation?: ReportValuation;
  /** The sources enabled for the check that were not read, in words (risk-inputs.ts unreadSourcesOf); absent: every one was read. */
  unreadSources?: readonly string[];
  flags: PatternFlag[];
  assessment: RiskAssessment;
  /** The fund-flow graph (fund-flow.ts); absent or null without blockchain data. */
  fundFlow?: FundFlow | null;
  narrative: { writer: string; summary: string; recommendations: string[]; fallbackReason?: string };
}

export interface ReportValuation {
  /** `usd`: every asset weighed at its price; `units`: one asset, in its units; `partial`: `unpriced` left out. */
  mode: 'usd' | 'units' | 'partial';
  unit: string;
  weighed: string[];
  unpriced: string[];
  /** USD per unit of each weighed asset, when weighed in USD. */
  prices: Array<{ symbol: string; usd: number }>;
  source: string | null;
  asOf: string | null;
  stale?: boolean;
  /** Why there were no prices. */
  unavailable?: string;
  /** The wallet's flows of known tokens over the transfers read, and how many other token contracts it moved (never weighed). */
  tokens: Array<{ symbol: string; received: string; sent: string }>;
  otherTokens: number;
}

const EXPLORERS: Record<Network, string> = {
  bitcoin: 'https://mempool.space/address/',
  litecoin: 'https://litecoinspace.org/address/',
  dogecoin: 'https://blockchair.com/dogecoin/address/',
  'bitcoin-cash': 'https://blockchair.com/bitcoin-cash/address/',
  ethereum: 'https://etherscan.io/address/',
  bsc: 'https://bscscan.com/address/',
  polygon: 'https://polygonscan.com/address/',
  arbitrum: 'https://arbiscan.io/address/',
  base: 'https://basescan.org/address/',
  optimism: 'https://optimistic.etherscan.io/address/',
  tron: 'https://tronscan.org/#/address/',
  solana: 'https://solscan.io/account/',
  xrp: 'https://xrpscan.com/account/',
  // Monero's addresses are not on its chain, and listed text is no address: no explorer page.
  monero: '',
  zcash: 'https://blockchair.com/zcash/address/',
  dash: 'https://blockchair.com/dash/address/',
  'bitcoin-gold': 'https://explorer.bitcoingold.org/insight/address/',
  verge: 'https://verge-blockchain.info/address/',
  'ethereum-classic': 'https://etc.blockscout.com/address/',
  'bitcoin-sv': 'https://whatsonchain.com/address/',
  other: '',
};

/** The address's page on a public explorer of its network; empty where there is none (Monero, listed text). */
export function explorerLink(network: Network, address: string): string {
  const base = EXPLORERS[network];
  return base === '' ? '' : `${base}${address}`;
}

/** "2 years 4 months", "3 months 12 days", "5 days", from the first transaction to now. */
export function walletAge(firstSeen: string | null, now: string): string {
  if (!firstSeen) return 'No transactions found';
  const from = new Date(firstSeen);
  const to = new Date(now);
  if (Number.isNaN(from.getTime()) || to < from) return 'Unknown';
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  if (to.getUTCDate() < from.getUTCDate()) months -= 1;
  const anchor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, from.getUTCDate()));
  const days = Math.floor((to.getTime() - anchor.getTime()) / 86_400_000);
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (years > 0) return rest > 0 ? `${unit(years, 'year')} ${unit(rest, 'month')}` : unit(years, 'year');
  if (months > 0) return days > 0 ? `${unit(months, 'month')} ${unit(days, 'day')}` : unit(months, 'month');
  return days > 0 ? unit(days, 'day') : 'Less than a day';
}

const pct = (share: number) => `${Math.round(share * 1000) / 10}%`;
/** The smallest share `pct` writes as more than 0% (0.1%): smaller ones are not stated. */
const SHOWN_SHARE = 0.0005;

/** What a customer reads for each kind of missing evidence: what is missing and who can fix it. */
export function missingEvidenceText(kind: MissingEvidence, inputs: Pick<ReportInputs, 'chain' | 'valuation' | 'unreadSources'>): string {
  switch (kind) {
    case 'token-values': {
      const v = inputs.valuation;
      const unpriced = v && v.unpriced.length > 0 ? v.unpriced.join(', ') : 'Some tokens';
      const why = v?.unavailable ? `no price could be had (${v.unavailable})` : 'no price could be had';
      return `Token values: ${unpriced} moved alongside ${v ? v.weighed.join(', ') : 'other assets'} but ${why}, so ${v && v.unpriced.length > 1 ? 'they were' : 'it was'} left out of every share of volume; exposure through ${v && v.unpriced.length > 1 ? 'them' : 'it'} is unknown. Run the check again later; if this persists, ask your administrator to check the price source.`;
    }
    case 'sanctions-list':
      return 'Sanctions list: no sanctions list is loaded, so neither the address nor its counterparties were screened against sanctions. Ask your administrator to load the sanctions list.';
    case 'blockchain-data':
      return `${MISSING_BLOCKCHAIN_DATA} ${inputs.chain.available ? 'unavailable' : inputs.chain.reason}. Without it the counterparties, exposure and transaction patterns are unknown.`;
    case 'unread-sources': {
      const sources = inputs.unreadSources ?? [];
      return `Sources not read: ${sources.length > 0 ? sources.join('; ') : 'a source enabled for this check'}. A mark they hold would not show in this check; run it again once they are available (an administrator can load a feed on the Feeds page).`;
    }
    default: {
      const _exhaustive: never = kind;
      return _exhaustive;
    }
  }
}

const missingOf = (inputs: ReportInputs): MissingEvidence[] => inputs.assessment.missing ?? [];

/** A category as the report names it: "your block lists", "frozen by issuer", "CoinJoin", "mixer". */
const categoryName = (category: ExposureCategory) => (category === 'custom-block' ? 'your block lists' : categoryInWords(category));

const breakdownEntries = (b: ExposureBreakdown): Array<[ExposureCategory, CategoryExposure]> =>
  (Object.entries(b.byCategory) as Array<[ExposureCategory, CategoryExposure]>).filter(([, e]) => e.volume.direct + e.volume.indirect > 0);
/** The categories reached at addresses known only by clustering (checks/clustering.ts). */
const clusteredEntries = (b: ExposureBreakdown): Array<[ExposureCategory, CategoryExposure]> =>
  (Object.entries(b.byClustering ?? {}) as Array<[ExposureCategory, CategoryExposure]>).filter(([, e]) => e.volume.direct + e.volume.indirect > 0);

function sourceOfFunds(inputs: ReportInputs): string {
  if (!inputs.chain.available)
    return inputs.chain.sanctionsOnly ? 'Unknown: sanctions-only screening (transactions not read)' : 'Unknown: blockchain data could not be fetched';
  if (inputs.chain.txCount === 0) return 'No funds received yet';
  const b = inputs.breakdown;
  if (b) {
    const received = breakdownEntries(b)
      .map(([category, e]) => ({ category, total: e.received.direct + e.received.indirect, indirect: e.received.indirect, hops: e.minIndirectHops }))
      .filter((r) => r.total >= 0.001)
      .sort((x, y) => y.total - x.total || (x.category < y.category ? -1 : 1));
    const parts = received.map((r) =>
      r.indirect >= 0.001
        ? `${categoryName(r.category)} (${pct(r.total)}, ${r.indirect === r.total ? 'all' : pct(r.indirect)} through intermediaries, ${r.hops} hops)`
        : `${categoryName(r.category)} (${pct(r.total)})`,
    );
    for (const [category, e] of clusteredEntries(b)) {
      const total = e.received.direct + e.received.indirect;
      if (total >= 0.001) parts.push(`${categoryName(category)} by clustering (${pct(total)})`);
    }
    if (b.unattributed.received >= 0.001 || parts.length === 0) parts.push(`unlabelled addresses (${pct(Math.min(1, b.unattributed.received))})`);
    return parts.join(', ');
  }
  const parts = Object.entries(inputs.incomingExposure)
    .filter(([, share]) => (share ?? 0) >= 0.001)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([category, share]) => `${categoryInWords(category)} (${pct(share ?? 0)})`);
  const labelled = Object.values(inputs.incomingExposure).reduce((s, v) => s + (v ?? 0), 0);
  if (labelled < 0.999) parts.push(`unlabelled addresses (${pct(Math.max(0, 1 - labelled))})`);
  return parts.join(', ');
}

/** The Source of funds field: the shares say they are of the value received (the graph and the sanctions figures give all value, received and sent). */
function sourceOfFundsField(inputs: ReportInputs): string {
  const text = sourceOfFunds(inputs);
  return inputs.chain.available && inputs.chain.txCount > 0 ? `Of the value received: ${text}` : text;
}

const listNames = (lists: ReadonlyArray<{ name: string }>) => [...new Set(lists.map((l) => `"${l.name}"`))].join(', ');
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Block-list hits count unless an allow list clears the address (it never clears a sanctions hit). */
function customBlockHits(inputs: ReportInputs) {
  const custom = inputs.sanctions.custom;
  return custom && custom.allowed.length === 0 ? custom.blocked : [];
}

/** "LAZARUS GROUP (OFAC SDN: DPRK3; listed under ETH)", with any further details after the ticker. */
const listingText = (d: ReportListing & { list?: string }, ...more: string[]) => {
  const details = [
    `${d.list ?? 'OFAC SDN'}${d.programs.length ? `: ${d.programs.join(', ')}` : ''}`,
    ...(d.ticker ? [`listed under ${d.ticker}`] : []),
    ...more,
  ];
  return `${d.entity} (${details.join('; ')})`;
};

/**
 * When the party was designated and whether the wallet dealt with it afterwards, as far as the
 * transfers examined show (Elliptic's "post-designation"): dealings after designation are what a
 * sanctions programme prohibits. Compared at the precision OFAC gives the date (a day, a month or
 * a year). Nothing when the list states no designation date (SDN.XML, sdn.csv).
 */
export function designationNote(l: Pick<ReportListing, 'designatedAt'>, c: Pick<ReportCounterparty, 'lastSeen'>): string[] {
  const designated = l.designatedAt;
  if (!designated) return [];
  const last = c.lastSeen?.slice(0, 10);
  switch (afterDesignation(l, c)) {
    case null:
      return [`designated ${designated}`];
    case 'after':
      return [`designated ${designated}`, `dealt with after designation (last transfer ${last})`];
    case 'before':
      return [`designated ${designated}`, `every transfer examined predates designation (last ${last})`];
    case 'same':
      return [
        `designated ${designated}`,
        `last transfer ${last}, ${designated.length === 10 ? 'on the day' : designated.length === 7 ? 'in the month' : 'in the year'} of designation`,
      ];
  }
}

/** The wallet's last transfer with the counterparty against the party's designation date, at its precision; null when either is unknown. */
export function afterDesignation(l: Pick<ReportListing, 'designatedAt'>, c: Pick<ReportCounterparty, 'lastSeen'>): 'after' | 'before' | 'same' | null {
  const designated = l.designatedAt;
  const last = c.lastSeen?.slice(0, 10);
  if (!designated || !last) return null;
  const at = last.slice(0, designated.length);
  return at > designated ? 'after' : at < designated ? 'before' : 'same';
}

const sanctionedText = (inputs: ReportInputs) => `Sanctioned: ${inputs.sanctions.direct.map((d) => listingText(d)).join('; ')}`;

const delistedText = (inputs: ReportInputs) =>
  `Formerly sanctioned, since delisted: ${(inputs.sanctions.delisted ?? [])
    .map((d) => listingText(d, `${d.listedSince ? `listed ${d.listedSince}, ` : ''}delisted ${d.delistedAt ?? 'on an unknown date'}`))
    .join('; ')}`;

const counterpartiesOf = (inputs: ReportInputs) => (inputs.chain.available ? inputs.chain.counterparties : []);

/** Direct exposure (counterparties one hop away) to sanctioned, block-listed and delisted parties, in words. */
function exposureParts(inputs: ReportInputs): string[] {
  const counterparties = counterpartiesOf(inputs);
  const sanctioned = counterparties.filter((c) => c.sanctioned).length;
  const blocked = counterparties.filter((c) => !c.sanctioned && c.customBlocked).length;
  const delisted = counterparties.filter((c) => !c.sanctioned && (c.marks?.delisted?.length ?? 0) > 0).length;
  return [
    ...(sanctioned > 0 ? [`${sanctioned} sanctioned ${plural(sanctioned, 'counterparty', 'counterparties')}`] : []),
    ...(blocked > 0 ? [`${blocked} ${plural(blocked, 'counterparty', 'counterparties')} on your block lists`] : []),
    ...(delisted > 0 ? [`${delisted} formerly sanctioned ${plural(delisted, 'counterparty', 'counterparties')}`] : []),
  ];
}

/** What the OFAC list alone says, for the line naming its version. */
function ofacText(inputs: ReportInputs): string {
  if (inputs.sanctions.direct.length > 0) return sanctionedText(inputs);
  const parts: string[] = [];
  if ((inputs.sanctions.delisted ?? []).length > 0) parts.push(`${delistedText(inputs)}; not on the list in force`);
  const counterparties = counterpartiesOf(inputs);
  const sanctioned = counterparties.filter((c) => c.sanctioned);
  if (sanctioned.length > 0) {
    // Of those whose party's designation date the list states, how many the wallet dealt with afterwards.
    const dated = sanctioned.filter((c) => (c.marks?.listings ?? []).some((l) => afterDesignation(l, c) !== null));
    const after = dated.filter((c) => (c.marks?.listings ?? []).some((l) => afterDesignation(l, c) === 'after'));
    const timing = dated.length > 0 ? ` (${after.length} of ${dated.length} with a designation date dealt with after it)` : '';
    parts.push(`Direct exposure: ${sanctioned.length} sanctioned ${plural(sanctioned.length, 'counterparty', 'counterparties')}${timing}`);
  }
  // This line speaks of the OFAC list alone: block lists have lines of their own.
  const indirect = indirectSanctionsParts(inputs, ['sanctioned']);
  if (parts.length > 0) return [...parts, ...indirect].join('. ');
  if (!inputs.chain.available)
    return inputs.chain.sanctionsOnly
      ? 'the address itself is not listed (sanctions-only screening: its counterparties are not read)'
      : 'the address itself is not listed; its counterparties could not be screened because the blockchain data could not be fetched';
  return ['no match for the address or its counterparties', ...indirect].join('. ');
}

/**
 * Indirect exposure to sanctioned addresses and your block lists, found along the traced funds: a
 * wallet with it is not a "Safe address" even when no counterparty of its own is listed.
 */
function indirectSanctionsParts(inputs: ReportInputs, categories: ReadonlyArray<'sanctioned' | 'custom-block'> = ['sanctioned', 'custom-block']): string[] {
  const b = inputs.breakdown;
  if (!b) return [];
  return categories.flatMap((category) => {
    const e = b.byCategory[category];
    if (!e || e.volume.indirect < SHOWN_SHARE || e.minIndirectHops === null) return [];
    const what = category === 'sanctioned' ? 'sanctioned addresses' : 'addresses on your block lists';
    return [`Indirect exposure: ${pct(e.volume.indirect)} of the examined volume traces to ${what} (${e.minIndirectHops} hops)`];
  });
}

/** The Sanctions & Blacklists field: sanctions and custom block-list hits, or exposure to them; "Safe address" only when everything was screened. */
function sanctionsText(inputs: ReportInputs): string {
  const { sanctions } = inputs;
  const hits: string[] = [];
  if (sanctions.direct.length > 0) hits.push(sanctionedText(inputs));
  const blocked = customBlockHits(inputs);
  if (blocked.length > 0) hits.push(`Blocked: on your block ${plural(blocked.length, 'list', 'lists')} ${listNames(blocked)}`);
  if (hits.length > 0) return hits.join('; ');
  const exposure = exposureParts(inputs);
  const delisted = (sanctions.delisted ?? []).length > 0 ? [`${delistedText(inputs)} (not a current sanctions hit)`] : [];
  if (!sanctions.listLoaded) {
    return [...(exposure.length > 0 ? [`Direct exposure: ${exposure.join(', ')}`] : []), 'Not screened: no sanctions list is loaded'].join('; ');
  }
  const found = [...delisted, ...(exposure.length > 0 ? [`Direct exposure: ${exposure.join(', ')}`] : []), ...indirectSanctionsParts(inputs)];
  if (!inputs.chain.available) {
    const itself = delisted.length > 0 ? 'not on the list in force' : 'No match for the address itself';
    const counterparties = inputs.chain.sanctionsOnly
      ? 'sanctions-only screening: its counterparties are not read'
      : 'its counterparties could not be screened (blockchain data unavailable)';
    return [...found, `${itself}; ${counterparties}`].join('; ');
  }
  return found.length > 0 ? found.join('; ') : 'Safe address';
}

/** The custom-list lines of section 2: the lists screened against and what they said; none when there are no lists. */
function customListLines(inputs: ReportInputs): string[] {
  const custom = inputs.sanctions.custom;
  if (!custom || custom.consulted.length === 0) return [];
  const lines = [`Custom lists screened: ${custom.consulted.map((l) => `"${l.name}" (${l.kind} list, version ${l.version})`).join(', ')}.`];
  if (custom.blocked.length > 0) {
    const notes = custom.blocked.filter((b) => b.note).map((b) => `"${b.name}": ${b.note}`);
    lines.push(
      `The address is on your block ${plural(custom.blocked.length, 'list', 'lists')} ${listNames(custom.blocked)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}.`,
    );
  }
  if (custom.allowed.length > 0) {
    lines.push(
      `The address is on your allow ${plural(custom.allowed.length, 'list', 'lists')} ${listNames(custom.allowed)}: its own intelligence labels, abuse reports and custom block lists are not scored. An allow list never clears a sanctions hit.`,
    );
  }
  const blockedCounterparties = inputs.chain.available ? inputs.chain.counterparties.filter((c) => c.customBlocked).length : 0;
  if (blockedCounterparties > 0)
    lines.push(`${blockedCounterparties} ${plural(blockedCounterparties, 'counterparty is', 'counterparties are')} on your block lists.`);
  if (custom.blocked.length === 0 && custom.allowed.length === 0 && blockedCounterparties === 0)
    lines.push('Neither the address nor its counterparties are on a custom list.');
  return lines;
}

/** A label as a report names it: what it says, and who says so, how sure, since when. */
export interface ReportLabel {
  category: RiskCategory;
  name: string;
  source: string;
  jurisdiction?: string;
  feed?: { id: string; version: string };
  confidence?: string;
  listedAt?: string;
  /** Not the address's own label: another member of its cluster carries it (checks/clustering.ts). */
  byClustering?: { via: string };
}

/** "source: https://…; feed graphsense-tagpacks version 2, disclosed by the service itself, listed 2022-11-16". */
/** The clusters no label was spread from, because their labels name different parties. */
export function clustersNotSpreadLines(clusters: NonNullable<ReportInputs['intelligence']['clustersNotSpread']>): string[] {
  if (clusters.length === 0) return [];
  const each = clusters.map((c) => `${c.addresses} addresses whose labels name ${c.actors.join(', ')}`).join('; ');
  return [
    `Clustering not applied to ${clusters.length} ${plural(clusters.length, 'cluster', 'clusters')} (${each}): addresses labelled as different parties were spent together, so these were not one owner's (a CoinJoin or PayJoin the shape test missed, for example), and no label was passed on from them.`,
  ];
}

export function labelProvenance(l: Omit<ReportLabel, 'category' | 'name'>): string {
  const more = [l.confidence ? confidenceInWords(l.confidence) : null, l.listedAt ? `listed ${l.listedAt}` : null].filter((m): m is string => m !== null);
  const feed = l.feed
    ? `; feed ${l.feed.id} version ${l.feed.version}${more.length > 0 ? `, ${more.join(', ')}` : ''}`
    : more.length > 0
      ? `; ${more.join(', ')}`
      : '';
  return `source: ${l.source}${feed}`;
}

/**
 * "Labelled exchange: Kraken (source: …)", or for a label by clustering "Labelled exchange by
 * clustering: Kraken (spent together with bc1q…xyz, which carries the label; source: …)".
 */
export function labelReason(l: ReportLabel): string {
  return l.byClustering
    ? `Labelled ${categoryInWords(l.category)} by clustering: ${l.name} (spent together with ${shortenAddress(l.byClustering.via)}, which carries the label; ${labelProvenance(l)})`
    : `Labelled ${categoryInWords(l.category)}: ${l.name} (${labelProvenance(l)})`;
}

/** Why a linked wallet is marked, in words: its listings, former listings, block lists and labels. */
export function linkedWalletReasons(c: ReportCounterparty): string[] {
  const reasons: string[] = [];
  const marks = c.marks;
  if (marks) {
    for (const l of marks.listings) reasons.push(`Sanctioned: ${listingText(l, ...designationNote(l, c))}`);
    for (const d of marks.delisted ?? [])
      reasons.push(
        `Formerly sanctioned: ${d.entity} (OFAC SDN${d.programs.length ? `: ${d.programs.join(', ')}` : ''}; delisted ${d.delistedAt ?? 'on an unknown date'})`,
      );
    for (const name of marks.blockLists) reasons.push(`On your block list "${name}"`);
    for (const l of marks.labels) reasons.push(labelReason(l));
  } else {
    if (c.sanctioned) reasons.push('Sanctioned');
    if (c.customBlocked) reasons.push('On your block list');
    for (const category of c.categories) reasons.push(`Labelled ${categoryInWords(category)}`);
  }
  return reasons;
}

/** Categories that say nothing adverse about a counterparty on their own (a mining pool's payouts are newly minted coins). */
const NEUTRAL: ReadonlySet<RiskCategory> = new Set<RiskCategory>(['exchange', 'defi', 'bridge', 'miner', 'other']);

export function linkedWalletOf(c: ReportCounterparty): LinkedWallet {
  const flagged = c.customBlocked || (c.marks?.delisted?.length ?? 0) > 0 || c.categories.some((category) => !NEUTRAL.has(category));
  return {
    address: c.address,
    share: Math.min(1, Math.max(0, c.share)),
    risk: c.sanctioned ? 'sanctioned' : flagged ? 'flagged' : 'none',
    reasons: linkedWalletReasons(c),
  };
}

/** "0x1234…abcd (42%, sanctioned: …)" for the report's linked-wallets line. */
function linkedLine(c: ReportCounterparty): string {
  const reasons = linkedWalletReasons(c).map((r) => r.charAt(0).toLowerCase() + r.slice(1));
  return `${shortenAddress(c.address)} (${[pct(c.share), ...reasons].join(', ')})`;
}

/** "2.0% direct + 8.4% indirect", "8.4% indirect", "2.0% direct". */
function directIndirect(d: { direct: number; indirect: number }): string {
  const parts = [...(d.direct >= SHOWN_SHARE ? [`${pct(d.direct)} direct`] : []), ...(d.indirect >= SHOWN_SHARE ? [`${pct(d.indirect)} indirect`] : [])];
  return parts.length > 0 ? parts.join(' + ') : 'none';
}

/** "18.8% of the value received (indirect)", "none of the value sent": a share with its denominator. */
function ofValue(d: { direct: number; indirect: number }, of: string): string {
  const total = d.direct + d.indirect;
  if (total < SHOWN_SHARE) return `none of ${of}`;
  const how = d.direct >= SHOWN_SHARE && d.indirect >= SHOWN_SHARE ? directIndirect(d) : d.direct >= SHOWN_SHARE ? 'direct' : 'indirect';
  return `${pct(total)} of ${of} (${how})`;
}

/** The attribution coverage a check's answer carries (`attribution_coverage`); null without a breakdown (no data, or a check recorded before it was kept). */
export function attributionCoverage(b: ExposureBreakdown | undefined): WalletAnalysis['attribution_coverage'] {
  if (!b?.attributed) return null;
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  const byClustering = b.attributed.byClustering ?? 0;
  const known = Math.min(1, b.attributed.direct + b.attributed.indirect + byClustering);
  return {
    attributed: round(known),
    direct: round(b.attributed.direct),
    indirect: round(b.attributed.indirect),
    by_clustering: round(byClustering),
    unlabelled: round(Math.max(0, 1 - known)),
  };
}

/** The exposure-by-category lines of section 4, and how far the trace went. */
export function breakdownLines(b: ExposureBreakdown, gaps: ReportInputs['traceGaps']): string[] {
  const lines: string[] = [];
  const c = b.coverage;
  if (c.depth < 2) lines.push('Indirect exposure was not traced: only the direct counterparties were examined.');
  else {
    const failed = gaps?.failed ?? [];
    const skipped = gaps?.notExpanded ?? [];
    const reasons = [...new Set(skipped.map((s) => s.reason))];
    lines.push(
      [
        c.expanded === 0
          ? `Funds were traced no further than the direct counterparties: none was an unlabelled address to follow (the trace reaches up to ${c.depth} hops; ${c.requests} provider ${plural(c.requests, 'request', 'requests')})`
          : `Funds were traced up to ${c.depth} hops through ${c.expanded} unlabelled ${plural(c.expanded, 'address', 'addresses')} carrying ${pct(c.tracedVolumeShare)} of the examined volume (${c.requests} provider ${plural(c.requests, 'request', 'requests')})`,
        ...(failed.length > 0
          ? [
              `${failed.length} could not be read (${shortenAddress(failed[0]!.address)}: ${failed[0]!.reason}${failed.length > 1 ? `; and ${failed.length - 1} more` : ''})`,
            ]
          : []),
        ...(skipped.length > 0 ? [`${skipped.length} more ${plural(skipped.length, 'was', 'were')} not traced (${reasons.join('; ')})`] : []),
        ...((c.beyondFanOut ?? 0) > 0
          ? [
              `${c.beyondFanOut} smaller unlabelled ${plural(c.beyondFanOut ?? 0, 'address was', 'addresses were')} not read, being beyond the number of addresses read per hop`,
            ]
          : []),
      ].join('; ') + '. Funds that reach an unlabelled address that was not traced are counted as unlabelled.',
    );
  }
  const coverage = attributionCoverage(b);
  // What a reviewer weighs a clean-looking result against: the less is known, the less a low score says.
  if (coverage) lines.push(attributionCoverageText(coverage));
  const bySize = (x: [ExposureCategory, CategoryExposure], y: [ExposureCategory, CategoryExposure]) =>
    y[1].volume.direct + y[1].volume.indirect - (x[1].volume.direct + x[1].volume.indirect) || (x[0] < y[0] ? -1 : 1);
  const entries = breakdownEntries(b).sort(bySize);
  const clustered = clusteredEntries(b).sort(bySize);
  if (entries.length === 0 && clustered.length === 0) {
    lines.push(
      c.depth < 2
        ? 'No counterparty is labelled, listed or on a block list.'
        : 'No labelled, listed or block-listed address was found among the counterparties or along the traced funds.',
    );
    return lines;
  }
  lines.push(
    "Exposure by category (each share names its denominator: the value received, the value sent, or all value, received and sent, as the graph and the sanctions figures use; direct: the wallet's own counterparties; indirect: through unlabelled intermediaries, in proportion to the amounts):",
  );
  for (const [category, e] of entries) {
    lines.push(
      `- ${categoryName(category)}: ${ofValue(e.volume, 'all value')}; ${ofValue(e.received, 'the value received')}; ${ofValue(e.sent, 'the value sent')}; nearest at ${e.minHops} ${plural(e.minHops, 'hop', 'hops')}.`,
    );
  }
  for (const [category, e] of clustered) {
    lines.push(
      `- ${categoryName(category)} by clustering (addresses spent together with addresses labelled so: weaker evidence than a label of their own): ${ofValue(e.volume, 'all value')}; ${ofValue(e.received, 'the value received')}; ${ofValue(e.sent, 'the value sent')}; nearest at ${e.minHops} ${plural(e.minHops, 'hop', 'hops')}.`,
    );
  }
  return lines;
}

const usd = (n: number) =>
  `$${n >= 1 ? n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : Number(n.toPrecision(4)).toString()}`;

/** The wallet's token flows, for section 1; none when it moved no token. */
export function tokenLines(v: ReportValuation | undefined): string[] {
  if (!v || (v.tokens.length === 0 && v.otherTokens === 0)) return [];
  const known = v.tokens.map((t) => `${t.symbol} ${t.received} received, ${t.sent} sent`);
  const others =
    v.otherTokens > 0
      ? [
          `${v.otherTokens} other token ${plural(v.otherTokens, 'contract', 'contracts')} not weighed (tokens are recognised by contract, not by name, since names can be copied)`,
        ]
      : [];
  return [`Token transfers examined: ${[...known, ...others].join('; ')}.`];
}

/** How the shares weigh the assets, for section 4; none when one asset moved. */
export function valuationLines(v: ReportValuation | undefined): string[] {
  if (!v || v.mode === 'units') return [];
  const at = `${v.source ?? 'the price source'}'s prices read ${v.asOf ? `${v.asOf.slice(0, 16).replace('T', ' ')} UTC` : 'earlier'}${v.stale ? ' (the latest available: the price source did not answer)' : ''}`;
  const prices = v.prices.map((p) => `${p.symbol} ${usd(p.usd)}`).join(', ');
  if (v.mode === 'usd') return [`Shares of volume weigh ${v.weighed.join(', ')} in USD at ${at}: ${prices}.`];
  return [
    `${v.unpriced.join(', ')} could not be weighed (${v.unavailable ?? 'no price'}) and ${v.unpriced.length > 1 ? 'are' : 'is'} left out of the shares below, which weigh ${v.weighed.join(', ')} only${v.unit === 'USD' ? `, in USD at ${at}: ${prices}` : ''}.`,
  ];
}

/** The closing lines the screens and the PDF read back ("Risk score:", "Risk level:", "AML status:"). */
function headline(inputs: ReportInputs): string[] {
  const { assessment } = inputs;
  const missing = missingOf(inputs);
  const incomplete = missing.length > 0 && assessment.level !== 'High Risk';
  const score = incomplete
    ? `Risk score: not given, the check is incomplete (${assessment.score > 0 ? `the evidence found adds up to ${assessment.score} points, a lower bound` : 'nothing adverse was found in what could be checked'})`
    : `Risk score: ${assessment.score}/100`;
  return [score, `Risk level: ${assessment.level}`, `AML status: ${assessment.status}`];
}

export function buildReport(inputs: ReportInputs): WalletAnalysis {
  const { assessment, chain } = inputs;
  const counterparties = counterpartiesOf(inputs);
  const linked = counterparties.map((c) => c.address);
  // Where the listing that names the wallet places its owner: the sanctions list's first, then a label's.
  const jurisdiction =
    inputs.sanctions.direct.find((d) => d.jurisdiction)?.jurisdiction ?? inputs.intelligence.ownLabels.find((l) => l.jurisdiction)?.jurisdiction ?? 'Unknown';
  const name = networkNames[inputs.network];
  const missing = missingOf(inputs).map((kind) => missingEvidenceText(kind, inputs));
  const lines: string[] = [];
  if (missing.length > 0) {
    lines.push(
      assessment.level === 'High Risk'
        ? `Some evidence could not be gathered; the verdict stands on what was found, and the missing evidence could only add to it. Missing: ${missing.join(' ')}`
        : `${assessment.status}: this check lacks evidence it needs to clear the address, so it gives no Low or Medium verdict. Missing: ${missing.join(' ')} Run the check again once the missing evidence is available; until then do not treat the address as cleared.`,
    );
  }
  lines.push('1. Wallet overview');
  if (chain.available) {
    lines.push(
      `${name} address ${inputs.address}. Balance ${chain.balance} ${chain.symbol}; ${chain.txCount} transactions; first seen ${chain.firstSeen ? formatDate(chain.firstSeen) : 'never'}, last seen ${chain.lastSeen ? formatDate(chain.lastSeen) : 'never'} (source: ${chain.provider}).`,
    );
    if (!chain.complete) lines.push(`The ${chain.transactionsExamined} most recent transactions were examined for counterparties.`);
    lines.push(...tokenLines(inputs.valuation));
  } else {
    lines.push(
      chain.sanctionsOnly
        ? `${name} address ${inputs.address}. ${chain.reason}.`
        : `${name} address ${inputs.address}. Blockchain data could not be fetched: ${chain.reason}`,
    );
  }
  lines.push('2. Sanctions screening');
  lines.push(
    inputs.sanctions.listLoaded
      ? `Sanctions screening against the OFAC SDN list published ${inputs.sanctions.listPublishedAt ?? 'on an unknown date'} (sha256 ${inputs.sanctions.listSha256?.slice(0, 12) ?? 'n/a'}): ${ofacText(inputs)}.`
      : 'Sanctions screening was not possible: no sanctions list is loaded. Ask your administrator to load the sanctions list.',
  );
  lines.push(...customListLines(inputs));
  lines.push('3. Intelligence and abuse reports');
  lines.push(
    inputs.intelligence.ownLabels.length > 0
      ? `Labelled ${inputs.intelligence.ownLabels.map((l) => `${categoryInWords(l.category)} (${l.name}, ${labelProvenance(l)})`).join('; ')}.`
      : 'The address carries no label in the intelligence feeds.',
  );
  const clusteredLabels = inputs.intelligence.clusteredLabels ?? [];
  if (clusteredLabels.length > 0)
    lines.push(
      `By clustering (addresses spent together in one transaction are taken as one owner's; weaker evidence than a label of its own): ${clusteredLabels.map(labelReason).join('; ')}.`,
    );
  lines.push(...clustersNotSpreadLines(inputs.intelligence.clustersNotSpread ?? []));
  lines.push(`Chainabuse: ${inputs.intelligence.chainabuse}`);
  lines.push('4. Source of funds and exposure');
  if (chain.available) lines.push(...valuationLines(inputs.valuation));
  lines.push(`Incoming funds (shares of the value received): ${sourceOfFunds(inputs)}.`);
  const exposure = exposureParts(inputs);
  if (exposure.length > 0) lines.push(`Direct exposure (counterparties one hop away): ${exposure.join(', ')}.`);
  if (chain.available && inputs.breakdown) lines.push(...breakdownLines(inputs.breakdown, inputs.traceGaps));
  if (inputs.flags.length > 0) lines.push(`Patterns: ${inputs.flags.map((f) => f.replace(/-/g, ' ')).join(', ')}.`);
  lines.push('5. Linked wallets');
  if (linked.length > 0) {
    const marked = counterparties.filter((c) => linkedWalletOf(c).risk !== 'none');
    lines.push(`${linked.length} direct counterparties, largest first: ${counterparties.slice(0, 5).map(linkedLine).join(', ')}.`);
    const unlisted = marked.filter((c) => !counterparties.slice(0, 5).includes(c));
    if (unlisted.length > 0)
      lines.push(`Also marked: ${unlisted.slice(0, 20).map(linkedLine).join(', ')}${unlisted.length > 20 ? `, and ${unlisted.length - 20} more` : ''}.`);
  } else {
    lines.push(
      chain.available
        ? 'No linked wallets found.'
        : chain.sanctionsOnly
          ? 'Unknown: sanctions-only screening (transactions not read).'
          : 'Unknown: blockchain data could not be fetched.',
    );
  }
  lines.push('6. Assessment');
  lines.push(inputs.narrative.summary);
  for (const f of assessment.factors) lines.push(`+${f.points}: ${f.reason}`);
  lines.push('7. Recommendations');
  for (const r of inputs.narrative.recommendations) lines.push(r);
  lines.push('---');
  lines.push(...headline(inputs));
  // Who wrote the narrative, in words: the rules (no language model), or the model by name.
  const writer =
    inputs.narrative.writer === 'rule-based' ? 'narrative from the rules, no language model' : `narrative by the language model ${inputs.narrative.writer}`;
  lines.push(`Model ${assessment.model}; ${writer}; check ${inputs.checkId}; ${formatMoment(inputs.now) || inputs.now}.`);
  if (inputs.narrative.fallbackReason) lines.push(`The language model was not used: ${inputs.narrative.fallbackReason}`);

  return {
    wallet_address: inputs.address,
    risk_score: assessment.score,
    risk_level: assessment.level,
    aml_status: assessment.status,
    wallet_age: chain.available ? walletAge(chain.firstSeen, inputs.now) : 'Unknown',
    jurisdiction,
    sanctions: sanctionsText(inputs),
    source_of_funds: sourceOfFundsField(inputs),
    recommendation: inputs.narrative.recommendations.join(' '),
    linked_wallets: linked.length,
    linked_wallets_addresses: linked,
    aml_report: lines.join('\n'),
    external_links: { explorer: explorerLink(inputs.network, inputs.address) },
    chainabuse_report: inputs.intelligence.chainabuse,
    access_level: 'Premium',
    created_at: inputs.now,
    missing_evidence: missing,
    linked_wallets_details: counterparties.map(linkedWalletOf),
    fund_flow: chain.available ? (inputs.fundFlow ?? null) : null,
    attribution_coverage: chain.available && chain.txCount > 0 ? attributionCoverage(inputs.breakdown) : null,
  };
}
