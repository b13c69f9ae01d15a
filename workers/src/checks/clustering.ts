/**
 * Co-spend clustering for UTXO chains: addresses spent together as the inputs of one transaction
 * are taken as one owner's (chain-data/co-spends.ts says why, and which transactions are left out
 * by their shape). Pure: a function of the recorded blockchain evidence and the labels read for
 * it, so a replay finds the same clusters.
 *
 * The clusters join the co-spends the check read: the wallet's own transactions and those of every
 * traced address. A transaction with a CoinJoin coordinator among its inputs or outputs (an address
 * labelled `coinjoin`) is left out as well: a coordinator's fee output is how a CoinJoin that hides
 * its equal outputs still shows. A label on one member of a cluster marks the others "by
 * clustering": the wallet, its counterparties and the traced addresses each get the labels of the
 * other members whose categories they do not carry themselves, naming the labelled member (`via`)
 * and the transactions that joined them. Labels that belong to one address rather than to its owner
 * are not spread: `coinjoin` (a participant's or coordinator's address) and `frozen` (an issuer froze
 * that address).
 *
 * Marks by clustering are weaker evidence than a label on the address itself: the heuristic is
 * wrong for CoinJoins its shape test misses and for PayJoin. The risk model weighs them lower
 * (`clustering` of the risk profile, risk-profiles/). A cluster that shows the merge went wrong
 * spreads nothing:
 * when its members' labels from one feed name two or more different actors (two exchanges, an
 * exchange and a ransomware group), separate owners were joined, and the cluster is recorded as
 * conflicting instead (actors are compared within a feed only: feeds name one party differently).
 */
import Graph from 'graphology';
import { connectedComponents } from 'graphology-components';
import type { Network } from '@walletscreen/contracts';
import { addressKey, type TraceEvidence } from '../chain-data/trace';
import type { ChainData, CoSpends } from '../chain-data/types';
import type { AddressLabelFact, ClusteredLabelFact, ClusteringEvidence } from './evidence';
import type { RiskCategory } from './risk-model';

/** Categories a cluster does not spread: they describe one address, not its owner. */
export const NOT_SPREAD: ReadonlySet<RiskCategory> = new Set<RiskCategory>(['coinjoin', 'frozen']);
/** The most labels by clustering an address takes, and the transactions a mark names. */
const MAX_MARKS_PER_ADDRESS = 5;
const MAX_NAMED_TRANSACTIONS = 5;

/** Every co-spend the check read: the wallet's, then each traced address's in the order traced. */
export function coSpendsRead(wallet: ChainData, trace: TraceEvidence | undefined): CoSpends[] {
  return [wallet.coSpends, ...(trace?.expansions ?? []).map((e) => (e.ok ? e.coSpends : undefined))].filter((c): c is CoSpends => c !== undefined);
}

/** The addresses of the co-spends read, inputs and outputs, each once: what the labels lookup must also cover. */
export function coSpendAddresses(network: Network, read: readonly CoSpends[]): string[] {
  const seen = new Map<string, string>();
  for (const c of read)
    for (const t of c.transactions)
      for (const a of [...t.inputs, ...t.outputs]) {
        const k = addressKey(network, a);
        if (!seen.has(k)) seen.set(k, a);
      }
  return [...seen.values()];
}

/**
 * @param read the co-spends the check read (coSpendsRead)
 * @param labelsOf the labels an address carries itself (from the check's labels lookup)
 * @param targets the addresses a mark matters for: the wallet, its counterparties, the traced addresses
 */
export function clusterMarks(
  network: Network,
  read: readonly CoSpends[],
  labelsOf: (address: string) => readonly AddressLabelFact[],
  targets: readonly string[],
): ClusteringEvidence {
  const key = (a: string) => addressKey(network, a);
  const graph = new Graph({ type: 'undirected', multi: false, allowSelfLoops: false });
  const shown = new Map<string, string>();
  const txidsOf = new Map<string, string[]>();
  const seenTx = new Set<string>();
  let transactions = 0;
  let coordinator = 0;
  const coinJoinShaped = read.reduce((n, c) => n + c.coinJoinShaped, 0);
  for (const c of read) {
    for (const t of c.transactions) {
      // The same transaction read from two addresses (the wallet's and a counterparty's) counts once.
      if (seenTx.has(t.txid)) continue;
      seenTx.add(t.txid);
      if ([...t.inputs, ...t.outputs].some((a) => labelsOf(a).some((l) => l.category === 'coinjoin'))) {
        coordinator++;
        continue;
      }
      transactions++;
      const [first, ...rest] = t.inputs.map((a) => {
        const k = key(a);
        if (!shown.has(k)) shown.set(k, a);
        graph.mergeNode(k);
        const txids = txidsOf.get(k) ?? [];
        if (txids.length < MAX_NAMED_TRANSACTIONS) txids.push(t.txid);
        txidsOf.set(k, txids);
        return k;
      });
      for (const k of rest) if (k !== first) graph.mergeEdge(first!, k);
    }
  }

  const targetKeys = new Map<string, string>();
  for (const a of targets) if (!targetKeys.has(key(a))) targetKeys.set(key(a), a);
  const marks: ClusteringEvidence['marks'] = [];
  const conflicting: NonNullable<ClusteringEvidence['conflicting']> = [];
  let clusters = 0;
  for (const component of connectedComponents(graph)) {
    if (component.length < 2) continue;
    clusters++;
    const labelled = component
      .map((k) => ({ address: shown.get(k)!, labels: labelsOf(shown.get(k)!).filter((l) => !NOT_SPREAD.has(l.category)) }))
      .filter((m) => m.labels.length > 0);
    if (labelled.length === 0) continue;
    const joinedBy = [...new Set(component.flatMap((k) => txidsOf.get(k) ?? []))].slice(0, MAX_NAMED_TRANSACTIONS);
    const actors = actorsInConflict(labelled.flatMap((m) => m.labels));
    if (actors.length > 0) {
      conflicting.push({ actors, addresses: component.length, transactions: joinedBy });
      continue;
    }
    for (const k of component) {
      const address = targetKeys.get(k);
      if (address === undefined) continue;
      const own = new Set(labelsOf(address).map((l) => l.category));
      const taken = new Set<RiskCategory>();
      const labels: ClusteredLabelFact[] = [];
      for (const member of labelled) {
        if (key(member.address) === k) continue;
        for (const l of member.labels) {
          if (own.has(l.category) || taken.has(l.category) || labels.length >= MAX_MARKS_PER_ADDRESS) continue;
          taken.add(l.category);
          labels.push({ ...l, byClustering: { via: member.address, transactions: joinedBy } });
        }
      }
      if (labels.length > 0) marks.push({ address, labels });
    }
  }
  return { transactions, coinJoinShaped, coordinator, clusters, marks, ...(conflicting.length > 0 ? { conflicting } : {}) };
}

/** The actors one feed names for a cluster's labels when it names more than one (sorted, each once), else none. */
function actorsInConflict(labels: readonly AddressLabelFact[]): string[] {
  const byFeed = new Map<string, Set<string>>();
  for (const l of labels) {
    const actor = l.actor?.trim().toLowerCase();
    if (!actor) continue;
    const feed = l.feed?.id ?? l.source;
    byFeed.set(feed, (byFeed.get(feed) ?? new Set()).add(actor));
  }
  const named = [...byFeed.values()].filter((actors) => actors.size > 1);
  return [...new Set(named.flatMap((actors) => [...actors]))].sort();
}
