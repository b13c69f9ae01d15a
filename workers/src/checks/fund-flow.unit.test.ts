/**
 * The fund-flow graph: shares computed by hand on the two-hop scenario and on a graph where an
 * address is reached twice, what is left out of the picture and counted, the value of a flow given
 * by `valueOfFlow`; then properties over generated wallets and traces (fast-check): the shares
 * leaving and reaching the wallet add up to at most the whole, every edge joins two nodes, no
 * address is drawn twice, hops are in order, and the order of the flows changes nothing.
 */
import fc from 'fast-check';
import type { TraceEvidence, TraceExpansion } from '../chain-data/trace';
import { chain, evm, expansion, flow, trace as traceOf } from '../../testing/trace-test-data';
import type { ChainData, Counterparty } from '../chain-data/types';
import type { ExposureCategory } from './exposure';
import { buildFundFlow, FUND_FLOW_DIRECT_LIMIT, orderCategories } from './fund-flow';

const trace = (expansions: TraceExpansion[], depth = 2) => traceOf(expansions, depth, 4);

// The two-hop scenario of workers/test-fixtures/chain-data/README.md, in ETH:
//   X ──2──▶ I1 ──3──▶ W ──1──▶ I2 ──0.6──▶ V
//   Y ──6──▶ I1        ▲        I2 ──0.2──▶ Z
//            E ───1────┘
const [W, I1, I2, E, X, Y, V, Z] = [0xaa, 0x11, 0x12, 0xe, 0x5, 0x7, 0x8, 0x3].map(evm) as [string, string, string, string, string, string, string, string];
const wallet = chain(W, [flow(I1, '3', '0'), flow(E, '1', '0'), flow(I2, '0', '1')]);
const scenario = trace([
  expansion(I1, 1, W, [flow(Y, '6', '0'), flow(X, '2', '0'), flow(W, '0', '3')]),
  expansion(I2, 1, W, [flow(W, '1', '0'), flow(V, '0', '0.6'), flow(Z, '0', '0.2')]),
]);
const known: Record<string, ExposureCategory[]> = { [E]: ['exchange'], [X]: ['sanctioned'], [Z]: ['mixer'] };
const categoriesOf = (a: string) => known[a.toLowerCase()] ?? [];
const reasonsOf = (a: string) => (known[a.toLowerCase()] ?? []).map((c) => `Labelled ${c}`);

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;
const shares = (items: ReadonlyArray<{ share: number }>) => items.map((i) => ({ ...i, share: Math.round(i.share * 1e9) / 1e9 }));

describe('the fund-flow graph', () => {
  it('gives each address the share of the wallet’s value that flows through it, hop by hop, and each flow its direction', () => {
    const graph = buildFundFlow({ network: 'ethereum', wallet, trace: scenario, categoriesOf, reasonsOf });
    const node = (address: string, hop: number, share: number, category: string, traced: boolean) => ({
      address,
      hop,
      category,
      categories: category === 'unlabelled' ? [] : [category],
      reasons: category === 'unlabelled' ? [] : [`Labelled ${category}`],
      share,
      traced,
      explorer_url: `https://etherscan.io/address/${address}`,
    });
    // I1 carries 3 of W's 5; of what I1 received from others (8), 2 came from X and 6 from Y: 3/5 × 2/8 = 15 %.
    // I2 carries 1 of 5; of what it paid on (0.8), 0.6 went to V and 0.2 to Z: 1/5 × 0.6/0.8 = 15 %, 1/5 × 0.2/0.8 = 5 %.
    expect(graph).toMatchObject({ network: 'ethereum', depth: 2, omitted: 0 });
    expect(shares(graph.nodes)).toEqual([
      node(W, 0, 1, 'unlabelled', false),
      node(I1, 1, 0.6, 'unlabelled', true),
      node(E, 1, 0.2, 'exchange', false),
      node(I2, 1, 0.2, 'unlabelled', true),
      node(Y, 2, 0.45, 'unlabelled', false),
      node(X, 2, 0.15, 'sanctioned', false),
      node(V, 2, 0.15, 'unlabelled', false),
      node(Z, 2, 0.05, 'mixer', false),
    ]);
    expect(shares(graph.edges)).toEqual([
      { from: I1, to: W, share: 0.6 },
      { from: Y, to: I1, share: 0.45 },
      { from: E, to: W, share: 0.2 },
      { from: W, to: I2, share: 0.2 },
      { from: X, to: I1, share: 0.15 },
      { from: I2, to: V, share: 0.15 },
      { from: I2, to: Z, share: 0.05 },
    ]);
  });

  it('without a trace, draws the wallet and its direct counterparties only', () => {
    const graph = buildFundFlow({ network: 'ethereum', wallet, categoriesOf, reasonsOf });
    expect(graph.depth).toBe(1);
    expect(graph.nodes.map((n) => [n.address, n.hop, n.traced])).toEqual([
      [W, 0, false],
      [I1, 1, false],
      [E, 1, false],
      [I2, 1, false],
    ]);
    expect(graph.edges).toHaveLength(3);
  });

  it('draws an address reached along two paths once, at its fewest hops, with the shares of both paths and of both edges added up', () => {
    // W received 4 from A and 4 from B. A received 1 from B and 3 from C; B received 2 from C and paid 1 to A.
    const [A, B, C] = [evm(0xa), evm(0xb), evm(0xc)];
    const graph = buildFundFlow({
      network: 'ethereum',
      wallet: chain(W, [flow(A, '4', '0'), flow(B, '4', '0')]),
      trace: trace([
        expansion(A, 1, W, [flow(B, '1', '0'), flow(C, '3', '0'), flow(W, '0', '4')]),
        expansion(B, 1, W, [flow(C, '2', '0'), flow(A, '0', '1'), flow(W, '0', '4')]),
      ]),
      categoriesOf: () => [],
      reasonsOf: () => [],
    });
    // A: ½ directly + ½ × 1/3 through B; B: ½ + ½ × 1/4 through A; C: ½ × 3/4 through A + ½ × 2/3 through B.
    expect(graph.nodes.map((n) => [n.address, n.hop, Math.round(n.share * 1e6) / 1e6])).toEqual([
      [W, 0, 1],
      [A, 1, 0.666667],
      [B, 1, 0.625],
      [C, 2, 0.708333],
    ]);
    // A received from B (½ × 1/4) and B paid A (½ × 1/3): one edge B → A.
    expect(graph.edges.find((e) => e.from === B && e.to === A)?.share).toBeCloseTo(1 / 8 + 1 / 6, 12);
    expect(graph.edges).toHaveLength(5);
  });

  it('draws the largest counterparties and every marked one, and counts the others as omitted', () => {
    const graph = buildFundFlow({ network: 'ethereum', wallet, trace: scenario, categoriesOf, reasonsOf, limits: { direct: 1, traced: 1 } });
    // I1 is the largest direct counterparty, E is marked; I2 is left out, and with it V and Z. Of I1's: Y, the largest, and X, marked.
    expect(graph.nodes.map((n) => n.address)).toEqual([W, I1, E, Y, X]);
    expect(graph.omitted).toBe(3);
    expect(graph.edges.every((e) => e.from !== I2 && e.to !== I2)).toBe(true);
  });

  it('stops at a marked address even when the trace read it, and goes no further than the trace’s depth', () => {
    const graph = buildFundFlow({ network: 'ethereum', wallet, trace: scenario, categoriesOf: (a) => (a === I1 ? ['exchange'] : categoriesOf(a)), reasonsOf });
    expect(graph.nodes.map((n) => n.address)).toEqual([W, I1, E, I2, V, Z]);
    // At depth 3, V (reached at hop 2) would be read too; at depth 2 its own counterparties are not drawn even when an expansion exists.
    const deeper = trace([...scenario.expansions, expansion(V, 2, I2, [flow(evm(0x99), '0.6', '0')])], 2);
    expect(buildFundFlow({ network: 'ethereum', wallet, trace: deeper, categoriesOf, reasonsOf }).nodes.some((n) => n.address === evm(0x99))).toBe(false);
    const third = buildFundFlow({ network: 'ethereum', wallet, trace: { ...deeper, depth: 3 }, categoriesOf, reasonsOf });
    expect(third.nodes.find((n) => n.address === evm(0x99))).toMatchObject({ hop: 3, share: expect.closeTo(0.15, 12) });
    expect(third.nodes.find((n) => n.address === V)?.traced).toBe(true);
  });

  it('matches addresses across letter case on EVM networks', () => {
    const upper = `0x${I1.slice(2).toUpperCase()}`;
    const graph = buildFundFlow({ network: 'ethereum', wallet, trace: trace([expansion(upper, 1, W, [flow(X, '1', '0')])]), categoriesOf, reasonsOf });
    expect(graph.nodes.filter((n) => n.address.toLowerCase() === I1)).toHaveLength(1);
    expect(graph.nodes.find((n) => n.address === X)?.share).toBeCloseTo(0.6, 12);
  });

  it('colours a node by its most severe category, and the wallet by its own', () => {
    const graph = buildFundFlow({
      network: 'ethereum',
      wallet,
      categoriesOf: (a) => (a === E ? ['exchange', 'gambling', 'custom-block'] : a === W ? ['scam'] : []),
      reasonsOf,
    });
    expect(graph.nodes.find((n) => n.address === E)).toMatchObject({ category: 'custom-block', categories: ['custom-block', 'gambling', 'exchange'] });
    expect(graph.nodes[0]).toMatchObject({ address: W, hop: 0, share: 1, category: 'scam' });
    expect(orderCategories(['other', 'sanctioned', 'mixer', 'darknet', 'ransomware'])).toEqual(['sanctioned', 'ransomware', 'darknet', 'mixer', 'other']);
  });

  it('values every flow with valueOfFlow: a token-only counterparty counts once tokens are valued, and one worth nothing is drawn only when marked', () => {
    const U = evm(0x77);
    const M = evm(0x78);
    const withTokens = chain(W, [
      flow(I1, '3', '0'),
      flow(U, '0', '0', [{ token: 'USDT', contract: evm(0xdac), received: '3', sent: '0' }]),
      flow(M, '0', '0'),
    ]);
    const native = buildFundFlow({ network: 'ethereum', wallet: withTokens, categoriesOf: (a) => (a === M ? ['mixer'] : []), reasonsOf });
    expect(native.nodes.map((n) => [n.address, n.share])).toEqual([
      [W, 1],
      [I1, 1],
      [M, 0],
    ]);
    expect(native.omitted).toBe(1);
    const priced = buildFundFlow({
      network: 'ethereum',
      wallet: withTokens,
      categoriesOf: () => [],
      reasonsOf,
      valueOfFlow: (f) => ({ received: Number(f.received) + (f.tokens ?? []).reduce((s, t) => s + Number(t.received), 0), sent: Number(f.sent) }),
    });
    expect(priced.nodes.map((n) => [n.address, n.share])).toEqual([
      [W, 1],
      [I1, 0.5],
      [U, 0.5],
    ]);
    expect(priced.edges).toContainEqual({ from: U, to: W, share: 0.5 });
  });
});

describe('the fund-flow graph over generated wallets and traces', () => {
  const categories: readonly ExposureCategory[] = ['sanctioned', 'mixer', 'exchange', 'scam', 'custom-block'];
  const amount = fc.oneof(fc.constant('0'), fc.integer({ min: 1, max: 1_000 }).map(String));
  const flows = (maxId: number, maxLength: number) =>
    fc.array(fc.record({ id: fc.integer({ min: 1, max: maxId }), received: amount, sent: amount }), { maxLength });
  const generated = fc
    .record({
      direct: flows(40, 30),
      // Hop-2 ids overlap the direct ones, so addresses are reached along several paths.
      hop2: fc.array(flows(60, 12), { maxLength: 6 }),
      hop3: fc.array(flows(80, 10), { maxLength: 3 }),
      labels: fc.array(fc.option(fc.constantFrom(...categories), { nil: undefined }), { minLength: 81, maxLength: 81 }),
      depth: fc.constantFrom(1, 2, 3),
    })
    .map((g) => {
      const unique = (fs: Array<{ id: number; received: string; sent: string }>) =>
        [...new Map(fs.map((f) => [f.id, f])).values()].map((f) => flow(evm(f.id), f.received, f.sent));
      const direct = unique(g.direct);
      const hop1 = direct.slice(0, g.hop2.length).map((d, i) => expansion(d.address, 1, W, [...unique(g.hop2[i]!), flow(W, d.sent, d.received)]));
      const reached = [...new Set(hop1.flatMap((e) => (e.ok ? e.counterparties.map((c) => c.address) : [])))].filter(
        (a) => a !== W && !direct.some((d) => d.address === a),
      );
      const hop2 = reached.slice(0, g.hop3.length).map((a, i) => expansion(a, 2, W, unique(g.hop3[i]!)));
      const categoryOf = (a: string): ExposureCategory[] => {
        const c = g.labels[parseInt(a.slice(2), 16)];
        return c ? [c] : [];
      };
      return { wallet: chain(W, direct), trace: g.depth > 1 ? trace([...hop1, ...hop2], g.depth) : undefined, categoryOf };
    });
  const build = (
    g: { wallet: ChainData; trace: TraceEvidence | undefined; categoryOf: (a: string) => ExposureCategory[] },
    limits?: { direct: number; traced: number },
  ) => buildFundFlow({ network: 'ethereum', wallet: g.wallet, trace: g.trace, categoriesOf: g.categoryOf, reasonsOf: () => [], ...(limits ? { limits } : {}) });

  it('splits at most the whole of the wallet’s value between its flows, and all of it when everything is drawn', () => {
    fc.assert(
      fc.property(generated, (g) => {
        const valued = (c: Counterparty) => Number(c.received) + Number(c.sent) > 0;
        for (const graph of [build(g), build(g, { direct: 1000, traced: 1000 })]) {
          const direct = graph.edges.filter((e) => e.from === W || e.to === W).reduce((s, e) => s + e.share, 0);
          expect(direct).toBeLessThanOrEqual(1 + 1e-9);
          for (const n of graph.nodes) expect(n.share).toBeGreaterThanOrEqual(0);
        }
        // Everything drawn: the wallet's flows carry all of its value, and every counterparty worth something, or marked, is a node at hop 1.
        const all = build(g, { direct: 1000, traced: 1000 });
        const direct = all.edges.filter((e) => e.from === W || e.to === W).reduce((s, e) => s + e.share, 0);
        expect(close(direct, g.wallet.counterparties.some(valued) ? 1 : 0)).toBe(true);
        const hop1 = new Map(all.nodes.filter((n) => n.hop === 1).map((n) => [n.address, n]));
        for (const c of g.wallet.counterparties) {
          if (valued(c) || g.categoryOf(c.address).length > 0) expect(hop1.has(c.address)).toBe(true);
          // One worth nothing to the wallet is drawn only when funds reach it along another path.
          else if (hop1.has(c.address)) expect(hop1.get(c.address)!.share).toBeGreaterThan(0);
        }
        for (const address of hop1.keys()) expect(g.wallet.counterparties.some((c) => c.address === address)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('joins only drawn nodes, draws no address twice, and keeps hops in order', () => {
    fc.assert(
      fc.property(generated, (g) => {
        const graph = build(g);
        const addresses = graph.nodes.map((n) => n.address.toLowerCase());
        expect(new Set(addresses).size).toBe(addresses.length);
        const hops = new Map(graph.nodes.map((n) => [n.address, n.hop]));
        const pairs = graph.edges.map((e) => `${e.from}>${e.to}`);
        expect(new Set(pairs).size).toBe(pairs.length);
        for (const e of graph.edges) {
          expect(hops.has(e.from) && hops.has(e.to)).toBe(true);
          expect(e.from).not.toBe(e.to);
          expect(Math.abs(hops.get(e.from)! - hops.get(e.to)!)).toBeLessThanOrEqual(1);
          // No flow carries more than the addresses it joins.
          const share = (a: string) => graph.nodes.find((n) => n.address === a)!.share;
          expect(e.share).toBeLessThanOrEqual(Math.min(share(e.from), share(e.to)) + 1e-9);
        }
        expect(graph.nodes[0]).toMatchObject({ address: W, hop: 0, share: 1 });
        expect(graph.nodes.slice(1).every((n) => n.hop >= 1 && n.hop <= graph.depth)).toBe(true);
        expect(graph.nodes.map((n) => n.hop)).toEqual([...graph.nodes.map((n) => n.hop)].sort((a, b) => a - b));
        // Every marked direct counterparty is drawn, whatever the limit.
        for (const c of g.wallet.counterparties) if (g.categoryOf(c.address).length > 0) expect(hops.get(c.address)).toBe(1);
        expect(graph.nodes.filter((n) => n.hop === 1 && n.categories.length === 0).length).toBeLessThanOrEqual(FUND_FLOW_DIRECT_LIMIT);
      }),
      { numRuns: 300 },
    );
  });

  it('draws the same graph whatever the order of the flows', () => {
    fc.assert(
      fc.property(generated, (g) => {
        const graph = build(g, { direct: 1000, traced: 1000 });
        const reversed = build(
          {
            ...g,
            wallet: { ...g.wallet, counterparties: [...g.wallet.counterparties].reverse() },
            trace: g.trace && {
              ...g.trace,
              expansions: [...g.trace.expansions].reverse().map((e) => (e.ok ? { ...e, counterparties: [...e.counterparties].reverse() } : e)),
            },
          },
          { direct: 1000, traced: 1000 },
        );
        const byAddress = (nodes: typeof graph.nodes) => nodes.map((n) => `${n.address} ${n.hop}`).sort();
        expect(byAddress(reversed.nodes)).toEqual(byAddress(graph.nodes));
        expect(reversed.edges.length).toBe(graph.edges.length);
        for (const n of graph.nodes) expect(close(n.share, reversed.nodes.find((r) => r.address === n.address)!.share)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
