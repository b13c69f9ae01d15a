import { classifyAmlStatus, classifyRiskLabel } from '@walletscreen/contracts';
import { buildReport, explorerLink, walletAge, type ReportInputs } from './report';
import { assessRisk } from './risk-model';
import { writeRuleBasedNarrative } from './rule-based-writer';

const now = '2026-11-22T10:00:00.000Z';
const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const counterparty = (n: number, share: number, sanctioned = false) => ({ address: `0x${String(n).repeat(40).slice(0, 40)}`, share, categories: [], sanctioned });

function inputs(overrides: Partial<ReportInputs> = {}): ReportInputs {
  const base: Omit<ReportInputs, 'assessment' | 'narrative'> = {
    checkId: 'c-1',
    address,
    network: 'ethereum',
    now,
    chain: { available: true, provider: 'blockscout:ethereum', symbol: 'ETH', balance: '1.5', txCount: 42, firstSeen: '2024-07-10T08:00:00.000Z', lastSeen: '2026-11-01T00:00:00.000Z', transactionsExamined: 42, complete: true, counterparties: [counterparty(1, 0.6), counterparty(2, 0.4)] },
    sanctions: { listLoaded: true, listPublishedAt: '2026-11-20', listSha256: 'ab'.repeat(32), direct: [] },
    intelligence: { ownLabels: [], abuseReports: 0, chainabuse: 'Not queried: CHAINABUSE_API_KEY is not set' },
    exposure: { exchange: 0.6 },
    incomingExposure: { exchange: 0.6 },
    flags: [],
    ...overrides,
  };
  const assessment = assessRisk({
    directSanctionHits: base.sanctions.direct.length,
    sanctionedCounterparties: base.chain.available ? base.chain.counterparties.filter((c) => c.sanctioned).length : 0,
    sanctionedVolumeShare: base.chain.available ? base.chain.counterparties.filter((c) => c.sanctioned).reduce((s, c) => s + c.share, 0) : 0,
    ownCategories: base.intelligence.ownLabels.map((l) => l.category),
    exposure: base.exposure,
    abuseReports: base.intelligence.abuseReports,
    flags: base.flags,
    blockchainDataAvailable: base.chain.available,
  });
  const narrative = writeRuleBasedNarrative({
    assessment,
    directSanctions: base.sanctions.direct.length > 0,
    sanctionsListLoaded: base.sanctions.listLoaded,
    blockchainDataAvailable: base.chain.available,
    unavailableSources: base.chain.available ? [] : ['blockscout'],
  });
  return { ...base, assessment, narrative };
}

describe('report', () => {
  it('gives a clean wallet Low Risk, Compliant, Safe address, with the spec lines the report area styles', () => {
    const r = buildReport(inputs());
    expect(r).toMatchObject({ risk_score: 0, risk_level: 'Low Risk', aml_status: 'Compliant', sanctions: 'Safe address', wallet_age: '2 years 4 months', linked_wallets: 2 });
    expect(classifyRiskLabel(r.risk_level).level).toBe('low');
    expect(classifyAmlStatus(r.aml_status).kind).toBe('compliant');
    const lines = r.aml_report.split('\n');
    expect(lines.filter((l) => /^\d\. /.test(l)).map((l) => l.slice(0, 2))).toEqual(['1.', '2.', '3.', '4.', '5.', '6.', '7.']);
    expect(lines).toContain('---');
    expect(lines).toContain('Risk score: 0/100');
    expect(lines).toContain('Risk level: Low Risk');
    expect(r.aml_report).toContain('Sanctions screening against the OFAC SDN list published 2026-11-20');
    expect(r.external_links.explorer).toBe(`https://etherscan.io/address/${address}`);
    expect(r.source_of_funds).toBe('exchange (60%), unlabelled addresses (40%)');
  });

  it('reports a sanctioned address as High, Non-compliant, naming the listing', () => {
    const r = buildReport(inputs({ sanctions: { listLoaded: true, listPublishedAt: '2026-11-20', listSha256: 'cd'.repeat(32), direct: [{ entity: 'EXAMPLE MIXER LTD', programs: ['CYBER2'], list: 'OFAC SDN' }] } }));
    expect(r).toMatchObject({ risk_score: 100, risk_level: 'High Risk', aml_status: 'Non-compliant', sanctions: 'Sanctioned: EXAMPLE MIXER LTD (OFAC SDN: CYBER2)' });
    expect(r.recommendation).toMatch(/Do not transact/);
  });

  it('says plainly what could not be fetched, and does not clear the wallet', () => {
    const r = buildReport(inputs({ chain: { available: false, reason: 'blockscout:ethereum did not answer within 8 s (3 attempts)' } }));
    expect(r.aml_status).toBe('Requires further review');
    expect(r.aml_report).toContain('Blockchain data could not be fetched: blockscout:ethereum did not answer within 8 s (3 attempts)');
    expect(r.linked_wallets).toBe(0);
    expect(r.wallet_age).toBe('Unknown');
    expect(r.recommendation).toMatch(/could not be reached/);
  });

  it('says when no sanctions list is loaded', () => {
    const r = buildReport(inputs({ sanctions: { listLoaded: false, listPublishedAt: null, listSha256: null, direct: [] } }));
    expect(r.sanctions).toBe('Not screened: no sanctions list is loaded');
    expect(r.recommendation).toMatch(/sanctions:sync/);
  });

  it('names the writer, and says why the language model was not used when it fell back', () => {
    const base = inputs();
    expect(buildReport(base).aml_report).not.toContain('language model was not used');
    const r = buildReport({ ...base, narrative: { ...base.narrative, fallbackReason: 'The language model did not answer within 20 s; the rule-based writer was used.' } });
    expect(r.aml_report).toContain('narrative by rule-based');
    expect(r.aml_report).toContain('The language model was not used: The language model did not answer within 20 s; the rule-based writer was used.');
  });

  it('shows indirect exposure to sanctioned counterparties', () => {
    const base = inputs();
    const chain = { ...(base.chain as Extract<ReportInputs['chain'], { available: true }>), counterparties: [counterparty(1, 0.6), counterparty(2, 0.4, true)] };
    const r = buildReport(inputs({ chain }));
    expect(r.sanctions).toBe('Indirect exposure: 1 sanctioned counterparty');
    expect(r.risk_level).toBe('Medium Risk');
  });
});

describe('wallet age and explorer links', () => {
  it.each([
    ['2024-07-10T08:00:00.000Z', '2 years 4 months'],
    ['2025-11-22T09:00:00.000Z', '1 year'],
    ['2026-08-10T00:00:00.000Z', '3 months 12 days'],
    ['2026-11-17T00:00:00.000Z', '5 days'],
    ['2026-11-22T09:00:00.000Z', 'Less than a day'],
    [null, 'No transactions found'],
  ])('first seen %p is %s', (first, age) => {
    expect(walletAge(first, now)).toBe(age);
  });
  it('links each network to its explorer', () => {
    expect(explorerLink('bitcoin', 'bc1qx')).toBe('https://mempool.space/address/bc1qx');
    expect(explorerLink('tron', 'T1')).toBe('https://tronscan.org/#/address/T1');
  });
});
