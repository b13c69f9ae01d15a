/**
 * Co-spends on UTXO chains: the transactions that spent coins of two or more addresses together.
 * By the common-input-ownership heuristic (Nakamoto's paper, §10; Meiklejohn et al., "A Fistful of
 * Bitcoins", 2013) one owner signed for every input, so the input addresses are one owner's.
 *
 * The heuristic is false for CoinJoin, whose whole point is that several owners sign one
 * transaction. A CoinJoin shows in its outputs: every participant receives the same denomination
 * (Wasabi, Whirlpool, JoinMarket), so a transaction whose inputs come from two or more addresses
 * and whose outputs include two or more of the same value is taken as CoinJoin-shaped and never
 * used. That also leaves out the rare ordinary payment with two equal outputs: clustering errs on
 * the side of merging less. CoinJoins the shape misses (a coordinator's fee output among unequal
 * outputs) are left out later, by the coordinators' labels (checks/clustering.ts). PayJoin, which
 * looks like an ordinary payment, cannot be told apart: a reason marks by clustering weigh less.
 */
import { MAX_CO_SPENDS, MAX_CO_SPEND_INPUTS, MAX_CO_SPEND_OUTPUTS, type CoSpends } from './types';

export interface UtxoTransaction {
  txid: string;
  inputs: ReadonlyArray<{ address: string | null }>;
  outputs: ReadonlyArray<{ address: string | null; value: bigint }>;
}

const distinct = (addresses: ReadonlyArray<string | null>): string[] => [...new Set(addresses.filter((a): a is string => a !== null))];

/** Two or more outputs of the same (non-zero) value: the equal denominations of a CoinJoin. */
export function hasEqualOutputs(tx: Pick<UtxoTransaction, 'outputs'>): boolean {
  const seen = new Set<bigint>();
  for (const o of tx.outputs) {
    if (o.value <= 0n) continue;
    if (seen.has(o.value)) return true;
    seen.add(o.value);
  }
  return false;
}

/** The co-spends among `txs` (in the order given: newest first), each CoinJoin-shaped one counted and left out. */
export function coSpendsOf(txs: Iterable<UtxoTransaction>): CoSpends {
  const out: CoSpends = { transactions: [], coinJoinShaped: 0 };
  for (const tx of txs) {
    const inputs = distinct(tx.inputs.map((i) => i.address));
    if (inputs.length < 2) continue;
    if (hasEqualOutputs(tx)) {
      out.coinJoinShaped++;
      continue;
    }
    if (out.transactions.length >= MAX_CO_SPENDS) continue;
    out.transactions.push({
      txid: tx.txid,
      inputs: inputs.slice(0, MAX_CO_SPEND_INPUTS),
      outputs: distinct(tx.outputs.map((o) => o.address)).slice(0, MAX_CO_SPEND_OUTPUTS),
    });
  }
  return out;
}
