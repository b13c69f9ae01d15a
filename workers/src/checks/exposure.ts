/**
 * Exposure by category, direct and indirect, from the wallet's counterparties and the trace
 * beyond them (chain-data/trace.ts). Pure.
 *
 * Attribution is proportional ("haircut"), as the field's tools do it: of what the wallet
 * received from a counterparty C, the part that came from Y is C's receipts from Y over all of
 * C's receipts (the wallet's own payments to C left out); likewise for what the wallet sent, with
 * C's payments onward. A path stops at an address whose nature is known (a category: labelled,
 * listed or on a block list): the shares it carries count for that category, directly at hop 1,
 * indirectly beyond. Funds that reach an unlabelled address that was not expanded are unattributed.
 * So every share is a fraction (0-1) of the wallet's examined incoming (`received`), outgoing
 * (`sent`) or total (`volume`) value, and the shares of one direction never add up to more than 1.
 */
import type { Network } from '@walletscreen/contracts';
import type { ChainData } from '../chain-data/types';
import { addressKey, traceFlowOf, type TraceEvidence, type TraceFlow } from '../chain-data/trace';
import { nativeValue, type FlowValue } from '../chain-data/valuation';
import { ALWAYS_COUNTED, type ExposureCategory } from './risk-model';
import { customFacts, type IntelligenceEvidence, type SanctionsEvidence } from './evidence';

/** What a counterparty at any hop is known to be: the risk taxonomy's categories, and the administrator's block lists. */
export type { ExposureCategory } from './risk-model';

export interface DirectIndirect {
  direct: number;
  indirect: number;
}

export interface CategoryExposure {
  received: DirectIndirect;
  sent: DirectIndirect;
  volume: DirectIndirect;
  /** The fewest hops from the wallet at which this category was reached (1: a direct counterparty). */
  minHops: number;
  /** The fewest hops at which it was reached through intermediaries (2 or more); null when only directly. */
  minIndirectHops: number | null;
}

export interface ExposureBreakdown {
  byCategory: Partial<Record<ExposureCategory, CategoryExposure>>;
  /**
   * Exposure to addresses known only by clustering (checks/clustering.ts: spent together with a
   * labelled address), by the category they take from their cluster: kept apart from `byCategory`,
   * since the risk model weighs it lower. Absent when no address was marked by clustering.
   */
  byClustering?: Partial<Record<ExposureCategory, CategoryExposure>>;
  /** Shares of the wallet's received / sent value that no category accounts for (unlabelled, not traced further). */
  unattributed: { received: number; sent: number };
  /**
   * Attribution coverage: the share of the wallet's examined value (received and sent) that reached
   * an address whose nature is known (labelled, listed or on a block list), directly or through
   * unlabelled intermediaries; each address counted once, whatever its categories. Absent in checks
   * recorded before issue 28.
   */
  attributed?: DirectIndirect & {
    /** The share that reached addresses known only by clustering, at any hop (absent when none was). */
    byClustering?: number;
  };
  /** How far the trace looked: the depth, and the share of the wallet's volume that passed through an expanded address. */
  coverage: { depth: number; expanded: number; failed: number; notExpanded: number; beyondFanOut?: number; requests: number; tracedVolumeShare: number };
}

interface Weights {
  received: number;
  sent: number;
  volume: number;
}

const emptyCategory = (hop: number): CategoryExposure => ({
  received: { direct: 0, indirect: 0 },
  sent: { direct: 0, indirect: 0 },
  volume: { direct: 0, indirect: 0 },
  minHops: hop,
  minIndirectHops: null,
});

/**
 * @param categoriesOf what an address is known to be (empty: unlabelled), at any hop
 * @param valueOf a flow's value received and sent (valuation.ts: several assets weighed in USD); native amounts by default
 */
export function attributeExposure(
  network: Network,
  wallet: ChainData,
  trace: TraceEvidence | undefined,
  categoriesOf: (address: string) => readonly ExposureCategory[],
  valueOf: (flow: TraceFlow) => FlowValue = nativeValue,
  clusteredOf: (address: string) => readonly ExposureCategory[] = () => [],
): ExposureBreakdown {
  const walletKey = addressKey(network, wallet.address);
  const expansions = new Map<string, readonly TraceFlow[]>();
  for (const e of trace?.expansions ?? []) if (e.ok) expansions.set(addressKey(network, e.address), e.counterparties);

  const byCategory: Partial<Record<ExposureCategory, CategoryExposure>> = {};
  const byClustering: Partial<Record<ExposureCategory, CategoryExposure>> = {};
  let clusteredShare = 0;
  const unattributed = { received: 0, sent: 0 };
  let tracedVolume = 0;

  const attributed: DirectIndirect = { direct: 0, indirect: 0 };
  const credit = (categories: readonly ExposureCategory[], hop: number, w: Weights, clustered = false) => {
    if (clustered) clusteredShare += w.volume;
    else attributed[hop === 1 ? 'direct' : 'indirect'] += w.volume;
    const into = clustered ? byClustering : byCategory;
    for (const category of new Set(categories)) {
      const entry = (into[category] ??= emptyCategory(hop));
      const kind: keyof DirectIndirect = hop === 1 ? 'direct' : 'indirect';
      entry.received[kind] += w.received;
      entry.sent[kind] += w.sent;
      entry.volume[kind] += w.volume;
      entry.minHops = Math.min(entry.minHops, hop);
      if (hop > 1) entry.minIndirectHops = Math.min(entry.minIndirectHops ?? hop, hop);
    }
  };

  /** Spreads the weights over `flows`, in proportion to each flow's part of the flows' total in each direction. */
  const spread = (flows: readonly TraceFlow[], w: Weights, hop: number, path: ReadonlySet<string>) => {
    const onward = flows.filter((f) => !path.has(addressKey(network, f.address))).map((f) => ({ address: f.address, ...valueOf(f) }));
    const totals = { received: 0, sent: 0, volume: 0 };
    for (const f of onward) {
      totals.received += f.received;
      totals.sent += f.sent;
      totals.volume += f.received + f.sent;
    }
    const part = (weight: number, amount: number, total: number) => (total > 0 ? (weight * amount) / total : 0);
    // A direction the flows do not carry leaves its weight unattributed.
    if (totals.received <= 0) unattributed.received += w.received;
    if (totals.sent <= 0) unattributed.sent += w.sent;
    for (const f of onward) {
      const child: Weights = {
        received: part(w.received, f.received, totals.received),
        sent: part(w.sent, f.sent, totals.sent),
        volume: part(w.volume, f.received + f.sent, totals.volume),
      };
      if (child.received > 0 || child.sent > 0 || child.volume > 0) visit(f.address, child, hop, path);
    }
  };

  const visit = (address: string, w: Weights, hop: number, path: ReadonlySet<string>) => {
    const categories = categoriesOf(address);
    if (categories.length > 0) return credit(categories, hop, w);
    // Known by clustering only: the path stops there too, its shares counted apart.
    const clustered = clusteredOf(address);
    if (clustered.length > 0) return credit(clustered, hop, w, true);
    const key = addressKey(network, address);
    const flows = expansions.get(key);
    if (!flows) {
      unattributed.received += w.received;
      unattributed.sent += w.sent;
      return;
    }
    if (hop === 1) tracedVolume += w.volume;
    spread(flows, w, hop + 1, new Set([...path, key]));
  };

  const flows = wallet.counterparties.map(traceFlowOf);
  spread(flows, { received: 1, sent: 1, volume: 1 }, 1, new Set([walletKey]));
  // A wallet that received (or sent) nothing has nothing unattributed in that direction.
  if (!flows.some((f) => valueOf(f).received > 0)) unattributed.received = 0;
  if (!flows.some((f) => valueOf(f).sent > 0)) unattributed.sent = 0;

  const expansionsList = trace?.expansions ?? [];
  return {
    byCategory,
    ...(Object.keys(byClustering).length > 0 ? { byClustering } : {}),
    unattributed,
    attributed: {
      direct: Math.min(1, attributed.direct),
      indirect: Math.min(1, attributed.indirect),
      ...(clusteredShare > 0 ? { byClustering: Math.min(1, clusteredShare) } : {}),
    },
    coverage: {
      depth: trace?.depth ?? 1,
      expanded: expansionsList.filter((e) => e.ok).length,
      failed: expansionsList.filter((e) => !e.ok).length,
      notExpanded: trace?.notExpanded.length ?? 0,
      ...(trace?.beyondFanOut ? { beyondFanOut: trace.beyondFanOut } : {}),
      requests: trace?.requests ?? 0,
      tracedVolumeShare: tracedVolume,
    },
  };
}

/**
 * What the sanctions and intelligence stages found each address to be, direct counterparty or
 * traced: `sanctioned` when it is on the sanctions list in force, `custom-block` when it is on a
 * block list (and on no allow list), and its labels' categories. An allow list clears an address
 * of its labels other than those it never clears, `sanctioned` and `terrorism` (ALWAYS_COUNTED;
 * as for direct counterparties: see customFacts).
 */
export function exposureCategoriesOf(network: Network, s: SanctionsEvidence, intel: IntelligenceEvidence): (address: string) => ExposureCategory[] {
  const { custom } = customFacts(s);
  const key = (a: string) => addressKey(network, a);
  const lists = new Map<string, { allow: boolean; block: boolean }>();
  for (const c of [...custom.counterparties, ...(custom.traced ?? [])]) {
    const k = key(c.address);
    const known = lists.get(k) ?? { allow: false, block: false };
    lists.set(k, { allow: known.allow || c.lists.some((l) => l.kind === 'allow'), block: known.block || c.lists.some((l) => l.kind === 'block') });
  }
  const categories = new Map<string, Set<ExposureCategory>>();
  const add = (address: string, category: ExposureCategory) => {
    const k = key(address);
    const set = categories.get(k) ?? new Set<ExposureCategory>();
    set.add(category);
    categories.set(k, set);
  };
  for (const c of [...s.counterparties, ...(s.traced ?? [])]) add(c.address, 'sanctioned');
  for (const c of [...intel.counterparties, ...(intel.traced ?? [])]) {
    const allowed = lists.get(key(c.address))?.allow ?? false;
    for (const l of c.labels) if (ALWAYS_COUNTED.has(l.category) || !allowed) add(c.address, l.category);
  }
  for (const [k, l] of lists) if (l.block && !l.allow) add(k, 'custom-block');
  return (address) => [...(categories.get(key(address)) ?? [])].sort();
}

/**
 * What an address, the wallet, a direct counterparty or a traced one, is known as by clustering
 * (the labels it takes from its cluster: IntelligenceEvidence.clustering), cleared by an allow list
 * as its own labels would be (the wallet's by a list allowing the wallet). Consulted only for an
 * address with no category of its own (attributeExposure, markedAddresses).
 */
export function clusteredCategoriesOf(
  network: Network,
  s: SanctionsEvidence,
  intel: IntelligenceEvidence,
  wallet?: string,
): (address: string) => ExposureCategory[] {
  const { custom } = customFacts(s);
  const key = (a: string) => addressKey(network, a);
  const allowed = new Set(
    [...custom.counterparties, ...(custom.traced ?? [])].filter((c) => c.lists.some((l) => l.kind === 'allow')).map((c) => key(c.address)),
  );
  const walletKey = wallet === undefined ? null : key(wallet);
  const isAllowed = (k: string) => (k === walletKey ? custom.allowed.length > 0 : allowed.has(k));
  const categories = new Map<string, ExposureCategory[]>();
  for (const m of intel.clustering?.marks ?? []) {
    const k = key(m.address);
    const kept = m.labels.map((l) => l.category).filter((c) => ALWAYS_COUNTED.has(c) || !isAllowed(k));
    if (kept.length > 0) categories.set(k, [...new Set([...(categories.get(k) ?? []), ...kept])].sort());
  }
  return (address) => categories.get(key(address)) ?? [];
}
