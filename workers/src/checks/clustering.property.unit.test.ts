/**
 * Co-spend clustering: which transactions join owners (chain-data/co-spends.ts) and how a label
 * spreads through a cluster (clustering.ts). The property tests generate transactions, CoinJoin-
 * shaped ones among them, and check the clusters against a plain union-find written here over the
 * transactions that may merge: a CoinJoin never merges owners, whatever else the wallet did.
 */
import fc from 'fast-check';
import { coSpendsOf, hasEqualOutputs, type UtxoTransaction } from '../chain-data/co-spends';
import { MAX_CO_SPENDS } from '../chain-data/types';
import { clusterMarks, coSpendAddresses } from './clustering';
import type { AddressLabelFact } from './evidence';

const exchange: AddressLabelFact = {
  category: 'exchange',
  name: 'Kraken',
  source: 'https://example.org/kraken',
  feed: { id: 'graphsense-tagpacks', version: '3' },
};
const mixer: AddressLabelFact = { category: 'mixer', name: 'Helix', source: 'https://example.org/helix' };
const coordinator: AddressLabelFact = { category: 'coinjoin', name: 'Wasabi coordinator', source: 'https://example.org/wasabi' };

const tx = (txid: string, inputs: string[], outputs: Array<[string | null, bigint]>): UtxoTransaction => ({
  txid,
  inputs: inputs.map((address) => ({ address })),
  outputs: outputs.map(([address, value]) => ({ address, value })),
});
const labelsFrom =
  (table: Record<string, AddressLabelFact[]>) =>
  (address: string): AddressLabelFact[] =>
    table[address] ?? [];

describe('co-spends: the transactions that spend several addresses together', () => {
  it('keeps those with two or more input addresses, and counts the CoinJoin-shaped ones (equal outputs) without keeping them', () => {
    const spends = coSpendsOf([
      tx(
        't1',
        ['A', 'B', 'A'],
        [
          ['X', 5n],
          ['B', 3n],
        ],
      ),
      tx('t2', ['C'], [['X', 5n]]),
      tx(
        't3',
        ['D', 'E', 'F'],
        [
          ['P', 100n],
          ['Q', 100n],
          ['R', 100n],
          ['F', 7n],
        ],
      ),
      tx(
        't4',
        ['G', 'H'],
        [
          [null, 1n],
          ['S', 0n],
          ['T', 0n],
        ],
      ),
    ]);
    expect(spends).toEqual({
      transactions: [
        { txid: 't1', inputs: ['A', 'B'], outputs: ['X', 'B'] },
        // Zero-valued outputs (OP_RETURN) are no denomination.
        { txid: 't4', inputs: ['G', 'H'], outputs: ['S', 'T'] },
      ],
      coinJoinShaped: 1,
    });
  });

  it('tells equal outputs apart by value only', () => {
    expect(
      hasEqualOutputs(
        tx(
          't',
          [],
          [
            ['A', 1n],
            ['B', 2n],
          ],
        ),
      ),
    ).toBe(false);
    expect(
      hasEqualOutputs(
        tx(
          't',
          [],
          [
            ['A', 2n],
            [null, 2n],
          ],
        ),
      ),
    ).toBe(true);
  });

  it('keeps at most MAX_CO_SPENDS transactions, the newest (the first given)', () => {
    const many = Array.from({ length: MAX_CO_SPENDS + 5 }, (_, i) => tx(`t${i}`, [`A${i}`, `B${i}`], [['X', BigInt(i + 1)]]));
    const spends = coSpendsOf(many);
    expect(spends.transactions).toHaveLength(MAX_CO_SPENDS);
    expect(spends.transactions[0]!.txid).toBe('t0');
  });
});

describe('clustering: a label on one member marks the others "by clustering"', () => {
  it("marks the wallet and a counterparty with the labels of their clusters' members, naming the member and the transactions", () => {
    const read = [
      coSpendsOf([
        // The wallet W spent together with K, which an exchange's label names: W is likely the exchange's.
        tx('w1', ['W', 'K'], [['Z', 9n]]),
        // A counterparty C sent from two addresses, one labelled mixer: C takes the mixer label by clustering.
        tx(
          'c1',
          ['C', 'M'],
          [
            ['W', 4n],
            ['M', 1n],
          ],
        ),
      ]),
    ];
    const labels = labelsFrom({ K: [exchange], M: [mixer] });
    const result = clusterMarks('bitcoin', read, labels, ['W', 'C', 'Z']);
    expect(result).toEqual({
      transactions: 2,
      coinJoinShaped: 0,
      coordinator: 0,
      clusters: 2,
      marks: [
        { address: 'W', labels: [{ ...exchange, byClustering: { via: 'K', transactions: ['w1'] } }] },
        { address: 'C', labels: [{ ...mixer, byClustering: { via: 'M', transactions: ['c1'] } }] },
      ],
    });
    expect(coSpendAddresses('bitcoin', read)).toEqual(['W', 'K', 'Z', 'C', 'M']);
  });

  it('leaves out a transaction with a CoinJoin coordinator among its addresses, and never spreads coinjoin or frozen labels', () => {
    const read = [
      coSpendsOf([
        tx(
          'cj',
          ['W', 'K'],
          [
            ['COORD', 3n],
            ['P', 50n],
          ],
        ),
        tx('w2', ['W', 'F'], [['P', 9n]]),
      ]),
    ];
    const labels = labelsFrom({ K: [exchange], COORD: [coordinator], F: [{ category: 'frozen', name: 'Frozen by Tether', source: 'x' }, coordinator] });
    const result = clusterMarks('bitcoin', read, labels, ['W']);
    // w2 has a member labelled coinjoin too: a participant's address, so the transaction is left out.
    expect(result).toMatchObject({ transactions: 0, coordinator: 2, clusters: 0, marks: [] });
    const noCoordinator = clusterMarks(
      'bitcoin',
      [coSpendsOf([tx('w2', ['W', 'F'], [['P', 9n]])])],
      labelsFrom({ F: [{ category: 'frozen', name: 'x', source: 'x' }] }),
      ['W'],
    );
    expect(noCoordinator).toMatchObject({ transactions: 1, clusters: 1, marks: [] });
  });

  it('gives no mark of a category the address carries itself, and counts a transaction read twice once', () => {
    const twice = coSpendsOf([tx('t', ['A', 'B'], [['X', 1n]])]);
    const result = clusterMarks('bitcoin', [twice, twice], labelsFrom({ A: [exchange], B: [{ ...exchange, name: 'Other exchange' }] }), ['A', 'B']);
    expect(result).toMatchObject({ transactions: 1, clusters: 1, marks: [] });
  });
});

/** Addresses are drawn from a small pool so that transactions share them. */
const address = fc.constantFrom(...Array.from({ length: 12 }, (_, i) => `addr${i}`));
const utxoTx = fc.record({
  inputs: fc.uniqueArray(address, { minLength: 1, maxLength: 4 }),
  outputs: fc.array(fc.tuple(fc.option(address, { nil: null }), fc.bigInt({ min: 0n, max: 20n })), { minLength: 1, maxLength: 5 }),
  coinJoin: fc.boolean(),
});

/** The clusters a plain union-find makes of `groups`, as sorted lists of sorted members (two or more). */
function naiveClusters(groups: string[][]): string[][] {
  const parent = new Map<string, string>();
  const find = (a: string): string => {
    if (!parent.has(a)) parent.set(a, a);
    const p = parent.get(a)!;
    if (p === a) return a;
    const root = find(p);
    parent.set(a, root);
    return root;
  };
  for (const g of groups) for (const a of g) parent.set(find(a), find(g[0]!));
  const out = new Map<string, string[]>();
  for (const a of parent.keys()) out.set(find(a), [...(out.get(find(a)) ?? []), a]);
  return [...out.values()].filter((c) => c.length > 1).map((c) => c.sort());
}

describe('clustering: a cluster whose labels name different parties', () => {
  const graphsense = (name: string, actor: string, category: AddressLabelFact['category'] = 'exchange'): AddressLabelFact => ({
    category,
    name,
    source: `https://example.org/${actor}`,
    feed: { id: 'graphsense-tagpacks', version: '3' },
    actor,
  });
  const defillama = (name: string, actor: string): AddressLabelFact => ({ ...graphsense(name, actor), feed: { id: 'defillama-cex', version: '1' } });

  it('spreads nothing from it and records it, when one feed names two actors (two exchanges, an exchange and a ransomware group)', () => {
    const read = [coSpendsOf([tx('t1', ['W', 'K'], [['X', 1n]]), tx('t2', ['K', 'B'], [['Y', 2n]]), tx('t3', ['C', 'R'], [['Z', 3n]])])];
    const labels = labelsFrom({
      K: [graphsense('Kraken', 'kraken')],
      B: [graphsense('Binance', 'Binance')],
      R: [graphsense('Ryuk', 'ryuk', 'ransomware')],
      C: [graphsense('Kraken deposit', 'KRAKEN')],
    });
    expect(clusterMarks('bitcoin', read, labels, ['W', 'C'])).toEqual({
      transactions: 3,
      coinJoinShaped: 0,
      coordinator: 0,
      clusters: 2,
      marks: [],
      conflicting: [
        { actors: ['binance', 'kraken'], addresses: 3, transactions: ['t1', 't2'] },
        { actors: ['kraken', 'ryuk'], addresses: 2, transactions: ['t3'] },
      ],
    });
  });

  it('spreads as before when the actors differ only in case, or between feeds (which name one party differently)', () => {
    const read = [coSpendsOf([tx('t1', ['W', 'K', 'B'], [['X', 1n]])])];
    const sameActor = clusterMarks('bitcoin', read, labelsFrom({ K: [graphsense('Kraken', 'kraken')], B: [graphsense('Kraken 2', 'Kraken')] }), ['W']);
    expect(sameActor.conflicting).toBeUndefined();
    expect(sameActor.marks.map((m) => m.address)).toEqual(['W']);
    const twoFeeds = clusterMarks('bitcoin', read, labelsFrom({ K: [graphsense('Binance', 'binance')], B: [defillama('Binance', 'binance-cex')] }), ['W']);
    expect(twoFeeds.conflicting).toBeUndefined();
    expect(twoFeeds.marks).toHaveLength(1);
  });
});

describe('clustering, over generated transactions', () => {
  it('never merges owners through a CoinJoin-shaped transaction: the clusters are those of the other transactions alone', () => {
    fc.assert(
      fc.property(fc.array(utxoTx, { maxLength: 12 }), fc.subarray(Array.from({ length: 12 }, (_, i) => `addr${i}`)), (drawn, labelled) => {
        const txs = drawn.map((d, i) =>
          // A CoinJoin: every participant receives the same denomination.
          d.coinJoin && d.inputs.length >= 2
            ? tx(`t${i}`, d.inputs, [
                ...d.inputs.map((a): [string, bigint] => [`${a}-mix`, 1000n]),
                ...d.outputs.map(([a, v]): [string | null, bigint] => [a, v + 2000n]),
              ])
            : tx(`t${i}`, d.inputs, d.outputs),
        );
        const spends = coSpendsOf(txs);
        const merging = txs.filter((t) => new Set(t.inputs.map((i) => i.address)).size >= 2 && !hasEqualOutputs(t));
        expect(spends.coinJoinShaped).toBe(txs.filter((t) => new Set(t.inputs.map((i) => i.address)).size >= 2 && hasEqualOutputs(t)).length);
        const labels = labelsFrom(Object.fromEntries(labelled.map((a) => [a, [{ ...exchange, name: `Exchange of ${a}` }]])));
        const targets = Array.from({ length: 12 }, (_, i) => `addr${i}`);
        const result = clusterMarks('bitcoin', [spends], labels, targets);
        const clusters = naiveClusters(merging.map((t) => [...new Set(t.inputs.map((i) => i.address!))]));
        expect(result.clusters).toBe(clusters.length);
        const clusterOf = (a: string) => clusters.find((c) => c.includes(a)) ?? [a];
        for (const m of result.marks) {
          // Every mark comes from a labelled member of the same cluster, never from across a CoinJoin.
          for (const l of m.labels) {
            expect(clusterOf(m.address)).toContain(l.byClustering.via);
            expect(l.byClustering.via).not.toBe(m.address);
          }
        }
        // Every unlabelled target in a cluster with a labelled member is marked.
        for (const a of targets) {
          const shouldBeMarked = !labelled.includes(a) && clusterOf(a).some((b) => b !== a && labelled.includes(b));
          expect(result.marks.some((m) => m.address === a)).toBe(shouldBeMarked);
        }
      }),
      { numRuns: 300 },
    );
  });
});
