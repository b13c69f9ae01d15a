import fc from 'fast-check';
import type { FundFlow, FundFlowNode } from '@walletscreen/contracts';
import { A, scenarioFlow } from '../../test/fund-flow-fixture';
import { layoutFundFlow, NODE_SPACING, RING_GAP } from './fund-flow-layout';

const radius = (p: { x: number; y: number }) => Math.hypot(p.x, p.y);
const angle = (p: { x: number; y: number }) => Math.atan2(p.y, p.x);
const apart = (a: number, b: number) => {
  const d = Math.abs(a - b) % (2 * Math.PI);
  return Math.min(d, 2 * Math.PI - d);
};

describe('the fund-flow layout', () => {
  it('puts the wallet in the centre, each hop on its own ring, and what came through a counterparty beside it', () => {
    const placed = layoutFundFlow(scenarioFlow);
    expect(placed.size).toBe(scenarioFlow.nodes.length);
    expect(placed.get(A.wallet)).toMatchObject({ x: 0, y: 0, parent: null });
    const ring1 = [A.i1, A.e, A.i2].map((a) => radius(placed.get(a)!));
    const ring2 = [A.x, A.y, A.v, A.z].map((a) => radius(placed.get(a)!));
    for (const r of ring1) expect(r).toBeCloseTo(ring1[0]!, 0);
    for (const r of ring2) expect(r).toBeCloseTo(ring2[0]!, 0);
    expect(ring1[0]).toBeGreaterThanOrEqual(RING_GAP - 1);
    expect(ring2[0]! - ring1[0]!).toBeGreaterThanOrEqual(RING_GAP - 1);
    // X and Y are drawn beyond I1, V and Z beyond I2: each nearer, in angle, to its own intermediary than to the other.
    for (const [child, own, other] of [
      [A.x, A.i1, A.i2],
      [A.y, A.i1, A.i2],
      [A.v, A.i2, A.i1],
      [A.z, A.i2, A.i1],
    ] as const) {
      expect(placed.get(child)!.parent).toBe(own);
      expect(apart(angle(placed.get(child)!), angle(placed.get(own)!))).toBeLessThan(apart(angle(placed.get(child)!), angle(placed.get(other)!)));
    }
    // Larger shares, larger circles; the wallet the largest.
    expect(placed.get(A.i1)!.size).toBeGreaterThan(placed.get(A.e)!.size);
    expect(placed.get(A.wallet)!.size).toBeGreaterThanOrEqual(placed.get(A.i1)!.size);
  });

  it('keeps every address apart however many there are', () => {
    const address = (i: number) => `addr-${i}`;
    const node = (i: number, hop: number, share: number): FundFlowNode => ({
      address: address(i),
      hop,
      category: 'unlabelled',
      categories: [],
      reasons: [],
      share,
      traced: false,
      explorer_url: '',
    });
    const graphs = fc
      .record({
        direct: fc.integer({ min: 1, max: 40 }),
        beyond: fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 10 }),
        third: fc.integer({ min: 0, max: 8 }),
      })
      .map(({ direct, beyond, third }): FundFlow => {
        const nodes = [node(0, 0, 1), ...Array.from({ length: direct }, (_, i) => node(i + 1, 1, 1 / direct))];
        const edges = nodes.slice(1).map((n) => ({ from: n.address, to: address(0), share: n.share }));
        let next = direct + 1;
        beyond.forEach((count, i) => {
          const parent = address((i % direct) + 1);
          for (let k = 0; k < count; k++, next++) {
            nodes.push(node(next, 2, 0.01));
            edges.push({ from: address(next), to: parent, share: 0.01 });
          }
        });
        const hop2 = nodes.filter((n) => n.hop === 2);
        for (let k = 0; k < third && hop2.length > 0; k++, next++) {
          nodes.push(node(next, 3, 0.001));
          edges.push({ from: hop2[k % hop2.length]!.address, to: address(next), share: 0.001 });
        }
        return { network: 'bitcoin', depth: 3, nodes, edges, omitted: 0 };
      });
    fc.assert(
      fc.property(graphs, (flow) => {
        const placed = [...layoutFundFlow(flow).values()];
        expect(placed).toHaveLength(flow.nodes.length);
        let nearest = Infinity;
        for (let i = 0; i < placed.length; i++) {
          for (let j = i + 1; j < placed.length; j++) nearest = Math.min(nearest, Math.hypot(placed[i]!.x - placed[j]!.x, placed[i]!.y - placed[j]!.y));
        }
        // On one ring, neighbours keep NODE_SPACING apart (less the rounding to whole pixels); rings keep RING_GAP.
        expect(nearest).toBeGreaterThanOrEqual(Math.min(NODE_SPACING, RING_GAP) - 2);
        const byHop = (hop: number) => placed.filter((p) => p.node.hop === hop).map(radius);
        for (const hop of [1, 2])
          if (byHop(hop + 1).length > 0 && byHop(hop).length > 0) expect(Math.min(...byHop(hop + 1))).toBeGreaterThan(Math.max(...byHop(hop)));
      }),
      { numRuns: 100 },
    );
  });
});
