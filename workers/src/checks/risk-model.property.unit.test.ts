/**
 * Properties of the risk model over generated evidence (fast-check): the verdict is bounded,
 * explained and deterministic; missing evidence never yields a clean verdict; more adverse evidence
 * never lowers a score or a level, in every version; direct sanctioned exposure of 10 % or more is
 * always High.
 */
import fc from 'fast-check';
import {
  ALWAYS_COUNTED,
  assessRisk,
  indirectPoints,
  riskCategories,
  sanctionedExposurePoints,
  CURRENT_RISK_PROFILE,
  THRESHOLDS,
  type ExposureCategory,
  type PatternFlag,
  type RiskInputs,
} from './risk-model';
import { riskModels } from './risk-models';

/** The current profile's weights. */
const current = { ...CURRENT_RISK_PROFILE, indirect: CURRENT_RISK_PROFILE.indirect! };

const flags: PatternFlag[] = ['pass-through', 'fan-in', 'fan-out', 'dusting', 'new-wallet-large-volume', 'mixer-interaction'];
const share = fc.double({ min: 0, max: 1, noNaN: true });
const count = fc.integer({ min: 0, max: 5 });

const inputs: fc.Arbitrary<RiskInputs> = fc.record({
  directSanctionHits: fc.oneof(fc.constant(0), count),
  delistedHits: fc.oneof(fc.constant(0), count),
  sanctionedCounterparties: fc.oneof(fc.constant(0), count),
  sanctionedVolumeShare: share,
  delistedCounterparties: fc.oneof(fc.constant(0), count),
  delistedVolumeShare: share,
  ownCategories: fc.subarray([...riskCategories]),
  exposure: fc.dictionary(fc.constantFrom(...riskCategories), share),
  abuseReports: fc.oneof(fc.constant(0), count),
  flags: fc.subarray(flags),
  blockchainDataAvailable: fc.boolean(),
  sanctionsListLoaded: fc.boolean(),
  customBlockLists: fc.subarray(['Internal', 'Partner']),
  customBlockedCounterparties: fc.oneof(fc.constant(0), count),
  customBlockedVolumeShare: share,
  allowLists: fc.subarray(['Reviewed']),
  indirectExposure: fc.dictionary(
    fc.constantFrom<ExposureCategory>(...riskCategories, 'custom-block'),
    fc.record({ share, minHops: fc.integer({ min: 2, max: 3 }) }),
  ),
});

const order = { 'Low Risk': 0, 'Medium Risk': 1, 'High Risk': 2 } as const;

describe('the risk model, over generated evidence', () => {
  it('gives a whole score from 0 to 100, explained by its factors, with the level and status its thresholds say', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const r = assessRisk(i);
        expect(Number.isInteger(r.score)).toBe(true);
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.score).toBeLessThanOrEqual(100);
        const sum = Math.min(
          100,
          r.factors.reduce((s, f) => s + f.points, 0),
        );
        const direct = i.directSanctionHits > 0 || ((i.customBlockLists ?? []).length > 0 && (i.allowLists ?? []).length === 0);
        expect(r.score).toBe(direct ? 100 : sum);
        for (const f of r.factors) expect(f.reason.length).toBeGreaterThan(0);
        if (r.level === 'Incomplete') return;
        const expected = direct || r.score >= THRESHOLDS.high ? 'High Risk' : r.score >= THRESHOLDS.medium ? 'Medium Risk' : 'Low Risk';
        expect(r.level).toBe(expected);
        expect(r.status).toBe({ 'Low Risk': 'Compliant', 'Medium Risk': 'Requires further review', 'High Risk': 'Non-compliant' }[r.level]);
      }),
    );
  });

  it('never gives a Low or Medium verdict, nor Compliant, without the sanctions list or the blockchain data', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const r = assessRisk(i);
        const missing = !i.blockchainDataAvailable || !i.sanctionsListLoaded;
        expect(r.missing!.length > 0).toBe(missing);
        if (missing) {
          expect(['High Risk', 'Incomplete']).toContain(r.level);
          expect(r.status).not.toBe('Compliant');
          expect(r.status).not.toBe('Requires further review');
        } else {
          expect(r.level).not.toBe('Incomplete');
        }
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(fc.property(inputs, (i) => expect(assessRisk(structuredClone(i))).toEqual(assessRisk(i))));
  });

  it.each([...riskModels.values()].map((m) => [m.version, m.profile] as const))(
    'never lowers a score or a level when more adverse evidence is found (%s)',
    (_version, profile) => {
      const more = fc.record({
        hits: count,
        counterparties: count,
        share,
        reports: count,
        flag: fc.constantFrom(...flags),
        category: fc.constantFrom(...riskCategories),
        exposure: share,
      });
      fc.assert(
        fc.property(inputs, more, (i, m) => {
          const before = assessRisk(i, profile);
          const variants: RiskInputs[] = [
            { ...i, directSanctionHits: i.directSanctionHits + m.hits },
            {
              ...i,
              sanctionedCounterparties: i.sanctionedCounterparties + m.counterparties + 1,
              sanctionedVolumeShare: Math.max(i.sanctionedVolumeShare, m.share),
            },
            { ...i, abuseReports: i.abuseReports + m.reports },
            { ...i, flags: [...i.flags, m.flag] },
            { ...i, ownCategories: [...i.ownCategories, m.category] },
            { ...i, exposure: { ...i.exposure, [m.category]: Math.max(i.exposure[m.category] ?? 0, m.exposure) } },
            { ...i, delistedCounterparties: (i.delistedCounterparties ?? 0) + 1, delistedVolumeShare: Math.max(i.delistedVolumeShare ?? 0, m.share) },
          ];
          for (const v of variants) {
            const after = assessRisk(v, profile);
            expect(after.score).toBeGreaterThanOrEqual(before.score);
            if (before.level !== 'Incomplete' && after.level !== 'Incomplete') expect(order[after.level]).toBeGreaterThanOrEqual(order[before.level]);
          }
        }),
      );
    },
  );

  it('makes direct exposure of 10 % or more of the volume to sanctioned counterparties High, and any such exposure at least Medium', () => {
    fc.assert(
      fc.property(inputs, share, (i, s) => {
        const r = assessRisk({
          ...i,
          sanctionedCounterparties: Math.max(1, i.sanctionedCounterparties),
          sanctionedVolumeShare: s,
          blockchainDataAvailable: true,
          sanctionsListLoaded: true,
        });
        expect(r.level).not.toBe('Low Risk');
        if (s >= 0.1) expect(r.level).toBe('High Risk');
      }),
    );
  });

  it('weighs sanctioned exposure on a curve that never falls, from 40 to 95', () => {
    fc.assert(
      fc.property(share, share, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(sanctionedExposurePoints(lo)).toBeLessThanOrEqual(sanctionedExposurePoints(hi));
        expect(sanctionedExposurePoints(lo)).toBeGreaterThanOrEqual(40);
        expect(sanctionedExposurePoints(hi)).toBeLessThanOrEqual(95);
      }),
    );
  });

  it('weighs indirect exposure below direct exposure of the same category and share, and less for each further hop', () => {
    const direct = (category: ExposureCategory, s: number) => {
      if (category === 'sanctioned' || category === 'custom-block') return sanctionedExposurePoints(s);
      const w = current.exposure[category];
      return w ? Math.round(w.floor + w.perShare * s) : 0;
    };
    fc.assert(
      fc.property(fc.constantFrom<ExposureCategory>(...riskCategories, 'custom-block'), share, (category, s) => {
        const two = indirectPoints(category, { share: s, minHops: 2 });
        const three = indirectPoints(category, { share: s, minHops: 3 });
        if (category === 'sanctioned' || category === 'custom-block' || current.indirect.weights[category]) expect(two).toBeLessThan(direct(category, s));
        else expect(two).toBe(0);
        expect(three).toBeLessThanOrEqual(two);
        expect(indirectPoints(category, { share: Math.min(1, s + 0.1), minHops: 2 })).toBeGreaterThanOrEqual(two);
      }),
      { numRuns: 500 },
    );
  });

  it('holds indirect below direct for every weighted category, the ones added in 3.3.0 included, over generated shares', () => {
    const weighted = Object.keys(current.indirect.weights) as ExposureCategory[];
    // Every risk category but the services and miner has an indirect weight, and a direct one above it.
    expect([...weighted].sort()).toEqual(riskCategories.filter((c) => !['sanctioned', 'exchange', 'defi', 'bridge', 'other', 'miner'].includes(c)).sort());
    for (const category of ['terrorism', 'exploit', 'phishing', 'sextortion', 'frozen', 'coinjoin'] as const) {
      expect(current.exposure[category]).toBeDefined();
      expect(current.own[category]).toBeGreaterThan(0);
    }
    expect(current.own.miner ?? 0).toBe(0);
    fc.assert(
      fc.property(fc.constantFrom(...weighted), share, (category, s) => {
        const w = current.exposure[category as keyof typeof current.exposure]!;
        expect(indirectPoints(category, { share: s, minHops: 2 })).toBeLessThan(Math.round(w.floor + w.perShare * s));
      }),
      { numRuns: 1000 },
    );
  });

  it('never lets an allow list clear a sanctioned or terrorism label of the wallet', () => {
    fc.assert(
      fc.property(inputs, fc.constantFrom(...ALWAYS_COUNTED), (i, category) => {
        const r = assessRisk({ ...i, allowLists: ['Reviewed'], ownCategories: [...i.ownCategories, category] });
        expect(r.factors.some((f) => f.code === `label.${category}`)).toBe(true);
        expect(r.level).toBe('High Risk');
      }),
    );
  });

  it('scores indirect exposure as its own factor from the minimum share, and not below it', () => {
    fc.assert(
      fc.property(
        inputs,
        fc.constantFrom<ExposureCategory>('sanctioned', 'mixer', 'custom-block', 'terrorism', 'frozen', 'coinjoin'),
        share,
        (i, category, s) => {
          const r = assessRisk({ ...i, indirectExposure: { [category]: { share: s, minHops: 2 } } });
          const factor = r.factors.find((f) => f.code === `indirect.${category}`);
          if (s >= current.indirect.minShare) expect(factor?.points).toBe(indirectPoints(category, { share: s, minHops: 2 }));
          else expect(factor).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });
});
