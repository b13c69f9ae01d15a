/**
 * The fund-flow graph of a check: the wallet, its counterparties and, where the trace read them,
 * the counterparties of those, with the share of the wallet's examined value that flows through
 * each and the flows between them in the direction funds moved. Pure.
 *
 * Shares follow the attribution of exposure.ts and the tracer's ordering: a direct counterparty
 * carries its value over the total value of the wallet's counterparties; an address reached
 * through a traced address C carries C's share times its value with C over C's total value with
 * its counterparties, the addresses on the path back to the wallet left out. A path stops at an
 * address whose nature is known (a category), as attribution does, and goes no further than the
 * trace did. An address reached along several paths is one node: its shares add up (they never
 * exceed 1: the paths that end at it split the wallet's value between them) and it sits at the
 * fewest hops it was reached at.
 *
 * To keep the picture readable and the stored document small, only the largest direct
 * counterparties and, for each traced address, its largest counterparties are drawn, plus every
 * marked one (with a category); the others are counted in `omitted`.
 *
 * Every value comes from `valueOfFlow`, the one place that says what a flow is worth.
 */
import { fundFlowCategories, UNLABELLED, type FundFlow, type FundFlowEdge, type FundFlowNode, type Network } from '@walletscreen/contracts';
import { addressKey, traceFlowOf, type TraceEvidence, type TraceFlow } from '../chain-data/trace';
import { nativeValue } from '../chain-data/valuation';
import type { ChainData } from '../chain-data/types';
import type { ExposureCategory } from './risk-model';
import { explorerLink } from './report';

/** What one flow between an address and a counterparty is worth: what the address received from it and what it sent to it. */
export type FlowValuer = (flow: TraceFlow) => { received: number; sent: number };

/** The largest direct counterparties drawn (every marked one is drawn too). */
export const FUND_FLOW_DIRECT_LIMIT = 25;
/** The largest counterparties drawn for each traced address (every marked one is drawn too). */
export const FUND_FLOW_TRACED_LIMIT = 8;
/** The furthest hop the graph holds. */
export const FUND_FLOW_MAX_HOP = 3;

export interface FundFlowInput {
  network: Network;
  wallet: ChainData;
  /** The trace beyond the direct counterparties (absent: only the direct ones). */
  trace?: TraceEvidence | undefined;
  /** What an address, the wallet included, is known to be (empty: unlabelled). */
  categoriesOf(address: string): readonly ExposureCategory[];
  /** Why an address is marked, in words (empty: unmarked). */
  reasonsOf(address: string): readonly string[];
  /** Whether its categories come from its cluster only (checks/clustering.ts); none by default. */
  byClustering?(address: string): boolean;
  /**
   * What a flow is worth; native received and sent by default. (Not named `valueOf`: every object
   * has Object.prototype.valueOf, so an input without it would still seem to have one.)
   */
  valueOfFlow?: FlowValuer;
  limits?: { direct?: number; traced?: number };
}

const severity: ReadonlyMap<string, number> = new Map(fundFlowCategories.map((c, i) => [c, i]));
const bySeverity = (a: string, b: string) =>
  (severity.get(a) ?? fundFlowCategories.length) - (severity.get(b) ?? fundFlowCategories.length) || (a < b ? -1 : a > b ? 1 : 0);

/** Its categories, most severe first. */
export function orderCategories(categories: readonly string[]): string[] {
  return [...new Set(categories)].sort(bySeverity);
}

interface Place {
  address: string;
  hop: number;
  share: number;
}

/** A value that can be added up: a finite amount, at least 0. */
const worth = (v: number) => (Number.isFinite(v) && v > 0 ? v : 0);
const clampShare = (share: number) => Math.min(1, Math.max(0, share));

export function buildFundFlow(input: FundFlowInput): FundFlow {
  const { network, wallet, trace } = input;
  const valueOf = input.valueOfFlow ?? nativeValue;
  const directLimit = input.limits?.direct ?? FUND_FLOW_DIRECT_LIMIT;
  const tracedLimit = input.limits?.traced ?? FUND_FLOW_TRACED_LIMIT;
  const key = (address: string) => addressKey(network, address);
  const depth = Math.min(FUND_FLOW_MAX_HOP, Math.max(1, trace?.depth ?? 1));

  const expansions = new Map<string, readonly TraceFlow[]>();
  for (const e of trace?.expansions ?? []) if (e.ok && !expansions.has(key(e.address))) expansions.set(key(e.address), e.counterparties);
  const categories = new Map<string, string[]>();
  const categoriesOf = (address: string) => {
    const k = key(address);
    let found = categories.get(k);
    if (!found) categories.set(k, (found = orderCategories(input.categoriesOf(address))));
    return found;
  };

  // Every address reached, along every path: its fewest hops and its share summed over the paths.
  const walletKey = key(wallet.address);
  const places = new Map<string, Place>([[walletKey, { address: wallet.address, hop: 0, share: 1 }]]);
  /** The share each address carries through each of its parents (parent key → child key → share). */
  const children = new Map<string, Map<string, number>>();
  /** The share on each edge, "from key\nto key". */
  const edges = new Map<string, number>();
  const addEdge = (from: string, to: string, share: number) => edges.set(`${from}\n${to}`, (edges.get(`${from}\n${to}`) ?? 0) + share);

  const spread = (parent: string, flows: readonly TraceFlow[], share: number, hop: number, path: ReadonlySet<string>) => {
    const onward = flows
      .filter((f) => !path.has(key(f.address)))
      .map((f) => {
        const value = valueOf(f);
        return { address: f.address, k: key(f.address), received: worth(value.received), sent: worth(value.sent) };
      });
    const total = onward.reduce((sum, f) => sum + f.received + f.sent, 0);
    const mine = children.get(parent) ?? new Map<string, number>();
    children.set(parent, mine);
    for (const f of onward) {
      const part = (v: number) => (total > 0 ? (share * v) / total : 0);
      const childShare = part(f.received + f.sent);
      mine.set(f.k, (mine.get(f.k) ?? 0) + childShare);
      // Funds the address received from the counterparty moved from it; funds it sent moved to it.
      if (f.received > 0) addEdge(f.k, parent, part(f.received));
      if (f.sent > 0) addEdge(parent, f.k, part(f.sent));
      visit(f.address, childShare, hop, path);
    }
  };

  const visit = (address: string, share: number, hop: number, path: ReadonlySet<string>) => {
    const k = key(address);
    const place = places.get(k);
    if (place) {
      place.hop = Math.min(place.hop, hop);
      place.share += share;
    } else places.set(k, { address, hop, share });
    // Funds stop at an address whose nature is known, and the graph goes no further than the trace read. A path
    // worth nothing is followed too: an address's hop is its distance along the flows read, whatever they carry.
    const flows = expansions.get(k);
    if (!flows || hop >= depth || categoriesOf(address).length > 0) return;
    spread(k, flows, share, hop + 1, new Set([...path, k]));
  };

  spread(walletKey, wallet.counterparties.map(traceFlowOf), 1, 1, new Set([walletKey]));
  places.get(walletKey)!.share = 1;

  // The picture: from the wallet out, each drawn address's largest counterparties and every marked one.
  const drawn = new Set<string>([walletKey]);
  const queue = [walletKey];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    const mine = children.get(parent);
    if (!mine) continue;
    const limit = parent === walletKey ? directLimit : tracedLimit;
    const ranked = [...mine.entries()].filter(([child]) => child !== walletKey).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    ranked.forEach(([child, share], index) => {
      const marked = categoriesOf(places.get(child)!.address).length > 0;
      // A flow worth nothing says nothing about where funds went: drawn only when the address is marked.
      if (drawn.has(child) || !(marked || (index < limit && share > 0))) return;
      drawn.add(child);
      queue.push(child);
    });
  }

  const nodes: FundFlowNode[] = [...drawn]
    .map((k) => {
      const place = places.get(k)!;
      const cats = categoriesOf(place.address);
      return {
        address: place.address,
        hop: place.hop,
        category: cats[0] ?? UNLABELLED,
        categories: cats,
        reasons: [...input.reasonsOf(place.address)],
        ...(cats.length > 0 && input.byClustering?.(place.address) ? { by_clustering: true as const } : {}),
        share: clampShare(place.share),
        traced: k !== walletKey && expansions.has(k),
        explorer_url: explorerLink(network, place.address),
      };
    })
    .sort((a, b) => a.hop - b.hop || b.share - a.share || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));

  const out: FundFlowEdge[] = [];
  for (const [pair, share] of edges) {
    const [from, to] = pair.split('\n') as [string, string];
    if (drawn.has(from) && drawn.has(to)) out.push({ from: places.get(from)!.address, to: places.get(to)!.address, share: clampShare(share) });
  }
  out.sort((a, b) => b.share - a.share || (a.from < b.from ? -1 : a.from > b.from ? 1 : 0) || (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));

  return { network, depth, nodes, edges: out, omitted: places.size - drawn.size };
}
