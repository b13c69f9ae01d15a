/**
 * The seven stages of a check, each a function of the request, the evidence so far and the
 * providers; each returns the evidence it found, which is recorded on the check's stream.
 */
import { checkStreamId, networkNames, type Network } from '@walletscreen/contracts';
import type { WalletCheckRequested, WalletCheckStageCompleted } from '@walletscreen/domain/check/events';
import type { EventStore } from '@walletscreen/platform';
import type { FetchOptions } from '../chain-data/service';
import { knownToken, knownTokens } from '../chain-data/assets';
import { NO_PRICE_SOURCE, type PriceSource } from '../chain-data/prices';
import { addressKey, traceFlowOf, type TraceFlow, type Tracer } from '../chain-data/trace';
import type { ChainData, ChainDataResult } from '../chain-data/types';
import { createValuer, valuationOf, type Valuer } from '../chain-data/valuation';
import type { ListedSanctionEntry } from '@walletscreen/domain/sanctions-list/events';
import { cachedCustomLists } from '../sanctions/custom-lists-store';
import type { SanctionsListMeta } from '../sanctions/sanctions-index.projection';
import { cachedSanctionsIndex } from '../sanctions/sanctions-store';
import { listedAsText } from '../sanctions/match-key';
import {
  customFacts,
  delistedCounterpartiesOf,
  delistedOf,
  type AddressLabelFact,
  type BlockchainEvidence,
  type ClusteredLabelFact,
  type ChainabuseFact,
  type CustomListsEvidence,
  type FeedInForceFact,
  type IntelligenceEvidence,
  type SanctionsEvidence,
} from './evidence';
import { clusterMarks, coSpendAddresses, coSpendsRead } from './clustering';
import { attributeExposure, clusteredCategoriesOf, exposureCategoriesOf } from './exposure';
import { analyzePatterns, type CounterpartyFacts, type PatternEvidence } from './patterns';
import type { ReportEvidence, Stage, StageContext } from './pipeline';
import { buildFundFlow } from './fund-flow';
import {
  buildReport,
  linkedWalletReasons,
  type ReportCounterparty,
  type ReportLabel,
  type ReportInputs,
  type ReportListing,
  type ReportValuation,
} from './report';
import { unreadSourcesOf } from './risk-inputs';
import { ALWAYS_COUNTED, RISK_MODEL_VERSION, type ExposureCategory, type RiskAssessment, type RiskCategory } from './risk-model';
import { currentRiskModel } from './risk-models';
import type { Narrative, NarrativeInputs } from './rule-based-writer';

export interface StageProviders {
  chainData: { fetch(network: Network, address: string, signal?: AbortSignal, options?: FetchOptions): Promise<ChainDataResult> };
  /** Follows funds beyond the direct counterparties; without one (or at depth 1) only direct exposure is found. */
  tracer?: Tracer;
  /** USD prices, to weigh token transfers with the native coin; without it a wallet that moved tokens and coins lacks evidence. */
  prices?: PriceSource;
  intelligence: {
    labelsVersion: string;
    chainabuseConfigured: boolean;
    labelsFor(network: Network, addresses: readonly string[]): Map<string, AddressLabelFact[]> | Promise<Map<string, AddressLabelFact[]>>;
    /** The enabled feeds with a version in force; absent where no feed is read. */
    feedsInForce?(): Promise<FeedInForceFact[]>;
    /** The enabled feeds that could mark an address on the network but have no version loaded; absent where no feed is read. */
    feedsNotLoaded?(network: Network): Promise<Array<{ id: string; name: string }>>;
    chainabuseReports(network: Network, address: string, signal?: AbortSignal): Promise<ChainabuseFact>;
    summarizeChainabuse(result: ChainabuseFact): string;
  };
  interpreter: {
    writerName: string;
    write(input: InterpretationEvidence, signal?: AbortSignal): Promise<Narrative & { fallbackReason?: string }>;
  };
}

export interface InitializeEvidence {
  chain: string;
  network: Network;
  networkName: string;
  riskModel: string;
  sanctionsList: SanctionsListMeta | null;
  labelsVersion: string;
  /** Every enabled feed's version in force (absent in checks recorded before feeds). */
  feeds?: FeedInForceFact[];
  chainabuse: 'configured' | 'not configured';
  writer: string;
}

/** The blockchain evidence check `checkId` recorded, for a re-screen of the same wallet; a failed result when it cannot be used. */
export async function reusedChainEvidence(
  eventStore: EventStore,
  checkId: string,
  request: { address: string; network: Network },
): Promise<BlockchainEvidence> {
  const reason = `re-screened against changed lists with the blockchain data recorded by check ${checkId} (no blockchain provider was called)`;
  const events = await eventStore.readStream(checkStreamId(checkId));
  const requested = events.find((e) => e.type === 'WalletCheckRequested')?.data as WalletCheckRequested | undefined;
  const stage = events.find((e) => e.type === 'WalletCheckStageCompleted' && (e.data as WalletCheckStageCompleted).key === 'blockchain')?.data as
    WalletCheckStageCompleted<BlockchainEvidence> | undefined;
  if (!requested || !stage || requested.address !== request.address || requested.network !== request.network) {
    return {
      ok: false,
      network: request.network,
      provider: null,
      reason: `the blockchain data of check ${checkId} could not be reused`,
      attempts: 0,
      reusedFrom: { checkId, reason },
    };
  }
  const { reusedFrom: _earlier, ...evidence } = stage.evidence;
  return { ...evidence, reusedFrom: { checkId, reason } };
}
export interface PatternsStageEvidence extends PatternEvidence {
  assessment: RiskAssessment;
  /** The profile the assessment was given with: its version and the SHA-256 of its canonical JSON (risk-models.ts; absent in checks recorded before profiles). */
  riskProfile?: { version: string; sha256: string };
}
export interface InterpretationStageEvidence extends Narrative {
  fallbackReason?: string;
}

/** What the language model (or the rule-based writer) gets: the evidence, never who asked. */
export interface InterpretationEvidence extends NarrativeInputs {
  address: string;
  network: Network;
  balance: string | null;
  symbol: string | null;
  txCount: number | null;
  firstSeen: string | null;
  lastSeen: string | null;
  sanctions: { listLoaded: boolean; direct: Array<{ entity: string; programs: string[] }>; sanctionedCounterparties: number; sanctionedVolumeShare: number };
  labels: AddressLabelFact[];
  abuseReports: number;
  exposure: Partial<Record<RiskCategory, number>>;
  flags: string[];
}

/**
 * A listing as the report names it: its party and programmes, and the ticker it is listed under,
 * with the network that ticker stands for when the address was matched on another chain ("USDT
 * (Omni Layer)", an XBT mis-tag of a TRON address: "XBT (Bitcoin)").
 */
function reportListing(
  e: Pick<ListedSanctionEntry, 'entity' | 'programs' | 'ticker'> &
    Partial<Pick<ListedSanctionEntry, 'crossChain' | 'listedNetwork' | 'designatedAt' | 'jurisdiction'>>,
): ReportListing {
  return {
    entity: e.entity,
    programs: e.programs,
    ticker: e.crossChain && e.listedNetwork !== undefined ? listedAsText(e.ticker, e.listedNetwork) : e.ticker,
    ...(e.designatedAt ? { designatedAt: e.designatedAt } : {}),
    ...(e.jurisdiction ? { jurisdiction: e.jurisdiction } : {}),
  };
}

const chainOf = (ctx: StageContext) => ctx.evidence.blockchain as BlockchainEvidence;

/** The addresses the trace found beyond the direct counterparties (the wallet and its counterparties left out), in the order found. */
export function tracedAddresses(b: BlockchainEvidence, network: Network): string[] {
  if (!b.ok || !b.trace) return [];
  const known = new Set([b.data.address, ...b.data.counterparties.map((c) => c.address)].map((a) => addressKey(network, a)));
  const found: string[] = [];
  for (const e of b.trace.expansions) {
    if (!e.ok) continue;
    for (const c of e.counterparties) {
      const key = addressKey(network, c.address);
      if (known.has(key)) continue;
      known.add(key);
      found.push(c.address);
    }
  }
  return found;
}
/**
 * How a check's flows are weighed (valuation.ts), decided over every flow it read: the wallet's and
 * the traced addresses'. A pure function of the recorded blockchain evidence.
 */
export function valuerOf(b: BlockchainEvidence & { ok: true }, network: Network): Valuer {
  const flows: TraceFlow[] = [...b.data.counterparties.map(traceFlowOf), ...(b.trace?.expansions ?? []).flatMap((e) => (e.ok ? e.counterparties : []))];
  return createValuer(network, b.data.symbol, b.valuation, flows);
}
/** What the report says of the weighing: the prices of the assets weighed, and the wallet's token flows (absent where no token is read). */
function reportValuation(b: BlockchainEvidence & { ok: true }, network: Network, valuer: Valuer): ReportValuation | undefined {
  const v = b.valuation;
  if (!v && !b.data.tokenTransfers) return undefined;
  const prices =
    valuer.unit === 'USD' && v
      ? [{ symbol: v.native.symbol, usd: v.native.usd }, ...v.tokens].filter(
          (p): p is { symbol: string; usd: number } => p.usd !== null && valuer.weighed.includes(p.symbol),
        )
      : [];
  const transfers = b.data.tokenTransfers ?? [];
  const known = transfers.flatMap((t) => {
    const token = knownToken(network, t.contract);
    return token ? [{ symbol: token.symbol, received: t.received, sent: t.sent }] : [];
  });
  return {
    mode: valuer.mode,
    unit: valuer.unit,
    weighed: valuer.weighed,
    unpriced: valuer.unpriced,
    prices: [...new Map(prices.map((p) => [p.symbol, p])).values()],
    source: v?.source ?? null,
    asOf: v?.asOf ?? null,
    ...(v?.stale ? { stale: true } : {}),
    ...(v?.unavailable ? { unavailable: v.unavailable } : {}),
    tokens: known,
    otherTokens: transfers.length - known.length,
  };
}
const dataOf = (ctx: StageContext): ChainData | null => {
  const b = chainOf(ctx);
  return b.ok ? b.data : null;
};

/**
 * What marks each address of a check, the wallet itself, its counterparties and the addresses the
 * trace found: its current and former listings, its labels and the block lists it is on (and no
 * allow list clears), as the report names them; and the categories it counts for, at any hop
 * (exposureCategoriesOf; for the wallet, its own listings, labels and block lists).
 */
/** A recorded label as a report names it: what it says and its provenance (feed, source, confidence, date). */
const reportLabelOf = (l: AddressLabelFact | ClusteredLabelFact): ReportLabel => ({
  category: l.category,
  name: l.name,
  source: l.source,
  ...(l.feed ? { feed: l.feed } : {}),
  ...(l.confidence ? { confidence: l.confidence } : {}),
  ...(l.listedAt ? { listedAt: l.listedAt } : {}),
  ...('byClustering' in l ? { byClustering: { via: l.byClustering.via } } : {}),
});

export function markedAddresses(network: Network, wallet: string, s: SanctionsEvidence, intel: IntelligenceEvidence) {
  const key = (a: string) => addressKey(network, a);
  const walletKey = key(wallet);
  const byAddress = <I extends { address: string }, T>(items: readonly I[], pick: (item: I) => readonly T[]) => {
    const out = new Map<string, T[]>();
    for (const item of items) out.set(key(item.address), [...(out.get(key(item.address)) ?? []), ...pick(item)]);
    return (address: string): T[] => out.get(key(address)) ?? [];
  };
  const { custom } = customFacts(s);
  const listings = byAddress([...s.counterparties, ...(s.traced ?? [])], (c) => c.entries);
  const former = byAddress(delistedCounterpartiesOf(s), (c) => c.entries);
  const labels = byAddress([...intel.counterparties, ...(intel.traced ?? [])], (c) => c.labels);
  const lists = byAddress([...custom.counterparties, ...(custom.traced ?? [])], (c) => c.lists);
  const byCluster = byAddress(intel.clustering?.marks ?? [], (m) => m.labels);
  const exposure = exposureCategoriesOf(network, s, intel);
  const clustered = clusteredCategoriesOf(network, s, intel, wallet);
  const walletAllowed = custom.allowed.length > 0;

  const of = (address: string): ReportCounterparty => {
    if (key(address) === walletKey) {
      const blockLists = walletAllowed ? [] : custom.blocked.map((h) => h.name);
      return {
        address,
        share: 1,
        categories: [...intel.own, ...byCluster(address)].map((l) => l.category),
        sanctioned: s.direct.length > 0,
        customBlocked: blockLists.length > 0,
        marks: {
          listings: s.direct.map(reportListing),
          labels: [...intel.own, ...byCluster(address)].map(reportLabelOf),
          blockLists,
          delisted: delistedOf(s).map((e) => ({ ...reportListing(e), delistedAt: e.delistedAt ?? null })),
        },
      };
    }
    const hits = lists(address);
    const blocked = !hits.some((l) => l.kind === 'allow') && hits.some((l) => l.kind === 'block');
    return {
      address,
      share: 0,
      categories: [...labels(address), ...byCluster(address)].map((l) => l.category),
      sanctioned: listings(address).length > 0,
      customBlocked: blocked,
      marks: {
        listings: listings(address).map(reportListing),
        labels: [...labels(address), ...byCluster(address)].map(reportLabelOf),
        blockLists: blocked ? hits.filter((l) => l.kind === 'block').map((l) => l.name) : [],
        delisted: former(address).map((e) => ({ ...reportListing(e), delistedAt: e.delistedAt ?? null })),
      },
    };
  };

  /** The categories an address counts for; the wallet's are its own (an allow list clears its labels, never a sanctions hit nor a label in ALWAYS_COUNTED). */
  const categoriesOf = (address: string): ExposureCategory[] => {
    if (key(address) !== walletKey) return exposure(address);
    const own = new Set<ExposureCategory>();
    if (s.direct.length > 0) own.add('sanctioned');
    for (const l of intel.own) if (ALWAYS_COUNTED.has(l.category) || !walletAllowed) own.add(l.category);
    if (custom.blocked.length > 0 && !walletAllowed) own.add('custom-block');
    return [...own].sort();
  };
  /**
   * What an address counts for: its own categories, else those it takes from its cluster (cleared
   * by an allow list as its labels are), and whether they are by clustering. Once per address.
   */
  const known = new Map<string, { categories: ExposureCategory[]; byClustering: boolean }>();
  const knownAs = (address: string) => {
    const k = key(address);
    let found = known.get(k);
    if (!found) {
      const own = categoriesOf(address);
      const fromCluster = own.length > 0 ? [] : clustered(address);
      found = own.length > 0 ? { categories: own, byClustering: false } : { categories: fromCluster, byClustering: fromCluster.length > 0 };
      known.set(k, found);
    }
    return found;
  };
  return { of, knownAs };
}

export function createStages(deps: { eventStore: EventStore; providers: StageProviders }): Stage[] {
  const sanctions = cachedSanctionsIndex(deps.eventStore);
  const customLists = cachedCustomLists(deps.eventStore);
  const { providers } = deps;
  const priceTable = () => (providers.prices ? providers.prices.prices() : Promise.resolve({ ok: false as const, reason: NO_PRICE_SOURCE }));
  const valuationNow = async (network: Network, symbol: string) => valuationOf(network, symbol, await priceTable());

  return [
    {
      key: 'initialize',
      async run(ctx): Promise<InitializeEvidence> {
        const list = await sanctions();
        return {
          chain: ctx.request.chain,
          network: ctx.request.network,
          networkName: networkNames[ctx.request.network],
          riskModel: RISK_MODEL_VERSION,
          sanctionsList: list?.meta ?? null,
          labelsVersion: providers.intelligence.labelsVersion,
          ...(providers.intelligence.feedsInForce ? { feeds: await providers.intelligence.feedsInForce() } : {}),
          chainabuse: providers.intelligence.chainabuseConfigured ? 'configured' : 'not configured',
          writer: providers.interpreter.writerName,
        };
      },
    },
    {
      key: 'blockchain',
      async run(ctx): Promise<BlockchainEvidence> {
        const { network, address } = ctx.request;
        const reuse = ctx.request.rescreen?.reuseChainEvidenceOf;
        // Prices are read beside the data (one table, shared by every check for minutes) where tokens are read.
        const readsTokens = knownTokens[network].length > 0;
        if (reuse) {
          const reused = await reusedChainEvidence(deps.eventStore, reuse, ctx.request);
          // Data recorded before tokens were weighed is weighed at today's prices.
          if (!reused.ok || reused.valuation || !readsTokens) return reused;
          return { ...reused, valuation: await valuationNow(network, reused.data.symbol) };
        }
        const [fetched, prices] = await Promise.all([providers.chainData.fetch(network, address, ctx.signal), readsTokens ? priceTable() : undefined]);
        if (!fetched.ok) return fetched;
        const valuation = prices ? valuationOf(network, fetched.data.symbol, prices) : undefined;
        const priced = valuation ? { valuation } : {};
        const tracer = providers.tracer;
        if (!tracer || tracer.config.depth < 2) return { ...fetched, ...priced };
        // Funds stop at an address whose nature is known: listed, on a custom list, or labelled.
        const [index, custom] = await Promise.all([sanctions(), customLists()]);
        const endpoints = async (addresses: readonly string[]) => {
          const labelled = await providers.intelligence.labelsFor(network, addresses);
          return new Set(
            addresses.filter(
              (a) => (index?.find(network, a).listed.length ?? 0) > 0 || custom.lookup(network, a).length > 0 || (labelled.get(a) ?? []).length > 0,
            ),
          );
        };
        // The order of expansion weighs the wallet's own flows as the shares will.
        const valuer = createValuer(network, fetched.data.symbol, valuation, fetched.data.counterparties.map(traceFlowOf));
        const trace = await tracer.trace({ network, wallet: fetched.data, endpoints, weigh: (f) => valuer.volume(f), signal: ctx.signal });
        return { ...fetched, trace, ...priced };
      },
    },
    {
      key: 'sanctions',
      async run(ctx): Promise<SanctionsEvidence> {
        const [index, custom] = await Promise.all([sanctions(), customLists()]);
        const { network, address } = ctx.request;
        const others = dataOf(ctx)?.counterparties ?? [];
        // Found by what the address is, whatever ticker OFAC listed it under (see sanctions-index.projection.ts).
        const none = { listed: [], delisted: [] };
        const { listed: direct, delisted } = index?.find(network, address) ?? none;
        const screened = others.map((c) => ({ address: c.address, ...(index?.find(network, c.address) ?? none) }));
        const counterparties = screened.filter((c) => c.listed.length > 0).map((c) => ({ address: c.address, entries: c.listed }));
        const delistedCounterparties = screened.filter((c) => c.delisted.length > 0).map((c) => ({ address: c.address, entries: c.delisted }));
        const own = custom.lookup(network, address);
        const beyond = tracedAddresses(chainOf(ctx), network);
        const found: CustomListsEvidence = {
          consulted: [...custom.lists],
          blocked: own.filter((h) => h.kind === 'block'),
          allowed: own.filter((h) => h.kind === 'allow'),
          counterparties: others.map((c) => ({ address: c.address, lists: custom.lookup(network, c.address) })).filter((c) => c.lists.length > 0),
          traced: beyond.map((a) => ({ address: a, lists: custom.lookup(network, a) })).filter((c) => c.lists.length > 0),
        };
        const traced = beyond.map((a) => ({ address: a, entries: index?.find(network, a).listed ?? [] })).filter((c) => c.entries.length > 0);
        return { listLoaded: index !== null, list: index?.meta ?? null, direct, delisted, counterparties, delistedCounterparties, customLists: found, traced };
      },
    },
    {
      key: 'intelligence',
      async run(ctx): Promise<IntelligenceEvidence> {
        const { network, address } = ctx.request;
        const b = chainOf(ctx);
        const others = (dataOf(ctx)?.counterparties ?? []).map((c) => c.address);
        const beyond = tracedAddresses(b, network);
        // UTXO chains: the addresses spent together in the transactions read, for clustering, in the same lookup.
        const coSpends = b.ok ? coSpendsRead(b.data, b.trace) : [];
        const checked = [address, ...others, ...beyond];
        const known = new Set(checked.map((a) => addressKey(network, a)));
        const coSpent = coSpendAddresses(network, coSpends).filter((a) => !known.has(addressKey(network, a)));
        // Asked together, the labels and the feeds not loaded share one read of the feeds' state (feed-labels.ts).
        const [labels, notLoaded] = await Promise.all([
          providers.intelligence.labelsFor(network, coSpent.length > 0 ? [...checked, ...coSpent] : checked),
          providers.intelligence.feedsNotLoaded ? providers.intelligence.feedsNotLoaded(network) : Promise.resolve([]),
        ]);
        const chainabuse = await providers.intelligence.chainabuseReports(network, address, ctx.signal);
        const labelled = (addresses: string[]) =>
          addresses.filter((a) => (labels.get(a) ?? []).length > 0).map((a) => ({ address: a, labels: labels.get(a)! }));
        return {
          labelsVersion: providers.intelligence.labelsVersion,
          own: labels.get(address) ?? [],
          counterparties: labelled(others),
          traced: labelled(beyond),
          chainabuse,
          chainabuseSummary: providers.intelligence.summarizeChainabuse(chainabuse),
          ...(coSpends.length > 0 ? { clustering: clusterMarks(network, coSpends, (a) => labels.get(a) ?? [], checked) } : {}),
          ...(notLoaded.length > 0 ? { feedsNotRead: notLoaded.map((f) => ({ ...f, reason: 'enabled, but no version is loaded yet' })) } : {}),
        };
      },
    },
    {
      key: 'patterns',
      async run(ctx): Promise<PatternsStageEvidence> {
        const s = ctx.evidence.sanctions as SanctionsEvidence;
        const intel = ctx.evidence.intelligence as IntelligenceEvidence;
        const { allowedCounterparties, blockedCounterparties } = customFacts(s);
        const facts = new Map<string, CounterpartyFacts>();
        for (const c of intel.counterparties) {
          const categories = c.labels.map((l) => l.category).filter((category) => ALWAYS_COUNTED.has(category) || !allowedCounterparties.has(c.address));
          facts.set(c.address, { categories, sanctioned: false });
        }
        for (const c of s.counterparties) facts.set(c.address, { categories: facts.get(c.address)?.categories ?? [], sanctioned: true });
        for (const a of blockedCounterparties)
          facts.set(a, { categories: facts.get(a)?.categories ?? [], sanctioned: facts.get(a)?.sanctioned ?? false, customBlocked: true });
        for (const c of delistedCounterpartiesOf(s)) facts.set(c.address, { categories: [], sanctioned: false, ...facts.get(c.address), delisted: true });
        const b = chainOf(ctx);
        const valuer = b.ok ? valuerOf(b, ctx.request.network) : null;
        const patterns: PatternEvidence =
          b.ok && valuer
            ? {
                ...analyzePatterns(b.data, facts, ctx.now, valuer),
                breakdown: attributeExposure(
                  ctx.request.network,
                  b.data,
                  b.trace,
                  exposureCategoriesOf(ctx.request.network, s, intel),
                  (f) => valuer.value(f),
                  clusteredCategoriesOf(ctx.request.network, s, intel),
                ),
              }
            : {
                exposure: {},
                incomingExposure: {},
                sanctionedCounterparties: 0,
                sanctionedVolumeShare: 0,
                customBlockedCounterparties: 0,
                customBlockedVolumeShare: 0,
                delistedCounterparties: 0,
                delistedVolumeShare: 0,
                flags: [],
                notes: ['No blockchain data: patterns could not be analysed'],
              };
        const { assessment } = currentRiskModel.run({ blockchain: chainOf(ctx), sanctions: s, intelligence: intel, patterns });
        return { ...patterns, assessment, riskProfile: { version: currentRiskModel.version, sha256: currentRiskModel.sha256 } };
      },
    },
    {
      key: 'interpretation',
      async run(ctx): Promise<InterpretationStageEvidence> {
        const chain = dataOf(ctx);
        const s = ctx.evidence.sanctions as SanctionsEvidence;
        const intel = ctx.evidence.intelligence as IntelligenceEvidence;
        const p = ctx.evidence.patterns as PatternsStageEvidence;
        const unavailable: string[] = [];
        const b = chainOf(ctx);
        if (!b.ok && !b.sanctionsOnly) unavailable.push(b.provider ?? 'blockchain data');
        if (intel.chainabuse.status === 'unavailable') unavailable.push('Chainabuse');
        return providers.interpreter.write(
          {
            assessment: p.assessment,
            directSanctions: s.direct.length > 0,
            sanctionsListLoaded: s.listLoaded,
            blockchainDataAvailable: chain !== null,
            ...(!b.ok && b.sanctionsOnly ? { sanctionsOnly: true } : {}),
            unavailableSources: unavailable,
            address: ctx.request.address,
            network: ctx.request.network,
            balance: chain?.balance ?? null,
            symbol: chain?.symbol ?? null,
            txCount: chain?.txCount ?? null,
            firstSeen: chain?.firstSeen ?? null,
            lastSeen: chain?.lastSeen ?? null,
            sanctions: {
              listLoaded: s.listLoaded,
              direct: s.direct.map((d) => ({ entity: d.entity, programs: d.programs })),
              sanctionedCounterparties: p.sanctionedCounterparties,
              sanctionedVolumeShare: p.sanctionedVolumeShare,
            },
            labels: intel.own,
            abuseReports: intel.chainabuse.status === 'ok' ? intel.chainabuse.reports : 0,
            exposure: p.exposure,
            flags: p.flags,
          },
          ctx.signal,
        );
      },
    },
    {
      key: 'report',
      async run(ctx): Promise<ReportEvidence> {
        const b = chainOf(ctx);
        const s = ctx.evidence.sanctions as SanctionsEvidence;
        const intel = ctx.evidence.intelligence as IntelligenceEvidence;
        const p = ctx.evidence.patterns as PatternsStageEvidence;
        const narrative = ctx.evidence.interpretation as InterpretationStageEvidence;
        const marked = markedAddresses(ctx.request.network, ctx.request.address, s, intel);
        const ownClustered = marked.of(ctx.request.address).marks?.labels.filter((l) => l.byClustering) ?? [];
        const { custom } = customFacts(s);
        let chain: ReportInputs['chain'];
        let valuation: ReportValuation | undefined;
        let fundFlow: ReportInputs['fundFlow'] = null;
        if (b.ok) {
          const valuer = valuerOf(b, ctx.request.network);
          const total = b.data.counterparties.reduce((sum, c) => sum + valuer.volume(c), 0);
          chain = {
            available: true,
            provider: b.data.provider,
            symbol: b.data.symbol,
            balance: b.data.balance,
            txCount: b.data.txCount,
            firstSeen: b.data.firstSeen,
            lastSeen: b.data.lastSeen,
            transactionsExamined: b.data.transactionsExamined,
            complete: b.data.complete,
            counterparties: b.data.counterparties
              .map((c) => ({ ...marked.of(c.address), share: total > 0 ? valuer.volume(c) / total : 0, firstSeen: c.firstSeen, lastSeen: c.lastSeen }))
              // Largest share first, as weighed (the provider's order where shares are equal).
              .sort((x, y) => y.share - x.share),
          };
          valuation = reportValuation(b, ctx.request.network, valuer);
          fundFlow = buildFundFlow({
            network: ctx.request.network,
            wallet: b.data,
            trace: b.trace,
            categoriesOf: (address) => marked.knownAs(address).categories,
            byClustering: (address) => marked.knownAs(address).byClustering,
            reasonsOf: (address) => linkedWalletReasons(marked.of(address)),
            valueOfFlow: (f) => valuer.value(f),
          });
        } else {
          // The customer reads what happened in plain words; the evidence keeps the hosts and answers for the administrator.
          chain = { available: false, reason: b.plain ?? b.reason, ...(b.sanctionsOnly ? { sanctionsOnly: true } : {}) };
        }
        const result = buildReport({
          checkId: ctx.request.checkId,
          address: ctx.request.address,
          network: ctx.request.network,
          now: ctx.now,
          chain,
          sanctions: {
            listLoaded: s.listLoaded,
            listPublishedAt: s.list?.publishedAt ?? null,
            listSha256: s.list?.sha256 ?? null,
            direct: s.direct.map((d) => ({ ...reportListing(d), list: 'OFAC SDN' })),
            delisted: delistedOf(s).map((d) => ({
              ...reportListing(d),
              list: 'OFAC SDN',
              listedSince: d.listedSince ?? null,
              delistedAt: d.delistedAt ?? null,
            })),
            custom: {
              consulted: custom.consulted.map((l) => ({ name: l.name, kind: l.kind, version: l.version })),
              blocked: custom.blocked.map((h) => ({ name: h.name, ...(h.note ? { note: h.note } : {}) })),
              allowed: custom.allowed.map((h) => ({ name: h.name })),
            },
          },
          intelligence: {
            ownLabels: intel.own,
            ...(ownClustered.length > 0 ? { clusteredLabels: ownClustered } : {}),
            ...(intel.clustering?.conflicting
              ? { clustersNotSpread: intel.clustering.conflicting.map((c) => ({ actors: c.actors, addresses: c.addresses })) }
              : {}),
            abuseReports: intel.chainabuse.status === 'ok' ? intel.chainabuse.reports : 0,
            chainabuse: intel.chainabuseSummary,
          },
          exposure: p.exposure,
          incomingExposure: p.incomingExposure,
          ...(p.breakdown ? { breakdown: p.breakdown } : {}),
          ...(b.ok && b.trace
            ? {
                traceGaps: {
                  // The customer reads the failure in plain words; the evidence keeps the hosts and answers.
                  failed: b.trace.expansions.flatMap((e) => (e.ok ? [] : [{ address: e.address, reason: e.plain ?? e.reason }])),
                  notExpanded: b.trace.notExpanded.map((n) => ({ address: n.address, reason: n.reason })),
                },
              }
            : {}),
          ...(valuation ? { valuation } : {}),
          unreadSources: unreadSourcesOf({ blockchain: b, intelligence: intel }),
          flags: p.flags,
          assessment: p.assessment,
          fundFlow,
          narrative: {
            writer: narrative.writer,
            summary: narrative.summary,
            recommendations: narrative.recommendations,
            ...(narrative.fallbackReason ? { fallbackReason: narrative.fallbackReason } : {}),
          },
        });
        return { result };
      },
    },
  ];
}
