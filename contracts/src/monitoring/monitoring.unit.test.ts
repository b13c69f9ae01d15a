import fc from 'fast-check';
import { compareVerdicts, nextSlotAfter, type SanctionsHit, type Verdict } from './monitoring';

const hitArb: fc.Arbitrary<SanctionsHit> = fc.record({
  relation: fc.constantFrom('wallet' as const, 'counterparty' as const),
  address: fc.constantFrom('bc1qa', 'bc1qb', 'bc1qc'),
  list: fc.constantFrom('OFAC SDN', 'Internal'),
  source: fc.constantFrom('ofac' as const, 'custom' as const),
  entity: fc.constantFrom('HERON', 'LAZARUS', ''),
  programs: fc.constant([]),
});
const verdictArb: fc.Arbitrary<Verdict> = fc.record({
  score: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  level: fc.constantFrom('Low Risk', 'Medium Risk', 'High Risk', 'Incomplete'),
  status: fc.constantFrom('Compliant', 'Review', 'Non-compliant'),
  sanctionsHits: fc.array(hitArb, { maxLength: 4 }),
});

describe('compareVerdicts', () => {
  const low: Verdict = { score: 10, level: 'Low Risk', status: 'Compliant', sanctionsHits: [] };
  const hit: SanctionsHit = { relation: 'counterparty', address: 'bc1qa', list: 'OFAC SDN', source: 'ofac', entity: 'HERON', programs: ['CYBER2'] };

  it('raises nothing for the same level, status and hits, whatever the score', () =>
    expect(compareVerdicts(low, { ...low, score: 30 })).toEqual({ reasons: [], newHits: [] }));
  it('names a new hit even when the level stays', () =>
    expect(compareVerdicts({ ...low, level: 'High Risk' }, { ...low, level: 'High Risk', sanctionsHits: [hit] })).toEqual({
      reasons: ['new-sanctions-hit'],
      newHits: [hit],
    }));
  it('does not call a hit that went away new', () => expect(compareVerdicts({ ...low, sanctionsHits: [hit] }, low).reasons).toEqual([]));

  it('raises an alert exactly when level, status or the set of hits grew (property)', () =>
    fc.assert(
      fc.property(verdictArb, verdictArb, (before, after) => {
        const { reasons, newHits } = compareVerdicts(before, after);
        expect(reasons.includes('level-changed')).toBe(before.level !== after.level);
        expect(reasons.includes('status-changed')).toBe(before.status !== after.status);
        expect(newHits.every((h) => after.sanctionsHits.includes(h))).toBe(true);
        expect(reasons.includes('new-sanctions-hit')).toBe(newHits.length > 0);
        // Comparing a verdict with itself never alerts.
        expect(compareVerdicts(after, after).reasons).toEqual([]);
      }),
    ));
});

describe('nextSlotAfter', () => {
  it('is the first slot of the series after now (property)', () =>
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 744 }), fc.integer({ min: 0, max: 10_000 * 3_600_000 }), (hours, elapsed) => {
        const slot = '2026-01-01T00:00:00.000Z';
        const now = new Date(Date.parse(slot) + elapsed).toISOString();
        const next = Date.parse(nextSlotAfter(slot, hours, now));
        const step = hours * 3_600_000;
        expect((next - Date.parse(slot)) % step).toBe(0);
        expect(next).toBeGreaterThan(Date.parse(now));
        expect(next - step).toBeLessThanOrEqual(Math.max(Date.parse(now), Date.parse(slot)));
      }),
    ));
});
