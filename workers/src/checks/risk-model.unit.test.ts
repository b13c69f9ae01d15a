import { assessRisk, RISK_MODEL_VERSION, type RiskInputs } from './risk-model';

const clean: RiskInputs = {
  directSanctionHits: 0,
  sanctionedCounterparties: 0,
  sanctionedVolumeShare: 0,
  ownCategories: [],
  exposure: { exchange: 0.8 },
  abuseReports: 0,
  flags: [],
  blockchainDataAvailable: true,
};

describe('risk model', () => {
  it('scores a wallet with no adverse evidence 0, Low Risk, Compliant', () => {
    expect(assessRisk(clean)).toEqual({ model: RISK_MODEL_VERSION, score: 0, level: 'Low Risk', status: 'Compliant', factors: [] });
  });

  it('makes a direct sanctions hit High, 100, Non-compliant, whatever else', () => {
    const r = assessRisk({ ...clean, directSanctionHits: 1 });
    expect(r).toMatchObject({ score: 100, level: 'High Risk', status: 'Non-compliant' });
    expect(r.factors[0]).toMatchObject({ code: 'sanctions.direct', points: 100 });
  });

  it('puts any sanctioned counterparty at Medium at least, rising with the share of volume', () => {
    const small = assessRisk({ ...clean, sanctionedCounterparties: 1, sanctionedVolumeShare: 0.001 });
    expect(small).toMatchObject({ score: 40, level: 'Medium Risk', status: 'Requires further review' });
    const large = assessRisk({ ...clean, sanctionedCounterparties: 3, sanctionedVolumeShare: 0.8 });
    expect(large).toMatchObject({ score: 76, level: 'High Risk', status: 'Non-compliant' });
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

  it('never clears a wallet whose blockchain data could not be fetched', () => {
    expect(assessRisk({ ...clean, blockchainDataAvailable: false })).toMatchObject({ score: 0, level: 'Low Risk', status: 'Requires further review' });
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
    expect(blocked.level).toBe('Medium Risk');
  });

  it('lets an allow list clear labels, abuse reports and block lists, but never a sanctions hit, exposure or patterns', () => {
    const r = assessRisk({ ...clean, allowLists: ['Reviewed'], customBlockLists: ['Internal'], ownCategories: ['scam', 'sanctioned'], abuseReports: 2, flags: ['fan-in'] });
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
});
