/**
 * Exposure attribution: a hand-computed two-hop example, then properties over generated wallets
 * and traces (fast-check): every share is a fraction, each direction's shares and its
 * unattributed part add up to the whole when every address has at most one category, nothing is
 * indirect without a trace, and the attribution does not depend on the order of the flows.
 */
import fc from 'fast-check';
import type { TraceExpansion } from '../chain-data/trace';
import { chain, evm, expansion, flow, trace as traceOf } from '../../testing/trace-test-data';
import type { ClusteredLabelFact, IntelligenceEvidence, SanctionsEvidence } from './evidence';
import { attributeExposure, clusteredCategoriesOf, type ExposureCategory } from './exposure';
import type { RiskCategory } from './risk-model';

const W = evm(0xaa);
const C = evm(0xc);
const E = evm(0xe);
const M = evm(0x3);
const S = evm(0x5);
const U = evm(0x7);

const trace = (expansions: TraceExpansion[], depth = 2) => traceOf(expansions, depth, 3);

describe('exposure attribution', () => {
  // W received 10 from C (unlabelled) and 10 from E (an exchange), and sent 5 to M (a mixer).
  // C received 30 from S (sanctioned) and 10 from U (unlabelled), and sent 10 to W.
  const wallet = chain(W, [flow(C, '10', '0'), flow(E, '10', '0'), flow(M, '0', '5')]);
  const known: Record<string, ExposureCategory[]> = { [E]: ['exchange'], [M]: ['mixer'], [S]: ['sanctioned'] };
  const categoriesOf = (a: string) => known[a] ?? [];

  it('attributes what came through an intermediary in proportion to what it received, leaving the wallet out', () => {
    const b = attributeExposure('ethereum', wallet, trace([expansion(C, 1, W, [flow(S, '30', '0'), flow(U, '10', '0'), flow(W, '0', '10')])]), categoriesOf);
    expect(b.byCategory.exchange).toEqual({
      received: { direct: 0.5, indirect: 0 },
      sent: { direct: 0, indirect: 0 },
      volume: { direct: 0.4, indirect: 0 },
      minHops: 1,
      minIndirectHops: null,
    });
    expect(b.byCategory.mixer).toEqual({
      received: { direct: 0, indirect: 0 },
      sent: { direct: 1, indirect: 0 },
      volume: { direct: 0.2, indirect: 0 },
      minHops: 1,
      minIndirectHops: null,
    });
    // Half of W's receipts came from C; three quarters of what C received (W's payment left out) came from S.
    expect(b.byCategory.sanctioned).toEqual({
      received: { direct: 0, indirect: 0.375 },
      sent: { direct: 0, indirect: 0 },
      volume: { direct: 0, indirect: 0.3 },
      minHops: 2,
      minIndirectHops: 2,
    });
    // The rest of C's receipts came from U, unlabelled and not traced; C sent nothing onward but to W.
    expect(b.unattributed).toEqual({ received: 0.125, sent: 0 });
    expect(b.coverage).toEqual({ depth: 2, expanded: 1, failed: 0, notExpanded: 0, requests: 3, tracedVolumeShare: 0.4 });
    // Of all value: E's 0.4 and M's 0.2 directly; through C, S's 0.3 of its 0.4 (U's 0.1 stays unlabelled).
    expect(b.attributed!.direct).toBeCloseTo(0.6, 12);
    expect(b.attributed!.indirect).toBeCloseTo(0.3, 12);
  });

  it('counts addresses known only by clustering apart, stops there, and lets a label of their own win', () => {
    // C is unlabelled but spent together with a mixer's address; E is an exchange and, by clustering, a darknet market's.
    const clustered: Record<string, ExposureCategory[]> = { [C]: ['mixer'], [E]: ['darknet'] };
    const b = attributeExposure(
      'ethereum',
      wallet,
      trace([expansion(C, 1, W, [flow(S, '30', '0'), flow(U, '10', '0'), flow(W, '0', '10')])]),
      categoriesOf,
      undefined,
      (a) => clustered[a] ?? [],
    );
    expect(b.byClustering).toEqual({
      mixer: {
        received: { direct: 0.5, indirect: 0 },
        sent: { direct: 0, indirect: 0 },
        volume: { direct: 0.4, indirect: 0 },
        minHops: 1,
        minIndirectHops: null,
      },
    });
    // The path stops at C: S, beyond it, is not reached.
    expect(b.byCategory.sanctioned).toBeUndefined();
    expect(b.byCategory.exchange?.volume.direct).toBeCloseTo(0.4, 12);
    expect(b.attributed).toEqual({ direct: expect.closeTo(0.6, 12), indirect: 0, byClustering: expect.closeTo(0.4, 12) });
    // Without clustering nothing of it appears.
    expect(attributeExposure('ethereum', wallet, undefined, categoriesOf)).not.toHaveProperty('byClustering');
  });

  it('counts an address of several categories once in the attribution coverage', () => {
    const both = (a: string): ExposureCategory[] => (a === E ? ['exchange', 'coinjoin'] : categoriesOf(a));
    const b = attributeExposure('ethereum', wallet, undefined, both);
    expect(b.byCategory.exchange?.volume.direct).toBeCloseTo(0.4, 12);
    expect(b.byCategory.coinjoin?.volume.direct).toBeCloseTo(0.4, 12);
    expect(b.attributed).toEqual({ direct: expect.closeTo(0.6, 12), indirect: 0 });
  });

  it('without a trace, finds direct exposure only and leaves the intermediary unattributed', () => {
    const b = attributeExposure('ethereum', wallet, undefined, categoriesOf);
    expect(b.byCategory.sanctioned).toBeUndefined();
    expect(b.unattributed).toEqual({ received: 0.5, sent: 0 });
    expect(b.coverage).toMatchObject({ depth: 1, expanded: 0, tracedVolumeShare: 0 });
  });

  it('follows a third hop and names the nearest hop of each category', () => {
    // At depth 3, U (reached through C) is expanded too: it received everything from M, a mixer.
    const b = attributeExposure(
      'ethereum',
      wallet,
      trace([expansion(C, 1, W, [flow(S, '30', '0'), flow(U, '10', '0')]), expansion(U, 2, C, [flow(M, '8', '0')])], 3),
      categoriesOf,
    );
    expect(b.byCategory.mixer).toMatchObject({ received: { direct: 0, indirect: 0.125 }, sent: { direct: 1, indirect: 0 }, minHops: 1, minIndirectHops: 3 });
    expect(b.unattributed.received).toBe(0);
  });

  it('matches addresses across letter case on EVM networks', () => {
    const b = attributeExposure('ethereum', wallet, trace([expansion(C.toUpperCase().replace('0X', '0x'), 1, W, [flow(S, '1', '0')])]), categoriesOf);
    expect(b.byCategory.sanctioned?.received.indirect).toBe(0.5);
  });

  it('does not walk back along its own path (a cycle through the wallet)', () => {
    // C's only counterparty is W itself: nothing onward to attribute.
    const b = attributeExposure('ethereum', wallet, trace([expansion(C, 1, W, [flow(W, '0', '10')])]), categoriesOf);
    expect(b.unattributed.received).toBe(0.5);
    expect(b.byCategory.sanctioned).toBeUndefined();
  });
});

describe('exposure attribution over generated wallets and traces', () => {
  const categories: readonly ExposureCategory[] = ['sanctioned', 'mixer', 'exchange', 'scam', 'custom-block'];
  const amount = fc.integer({ min: 0, max: 1_000 }).map(String);
  const generated = fc
    .record({
      direct: fc.array(fc.record({ id: fc.integer({ min: 1, max: 30 }), received: amount, sent: amount }), { maxLength: 8 }),
      hop2: fc.array(fc.array(fc.record({ id: fc.integer({ min: 1, max: 60 }), received: amount, sent: amount }), { maxLength: 6 }), { maxLength: 8 }),
      labels: fc.array(fc.option(fc.constantFrom(...categories), { nil: undefined }), { minLength: 61, maxLength: 61 }),
      traced: fc.boolean(),
    })
    .map((g) => {
      const direct = [...new Map(g.direct.map((d) => [d.id, d])).values()];
      const wallet = chain(
        W,
        direct.map((d) => flow(evm(d.id), d.received, d.sent)),
      );
      const expansions = g.traced
        ? direct.slice(0, g.hop2.length).map((d, i) =>
            expansion(
              evm(d.id),
              1,
              W,
              [...new Map(g.hop2[i]!.map((f) => [f.id, f])).values()].map((f) => flow(evm(100 + f.id), f.received, f.sent)),
            ),
          )
        : [];
      const categoryOf = (a: string): ExposureCategory[] => {
        const n = parseInt(a.slice(2), 16);
        const c = g.labels[n > 100 ? n - 100 : n];
        return c ? [c] : [];
      };
      return { wallet, trace: g.traced ? trace(expansions) : undefined, categoryOf };
    });

  const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

  it('gives fractions whose sum with the unattributed part is the whole, per direction', () => {
    fc.assert(
      fc.property(generated, ({ wallet, trace: t, categoryOf }) => {
        const b = attributeExposure('ethereum', wallet, t, categoryOf);
        const entries = Object.values(b.byCategory);
        for (const e of entries)
          for (const v of [e.received.direct, e.received.indirect, e.sent.direct, e.sent.indirect, e.volume.direct, e.volume.indirect])
            expect(v).toBeGreaterThanOrEqual(0);
        const received = entries.reduce((s, e) => s + e.received.direct + e.received.indirect, 0) + b.unattributed.received;
        const sent = entries.reduce((s, e) => s + e.sent.direct + e.sent.indirect, 0) + b.unattributed.sent;
        const anyIn = wallet.counterparties.some((c) => Number(c.received) > 0);
        const anyOut = wallet.counterparties.some((c) => Number(c.sent) > 0);
        expect(close(received, anyIn ? 1 : 0)).toBe(true);
        expect(close(sent, anyOut ? 1 : 0)).toBe(true);
        expect(b.coverage.tracedVolumeShare).toBeLessThanOrEqual(1 + 1e-9);
        // The attribution coverage is a fraction of all value, never more than the categories' shares of it.
        const volume = entries.reduce((s, e) => s + e.volume.direct + e.volume.indirect, 0);
        const covered = b.attributed!.direct + b.attributed!.indirect;
        expect(covered).toBeGreaterThanOrEqual(0);
        expect(covered).toBeLessThanOrEqual(Math.min(1, volume) + 1e-9);
      }),
      { numRuns: 300 },
    );
  });

  it('finds nothing indirect without a trace, and the same exposure whatever the order of the flows', () => {
    fc.assert(
      fc.property(generated, ({ wallet, trace: t, categoryOf }) => {
        const b = attributeExposure('ethereum', wallet, t, categoryOf);
        if (!t) for (const e of Object.values(b.byCategory)) expect(e.received.indirect + e.sent.indirect + e.volume.indirect).toBe(0);
        const reversed = attributeExposure(
          'ethereum',
          { ...wallet, counterparties: [...wallet.counterparties].reverse() },
          t && { ...t, expansions: [...t.expansions].reverse().map((e) => (e.ok ? { ...e, counterparties: [...e.counterparties].reverse() } : e)) },
          categoryOf,
        );
        for (const [category, e] of Object.entries(b.byCategory)) {
          const r = reversed.byCategory[category as ExposureCategory]!;
          expect(close(e.received.indirect, r.received.indirect) && close(e.sent.direct, r.sent.direct) && e.minHops === r.minHops).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('what an address is known as by clustering', () => {
  const allow = { listId: 'l-allow', name: 'Our customers', kind: 'allow' as const, version: 1 };
  const mark = (address: string, ...categories: RiskCategory[]) => ({
    address,
    labels: categories.map((category): ClusteredLabelFact => ({
      category,
      name: `${category} (test)`,
      source: 'test',
      byClustering: { via: U, transactions: ['t1'] },
    })),
  });
  const intel = {
    labelsVersion: 'v',
    own: [],
    counterparties: [],
    chainabuse: { status: 'not-configured', reason: '' },
    chainabuseSummary: '',
    clustering: { transactions: 1, coinJoinsSkipped: 0, marks: [mark(W, 'ransomware', 'terrorism'), mark(C, 'mixer'), mark(E, 'scam'), mark(E, 'darknet')] },
  } as unknown as IntelligenceEvidence;
  const sanctions = (walletAllowed: boolean): SanctionsEvidence => ({
    listLoaded: true,
    list: null,
    direct: [],
    counterparties: [],
    customLists: { consulted: [], blocked: [], allowed: walletAllowed ? [allow] : [], counterparties: [{ address: C, lists: [allow] }] },
  });

  it("clears the wallet's by a list allowing the wallet, and a counterparty's by a list allowing it, never terrorism or a sanctions hit", () => {
    const open = clusteredCategoriesOf('ethereum', sanctions(false), intel, W);
    expect(open(W)).toEqual(['ransomware', 'terrorism']);
    expect(open(C)).toEqual([]);
    expect(open(E.toUpperCase().replace('0X', '0x'))).toEqual(['darknet', 'scam']);
    const allowed = clusteredCategoriesOf('ethereum', sanctions(true), intel, W);
    expect(allowed(W)).toEqual(['terrorism']);
    expect(allowed(E)).toEqual(['darknet', 'scam']);
  });
});
