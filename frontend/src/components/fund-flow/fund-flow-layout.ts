/**
 * Where each address of a fund-flow graph is drawn: the wallet in the centre, each hop on a ring
 * around it, and every address within the angle of the one it is reached through, so the funds of
 * one counterparty fan out together. Each address gets an angle in proportion to the addresses
 * beyond it; a ring is as wide as it must be to keep its addresses apart. Pure.
 */
import type { FundFlow, FundFlowNode } from '@walletscreen/contracts';
import { nodeSize } from './fund-flow-display';

export interface PlacedNode {
  node: FundFlowNode;
  /** Centre of the circle, in pixels from the wallet. */
  x: number;
  y: number;
  /** Circle diameter. */
  size: number;
  /** The address it is drawn beyond (null for the wallet). */
  parent: string | null;
}

/** Room each address needs along its ring (its label is about this wide). */
export const NODE_SPACING = 140;
/** Distance from the wallet to the first ring, and between rings, at least. */
export const RING_GAP = 160;

const byAddress = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function layoutFundFlow(flow: FundFlow): Map<string, PlacedNode> {
  const out = new Map<string, PlacedNode>();
  if (flow.nodes.length === 0) return out;
  const nodes = new Map(flow.nodes.map((n) => [n.address, n]));
  const centre = flow.nodes.find((n) => n.hop === 0) ?? flow.nodes[0]!;

  // The flows between two addresses, whichever way.
  const neighbours = new Map<string, Map<string, number>>();
  for (const e of flow.edges) {
    if (!nodes.has(e.from) || !nodes.has(e.to) || e.from === e.to) continue;
    for (const [a, b] of [
      [e.from, e.to],
      [e.to, e.from],
    ] as const) {
      const m = neighbours.get(a) ?? new Map<string, number>();
      m.set(b, (m.get(b) ?? 0) + e.share);
      neighbours.set(a, m);
    }
  }

  // Each address is drawn beyond the neighbour one hop nearer the wallet it shares the most with (else the nearest one, else the wallet).
  const order = [...flow.nodes].sort((a, b) => a.hop - b.hop || b.share - a.share || byAddress(a.address, b.address));
  const parentOf = new Map<string, string | null>([[centre.address, null]]);
  const children = new Map<string, string[]>();
  for (const n of order) {
    if (n.address === centre.address) continue;
    const candidates = [...(neighbours.get(n.address) ?? new Map<string, number>()).entries()]
      .filter(([a]) => parentOf.has(a) && nodes.get(a)!.hop < n.hop)
      .sort((x, y) => nodes.get(y[0])!.hop - nodes.get(x[0])!.hop || y[1] - x[1] || byAddress(x[0], y[0]));
    const parent = candidates[0]?.[0] ?? centre.address;
    parentOf.set(n.address, parent);
    children.set(parent, [...(children.get(parent) ?? []), n.address]);
  }

  // Leaves beyond each address: the angle it takes.
  const leaves = new Map<string, number>();
  const countLeaves = (a: string): number => {
    const own = children.get(a) ?? [];
    const n = own.length === 0 ? 1 : own.reduce((s, c) => s + countLeaves(c), 0);
    leaves.set(a, n);
    return n;
  };
  countLeaves(centre.address);

  // Angles: each address in the middle of its part of its parent's angle, from the top, clockwise.
  const angle = new Map<string, number>();
  const place = (a: string, from: number, span: number) => {
    const own = children.get(a) ?? [];
    const total = own.reduce((s, c) => s + leaves.get(c)!, 0);
    let start = from;
    for (const c of own) {
      const part = (span * leaves.get(c)!) / total;
      angle.set(c, start + part / 2);
      place(c, start, part);
      start += part;
    }
  };
  place(centre.address, -Math.PI / 2, 2 * Math.PI);

  // One ring per hop: far enough from the ring inside, and wide enough that neighbours on it keep NODE_SPACING apart.
  const ringOf = (n: FundFlowNode) => (n.address === centre.address ? 0 : Math.max(1, n.hop));
  const rings = new Map<number, number[]>();
  for (const n of flow.nodes) if (ringOf(n) > 0) rings.set(ringOf(n), [...(rings.get(ringOf(n)) ?? []), angle.get(n.address)!]);
  const radius = new Map<number, number>([[0, 0]]);
  let inner = 0;
  for (const d of [...rings.keys()].sort((x, y) => x - y)) {
    const angles = rings.get(d)!.sort((x, y) => x - y);
    let gap = 2 * Math.PI;
    for (let i = 0; i < angles.length; i++) {
      const next = i + 1 < angles.length ? angles[i + 1]! : angles[0]! + 2 * Math.PI;
      if (angles.length > 1) gap = Math.min(gap, next - angles[i]!);
    }
    // The chord between two neighbours is 2r·sin(gap/2).
    const needed = angles.length > 1 ? NODE_SPACING / (2 * Math.sin(Math.min(Math.PI, gap) / 2)) : 0;
    inner = Math.ceil(Math.max(inner + RING_GAP, needed));
    radius.set(d, inner);
  }

  for (const n of flow.nodes) {
    const a = n.address;
    const r = radius.get(ringOf(n))!;
    const t = angle.get(a) ?? 0;
    out.set(a, {
      node: n,
      x: Math.round(r * Math.cos(t)),
      y: Math.round(r * Math.sin(t)),
      size: nodeSize(n.share, a === centre.address),
      parent: parentOf.get(a) ?? null,
    });
  }
  return out;
}
