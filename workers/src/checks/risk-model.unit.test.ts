import { assessRisk, indirectPoints, RISK_MODEL_VERSION, sanctionedExposurePoints, THRESHOLDS, type RiskInputs } from './risk-model';
import { riskModels, riskProfileOf } from './risk-models';

const RISK_MODEL_VERSION_32 = 'walletscreen-risk-3.2.0';
const assessRisk32 = (inputs: RiskInputs) => assessRisk(inputs, riskProfileOf(RISK_MODEL_VERSION_32)!.profile);
const assessRisk33 = (inputs: RiskInputs) => assessRisk(inputs, riskProfileOf('walletscreen-risk-3.3.0')!.profile);

const clean: RiskInputs = {
  directSanctionHits: 0,
  sanctionedCounterparties: 0,
  sanctionedVolumeShare: 0,
  ownCategories: [],
  exposure: { exchange: 0.8 },
  abuseReports: 0,
  flags: [],
  blockchainDataAvailable: true,
  sanctionsListLoaded: true,
};

describe('risk model', () => {
  it('scores a wallet with no adverse evidence 0, Low Risk, Compliant', () => {
    expect(assessRisk(clean)).toEqual({ model: RISK_MODEL_VERSION, score: 0, level: 'Low Risk', status: 'Compliant', factors: [], missing: [] });
  });

  it('makes a direct sanctions hit High, 100, Non-compliant, whatever else', () => {
    const r = assessRisk({ ...clean, directSanctionHits: 1 });
    expect(r).toMatchObject({ score: 100, level: 'High Risk', status: 'Non-compliant' });
    expect(r.factors[0]).toMatchObject({ code: 'sanctions.direct', points: 100 });
  });

  it('puts any direct sanctioned counterparty at Medium at least, and High from 10 % of the volume', () => {
    const small = assessRisk({ ...clean, sanctionedCounterparties: 1, sanctionedVolumeShare: 0.001 });
    expect(small).toMatchObject({ score: 40, level: 'Medium Risk', status: 'Requires further review' });
    expect(small.factors).toEqual([
      { code: 'exposure.sanctioned', points: 40, reason: 'Direct exposure: 1 counterparty on a sanctions list (0.10% of examined volume)' },
    ]);
    expect(assessRisk({ ...clean, sanctionedCounterparties: 1, sanctionedVolumeShare: 0.0999 }).level).toBe('Medium Risk');
    expect(assessRisk({ ...clean, sanctionedCounterparties: 1, sanctionedVolumeShare: 0.1 })).toMatchObject({
      score: 70,
      level: 'High Risk',
      status: 'Non-compliant',
    });
    // The case the issue names: 42 % of the volume with a sanctioned counterparty was 59, Medium.
    expect(assessRisk({ ...clean, sanctionedCounterparties: 1, sanctionedVolumeShare: 0.42 })).toMatchObject({
      score: 78,
      level: 'High Risk',
      status: 'Non-compliant',
    });
    const large = assessRisk({ ...clean, sanctionedCounterparties: 3, sanctionedVolumeShare: 0.8 });
    expect(large).toMatchObject({ score: 89, level: 'High Risk', status: 'Non-compliant' });
    expect(large.factors[0]!.reason).toBe('Direct exposure: 3 counterparties on a sanctions list (80.0% of examined volume)');
  });

  it('weighs direct sanctioned exposure on a documented curve: 40 at any contact, 70 at 10 %, 95 at all of it, never falling', () => {
    expect([0, 0.01, 0.05, 0.1, 0.42, 1].map((s) => sanctionedExposurePoints(s))).toEqual([40, 43, 55, 70, 78, 95]);
    let last = 0;
    for (let share = 0; share <= 1; share += 0.001) {
      const points = sanctionedExposurePoints(share);
      expect(points).toBeGreaterThanOrEqual(last);
      last = points;
    }
    expect(sanctionedExposurePoints(0.1)).toBe(THRESHOLDS.high);
  });

  it('adds exposure, reports and pattern flags, each traced to a factor, capped at 100', () => {
    const r = assessRisk({ ...clean, exposure: { mixer: 0.1, gambling: 0.2 }, abuseReports: 2, flags: ['pass-through', 'fan-out'] });
    expect(r.factors.map((f) => [f.code, f.points])).toEqual([
      ['exposure.mixer', 25],
      ['exposure.gambling', 7],
      ['reports.chainabuse', 20],
      ['pattern.fan-out', 5],
      ['pattern.pass-through', 10],
    ]);
    expect(r.score).toBe(67);
    expect(r.level).toBe('Medium Risk');
    expect(assessRisk({ ...clean, ownCategories: ['mixer'], exposure: { mixer: 0.9 }, abuseReports: 9 }).score).toBe(100);
  });

  it('gives a check without its blockchain data the Incomplete verdict, never Low', () => {
    expect(assessRisk({ ...clean, blockchainDataAvailable: false })).toEqual({
      model: RISK_MODEL_VERSION,
      score: 0,
      level: 'Incomplete',
      status: 'Incomplete — data unavailable',
      factors: [],
      missing: ['blockchain-data'],
    });
  });

  it('gives a check without a sanctions list the Incomplete verdict, naming both when both are missing', () => {
    expect(assessRisk({ ...clean, sanctionsListLoaded: false })).toMatchObject({
      level: 'Incomplete',
      status: 'Incomplete — data unavailable',
      missing: ['sanctions-list'],
    });
    expect(assessRisk({ ...clean, sanctionsListLoaded: false, blockchainDataAvailable: false }).missing).toEqual(['sanctions-list', 'blockchain-data']);
  });

  it('keeps what was found: a Medium finding with missing evidence is Incomplete with its points, a High one stands', () => {
    const medium = assessRisk({ ...clean, blockchainDataAvailable: false, abuseReports: 2, ownCategories: ['gambling'] });
    expect(medium).toMatchObject({ score: 40, level: 'Incomplete', status: 'Incomplete — data unavailable' });
    expect(medium.factors.map((f) => f.code)).toEqual(['label.gambling', 'reports.chainabuse']);
    const high = assessRisk({ ...clean, blockchainDataAvailable: false, directSanctionHits: 1 });
    expect(high).toMatchObject({ score: 100, level: 'High Risk', status: 'Non-compliant', missing: ['blockchain-data'] });
    expect(assessRisk({ ...clean, sanctionsListLoaded: false, customBlockLists: ['Internal'] })).toMatchObject({ level: 'High Risk', status: 'Non-compliant' });
  });

  it('scores a delisted listing as its own evidence, not as a sanctions hit', () => {
    const own = assessRisk({ ...clean, delistedHits: 1 });
    expect(own).toMatchObject({ score: 40, level: 'Medium Risk', status: 'Requires further review' });
    expect(own.factors).toEqual([
      {
        code: 'sanctions.delisted',
        points: 40,
        reason: 'The address was on a sanctions list and has been delisted (1 former listing): not a current sanctions hit',
      },
    ]);
    // A current listing makes the former one moot.
    expect(assessRisk({ ...clean, directSanctionHits: 1, delistedHits: 1 }).factors.map((f) => f.code)).toEqual(['sanctions.direct']);
    const counterparty = assessRisk({ ...clean, delistedCounterparties: 2, delistedVolumeShare: 0.5 });
    expect(counterparty.factors).toEqual([
      {
        code: 'exposure.delisted',
        points: 45,
        reason: 'Direct exposure: 2 counterparties formerly on a sanctions list, since delisted (50.0% of examined volume)',
      },
    ]);
    expect(counterparty.level).toBe('Medium Risk');
    expect(assessRisk({ ...clean, delistedCounterparties: 1, delistedVolumeShare: 0.1 })).toMatchObject({ score: 25, level: 'Low Risk' });
  });

  it('ignores exposure below the noise threshold and is deterministic', () => {
    expect(assessRisk({ ...clean, exposure: { scam: 0.0001 } }).factors).toEqual([]);
    const inputs: RiskInputs = { ...clean, ownCategories: ['scam', 'scam'], flags: ['dusting', 'dusting'] };
    expect(assessRisk(inputs)).toEqual(assessRisk(inputs));
    expect(assessRisk(inputs).score).toBe(69);
  });

  it('makes a wallet on a custom block list High, 100, Non-compliant, naming the list', () => {
    const r = assessRisk({ ...clean, customBlockLists: ['Internal'] });
    expect(r).toMatchObject({ score: 100, level: 'High Risk', status: 'Non-compliant' });
    expect(r.factors).toEqual([{ code: 'custom.block', points: 100, reason: 'The address is on your block list "Internal"' }]);
  });

  it('weighs a counterparty on a custom block list like a sanctioned one', () => {
    const blocked = assessRisk({ ...clean, customBlockedCounterparties: 1, customBlockedVolumeShare: 0.4 });
    const sanctioned = assessRisk({ ...clean, sanctionedCounterparties: 1, sanctionedVolumeShare: 0.4 });
    expect(blocked.score).toBe(sanctioned.score);
    expect(blocked.factors.map((f) => f.code)).toEqual(['exposure.custom-block']);
    expect(blocked.level).toBe('High Risk');
    expect(assessRisk({ ...clean, customBlockedCounterparties: 1, customBlockedVolumeShare: 0.05 }).level).toBe('Medium Risk');
  });

  it('lets an allow list clear labels, abuse reports and block lists, but never a sanctions hit, exposure or patterns', () => {
    const r = assessRisk({
      ...clean,
      allowLists: ['Reviewed'],
      customBlockLists: ['Internal'],
      ownCategories: ['scam', 'sanctioned'],
      abuseReports: 2,
      flags: ['fan-in'],
    });
    expect(r.factors.map((f) => [f.code, f.points])).toEqual([
      ['label.sanctioned', 100],
      ['pattern.fan-in', 5],
      ['custom.allow', 0],
    ]);
    expect(r.factors.at(-1)!.reason).toBe(
      'The address is on your allow list "Reviewed": its block list "Internal", its scam label, 2 abuse reports were not scored; sanctions hits, exposure and patterns still count',
    );
    const listed = assessRisk({ ...clean, allowLists: ['Reviewed'], directSanctionHits: 1 });
    expect(listed).toMatchObject({ score: 100, level: 'High Risk', status: 'Non-compliant' });
    const cleared = assessRisk({ ...clean, allowLists: ['Reviewed'], customBlockLists: ['Internal'] });
    expect(cleared).toMatchObject({ score: 0, level: 'Low Risk', status: 'Compliant' });
  });

  it('scores indirect exposure to sanctioned parties on its own curve: Medium from 10 %, High only near all the volume, halved at 3 hops', () => {
    const sanctioned = (share: number, minHops = 2) => indirectPoints('sanctioned', { share, minHops });
    expect([0.001, 0.05, 0.1, 0.15, 0.55, 1].map((s) => sanctioned(s))).toEqual([10, 23, 35, 37, 55, 75]);
    expect(sanctioned(0.1, 3)).toBe(18);
    expect(indirectPoints('custom-block', { share: 0.1, minHops: 2 })).toBe(35);
    expect(indirectPoints('exchange', { share: 1, minHops: 2 })).toBe(0);
    const withTenPercent = assessRisk({ ...clean, indirectExposure: { sanctioned: { share: 0.1, minHops: 2 } } });
    expect(withTenPercent).toMatchObject({ score: 35, level: 'Medium Risk', status: 'Requires further review' });
    expect(assessRisk({ ...clean, indirectExposure: { sanctioned: { share: 0.0009, minHops: 2 } } }).factors).toEqual([]);
  });

  describe('the categories added in 3.3.0', () => {
    it("weighs the wallet's own label: terrorism, exploit and phishing High; sextortion, frozen and coinjoin Medium; miner nothing", () => {
      const own = (category: RiskInputs['ownCategories'][number]) => assessRisk({ ...clean, ownCategories: [category] });
      expect(own('terrorism')).toMatchObject({ score: 100, level: 'High Risk', status: 'Non-compliant' });
      expect(own('terrorism').factors).toEqual([{ code: 'label.terrorism', points: 100, reason: 'The address is labelled terrorism financing' }]);
      expect(own('exploit')).toMatchObject({ score: 75, level: 'High Risk', status: 'Non-compliant' });
      expect(own('phishing')).toMatchObject({ score: 70, level: 'High Risk', status: 'Non-compliant' });
      expect(own('phishing').factors[0]!.reason).toBe('The address is labelled phishing (a phishing site or wallet drainer)');
      expect(own('sextortion')).toMatchObject({ score: 65, level: 'Medium Risk', status: 'Requires further review' });
      expect(own('frozen')).toMatchObject({ score: 60, level: 'Medium Risk', status: 'Requires further review' });
      expect(own('frozen').factors).toEqual([{ code: 'label.frozen', points: 60, reason: 'The address is frozen by a stablecoin issuer (labelled frozen)' }]);
      expect(own('coinjoin')).toMatchObject({ score: 35, level: 'Medium Risk', status: 'Requires further review' });
      expect(own('coinjoin').factors[0]!.reason).toBe('The address is labelled CoinJoin (a coordinator or fee collector)');
      expect(own('miner')).toMatchObject({ score: 0, level: 'Low Risk', status: 'Compliant', factors: [] });
    });

    it('never lets an allow list clear a terrorism label, as for a sanctioned one; the others it clears', () => {
      const r = assessRisk({ ...clean, allowLists: ['Reviewed'], ownCategories: ['terrorism', 'phishing', 'frozen'] });
      expect(r.factors.map((f) => [f.code, f.points])).toEqual([
        ['label.terrorism', 100],
        ['custom.allow', 0],
      ]);
      expect(r).toMatchObject({ score: 100, level: 'High Risk', status: 'Non-compliant' });
      expect(r.factors.at(-1)!.reason).toContain('its frozen label, its phishing label were not scored');
      // A High verdict on a terrorism label stands with evidence missing.
      expect(assessRisk({ ...clean, blockchainDataAvailable: false, ownCategories: ['terrorism'] })).toMatchObject({
        level: 'High Risk',
        status: 'Non-compliant',
      });
    });

    it('weighs direct exposure to them on their documented floors and per-share weights, and miner exposure not at all', () => {
      const frozen = assessRisk({ ...clean, exposure: { frozen: 0.25 } });
      expect(frozen.factors).toEqual([
        { code: 'exposure.frozen', points: 25, reason: 'Direct exposure: 25.0% of examined volume is with addresses frozen by a stablecoin issuer' },
      ]);
      expect(frozen).toMatchObject({ score: 25, level: 'Low Risk' });
      // Any contact with a terrorism-financing address is Medium, as with a sanctioned counterparty; High from about 54 %.
      expect(assessRisk({ ...clean, exposure: { terrorism: 0.001 } })).toMatchObject({ score: 40, level: 'Medium Risk' });
      expect(assessRisk({ ...clean, exposure: { terrorism: 0.53 } })).toMatchObject({ score: 69, level: 'Medium Risk' });
      expect(assessRisk({ ...clean, exposure: { terrorism: 0.54 } })).toMatchObject({ score: 70, level: 'High Risk' });
      expect(assessRisk({ ...clean, exposure: { terrorism: 0.1 } }).factors[0]!.reason).toBe(
        'Direct exposure: 10.0% of examined volume is with terrorism-financing addresses',
      );
      const points = (exposure: RiskInputs['exposure']) => assessRisk({ ...clean, exposure }).factors.map((f) => [f.code, f.points]);
      expect(points({ exploit: 1, phishing: 0.5, sextortion: 0.5, coinjoin: 0.5 })).toEqual([
        ['exposure.sextortion', 32],
        ['exposure.phishing', 35],
        ['exposure.exploit', 63],
        ['exposure.coinjoin', 23],
      ]);
      expect(points({ miner: 0.9, exchange: 0.1 })).toEqual([]);
    });

    it('weighs indirect exposure to them below direct, halved per further hop, and miner not at all', () => {
      expect(indirectPoints('frozen', { share: 0.2, minHops: 2 })).toBe(10);
      expect(indirectPoints('frozen', { share: 0.2, minHops: 3 })).toBe(5);
      expect(indirectPoints('terrorism', { share: 1, minHops: 2 })).toBe(47);
      expect(indirectPoints('coinjoin', { share: 0.5, minHops: 2 })).toBe(8);
      expect(indirectPoints('miner', { share: 1, minHops: 2 })).toBe(0);
      const r = assessRisk({ ...clean, indirectExposure: { frozen: { share: 0.2, minHops: 2 }, miner: { share: 0.5, minHops: 2 } } });
      expect(r.factors).toEqual([
        {
          code: 'indirect.frozen',
          points: 10,
          reason: 'Indirect exposure: 20.0% of examined volume traces to addresses frozen by a stablecoin issuer through unlabelled intermediaries (2 hops)',
        },
      ]);
    });

    it('keeps 3.2.0 as it was for replay: the registry holds every version, and 3.2.0 gives the new categories nothing', () => {
      expect([...riskModels.keys()].sort()).toEqual(
        [
          'walletscreen-risk-1.0.0',
          'walletscreen-risk-1.1.0',
          'walletscreen-risk-2.0.0',
          'walletscreen-risk-3.0.0',
          'walletscreen-risk-3.1.0',
          RISK_MODEL_VERSION_32,
          'walletscreen-risk-3.3.0',
          RISK_MODEL_VERSION,
        ].sort(),
      );
      expect(RISK_MODEL_VERSION).toBe('walletscreen-risk-3.4.0');
      expect(RISK_MODEL_VERSION_32).toBe('walletscreen-risk-3.2.0');
      const inputs: RiskInputs = {
        ...clean,
        ownCategories: ['terrorism', 'phishing', 'frozen', 'miner'],
        exposure: { frozen: 0.5, coinjoin: 0.5 },
        indirectExposure: { exploit: { share: 0.5, minHops: 2 } },
      };
      expect(assessRisk32(inputs)).toEqual({ model: RISK_MODEL_VERSION_32, score: 0, level: 'Low Risk', status: 'Compliant', factors: [], missing: [] });
      expect(assessRisk(inputs).score).toBe(100);
    });
  });

  describe('marks by clustering (3.4.0)', () => {
    it('counts a label the wallet takes from its cluster at half the points of its own, and never beside the same label of its own', () => {
      const byCluster = assessRisk({ ...clean, ownClusteredCategories: ['mixer', 'exchange'] });
      expect(byCluster.factors).toEqual([
        {
          code: 'cluster.label.mixer',
          points: 40,
          reason: "By clustering: the address was spent together with an address labelled mixer (common-input ownership), so it is likely the same owner's",
        },
      ]);
      expect(byCluster.level).toBe('Medium Risk');
      expect(assessRisk({ ...clean, ownCategories: ['mixer'], ownClusteredCategories: ['mixer'] }).factors.map((f) => f.code)).toEqual(['label.mixer']);
      // An allow list clears it as it clears the label itself; terrorism it never clears.
      const allowed = assessRisk({ ...clean, allowLists: ['reviewed'], ownClusteredCategories: ['mixer', 'terrorism'] });
      expect(allowed.factors.map((f) => [f.code, f.points])).toEqual([
        ['cluster.label.terrorism', 50],
        ['custom.allow', 0],
      ]);
    });

    it('weighs exposure to addresses known by clustering at half of direct exposure at one hop, and of indirect exposure beyond', () => {
      const a = assessRisk({
        ...clean,
        clusteredExposure: { mixer: { share: 0.4, minHops: 1 }, scam: { share: 0.2, minHops: 2 }, exchange: { share: 0.3, minHops: 1 } },
      });
      expect(a.factors).toEqual([
        {
          code: 'cluster.exposure.mixer',
          points: Math.round((20 + 50 * 0.4) / 2),
          reason: 'By clustering: 40.0% of examined volume is with addresses spent together with mixer addresses (common-input ownership)',
        },
        {
          code: 'cluster.exposure.scam',
          points: Math.round(indirectPoints('scam', { share: 0.2, minHops: 2 }) / 2),
          reason: 'By clustering: 20.0% of examined volume traces (2 hops) to addresses spent together with scam addresses (common-input ownership)',
        },
      ]);
      const sanctioned = assessRisk({ ...clean, clusteredExposure: { sanctioned: { share: 0.05, minHops: 1 } } });
      expect(sanctioned.factors[0]).toMatchObject({ code: 'cluster.exposure.sanctioned', points: Math.round(sanctionedExposurePoints(0.05) / 2) });
    });

    it('never scores a mark by clustering above the same evidence on the address itself, over generated shares', () => {
      for (const share of [0.0005, 0.001, 0.01, 0.1, 0.33, 0.5, 0.9, 1]) {
        for (const category of [
          'mixer',
          'darknet',
          'ransomware',
          'scam',
          'theft',
          'terrorism',
          'exploit',
          'phishing',
          'sextortion',
          'frozen',
          'coinjoin',
        ] as const) {
          const direct = assessRisk({ ...clean, exposure: { [category]: share } }).score;
          const clustered = assessRisk({ ...clean, clusteredExposure: { [category]: { share, minHops: 1 } } }).score;
          expect(clustered).toBeLessThanOrEqual(direct);
        }
      }
    });

    it('keeps 3.3.0 as it was for replay: it reads no clustering', () => {
      const inputs: RiskInputs = { ...clean, ownClusteredCategories: ['mixer'], clusteredExposure: { mixer: { share: 0.5, minHops: 1 } } };
      expect(riskModels.get('walletscreen-risk-3.3.0')!.version).toBe('walletscreen-risk-3.3.0');
      expect(assessRisk33(inputs).score).toBe(0);
      expect(assessRisk(inputs).score).toBeGreaterThan(0);
    });
  });
});
