import { classifyAmlStatus, classifyRiskLabel } from '@walletscreen/contracts';
import { buildReport, explorerLink, walletAge, type ReportCounterparty, type ReportInputs } from './report';
import { assessRisk, type RiskInputs } from './risk-model';
import { writeRuleBasedNarrative } from './rule-based-writer';

const now = '2026-11-22T10:00:00.000Z';
const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const counterparty = (n: number, share: number, sanctioned = false) => ({
  address: `0x${String(n).repeat(40).slice(0, 40)}`,
  share,
  categories: [],
  sanctioned,
});

function inputs(overrides: Partial<ReportInputs> = {}): ReportInputs {
  const base: Omit<ReportInputs, 'assessment' | 'narrative'> = {
    checkId: 'c-1',
    address,
    network: 'ethereum',
    now,
    chain: {
      available: true,
      provider: 'blockscout:ethereum',
      symbol: 'ETH',
      balance: '1.5',
      txCount: 42,
      firstSeen: '2024-07-10T08:00:00.000Z',
      lastSeen: '2026-11-01T00:00:00.000Z',
      transactionsExamined: 42,
      complete: true,
      counterparties: [counterparty(1, 0.6), counterparty(2, 0.4)],
    },
    sanctions: { listLoaded: true, listPublishedAt: '2026-11-20', listSha256: 'ab'.repeat(32), direct: [] },
    intelligence: { ownLabels: [], abuseReports: 0, chainabuse: 'Not queried: Chainabuse is not set up on this installation' },
    exposure: { exchange: 0.6 },
    incomingExposure: { exchange: 0.6 },
    flags: [],
    ...overrides,
  };
  const assessment = assessRisk(riskInputsOf(base));
  const narrative = writeRuleBasedNarrative({
    assessment,
    directSanctions: base.sanctions.direct.length > 0,
    sanctionsListLoaded: base.sanctions.listLoaded,
    blockchainDataAvailable: base.chain.available,
    unavailableSources: base.chain.available ? [] : ['blockscout'],
  });
  return { ...base, assessment, narrative };
}

function riskInputsOf(base: Omit<ReportInputs, 'assessment' | 'narrative'>): RiskInputs {
  return {
    directSanctionHits: base.sanctions.direct.length,
    sanctionedCounterparties: base.chain.available ? base.chain.counterparties.filter((c) => c.sanctioned).length : 0,
    sanctionedVolumeShare: base.chain.available ? base.chain.counterparties.filter((c) => c.sanctioned).reduce((s, c) => s + c.share, 0) : 0,
    ownCategories: base.intelligence.ownLabels.map((l) => l.category),
    exposure: base.exposure,
    abuseReports: base.intelligence.abuseReports,
    flags: base.flags,
    blockchainDataAvailable: base.chain.available,
    sanctionsListLoaded: base.sanctions.listLoaded,
  };
}

describe('report', () => {
  it('gives a clean wallet Low Risk, Compliant, Safe address, with the spec lines the report area styles', () => {
    const r = buildReport(inputs());
    expect(r).toMatchObject({
      risk_score: 0,
      risk_level: 'Low Risk',
      aml_status: 'Compliant',
      sanctions: 'Safe address',
      wallet_age: '2 years 4 months',
      linked_wallets: 2,
    });
    expect(classifyRiskLabel(r.risk_level).level).toBe('low');
    expect(classifyAmlStatus(r.aml_status).kind).toBe('compliant');
    const lines = r.aml_report.split('\n');
    expect(lines.filter((l) => /^\d\. /.test(l)).map((l) => l.slice(0, 2))).toEqual(['1.', '2.', '3.', '4.', '5.', '6.', '7.']);
    expect(lines).toContain('---');
    expect(lines).toContain('Risk score: 0/100');
    expect(lines).toContain('Risk level: Low Risk');
    expect(r.aml_report).toContain('Sanctions screening against the OFAC SDN list published 2026-11-20');
    expect(r.external_links.explorer).toBe(`https://etherscan.io/address/${address}`);
    expect(r.source_of_funds).toBe('Of the value received: exchange (60%), unlabelled addresses (40%)');
  });

  it('reports a sanctioned address as High, Non-compliant, naming the listing', () => {
    const r = buildReport(
      inputs({
        sanctions: {
          listLoaded: true,
          listPublishedAt: '2026-11-20',
          listSha256: 'cd'.repeat(32),
          direct: [{ entity: 'EXAMPLE MIXER LTD', programs: ['CYBER2'], list: 'OFAC SDN' }],
        },
      }),
    );
    expect(r).toMatchObject({
      risk_score: 100,
      risk_level: 'High Risk',
      aml_status: 'Non-compliant',
      sanctions: 'Sanctioned: EXAMPLE MIXER LTD (OFAC SDN: CYBER2)',
    });
    expect(r.recommendation).toMatch(/Do not transact/);
  });

  it('gives a check without blockchain data the Incomplete verdict: what is missing, run it again, never clean', () => {
    const r = buildReport(
      inputs({ chain: { available: false, reason: 'Ethereum data could not be fetched: blockscout:ethereum did not answer within 8 s (3 attempts)' } }),
    );
    expect(r).toMatchObject({ risk_level: 'Incomplete', aml_status: 'Incomplete — data unavailable', linked_wallets: 0, wallet_age: 'Unknown' });
    expect(classifyRiskLabel(r.risk_level).level).toBe('incomplete');
    expect(classifyAmlStatus(r.aml_status).kind).toBe('incomplete');
    expect(r.missing_evidence).toEqual([
      'Blockchain data: Ethereum data could not be fetched: blockscout:ethereum did not answer within 8 s (3 attempts). Without it the counterparties, exposure and transaction patterns are unknown.',
    ]);
    expect(r.sanctions).toBe('No match for the address itself; its counterparties could not be screened (blockchain data unavailable)');
    const lines = r.aml_report.split('\n');
    expect(lines[0]).toMatch(/^Incomplete — data unavailable: this check lacks evidence it needs to clear the address/);
    expect(lines).toContain('Risk score: not given, the check is incomplete (nothing adverse was found in what could be checked)');
    expect(lines).toContain('Risk level: Incomplete');
    expect(lines).toContain('AML status: Incomplete — data unavailable');
    expect(r.aml_report).not.toMatch(/0\/100|Safe address|Low Risk|Compliant\b/);
    expect(r.recommendation).toMatch(/Do not treat this address as cleared/);
    expect(r.recommendation).toMatch(/run the check again/);
  });

  it('carries the fund-flow graph it is given, and none without blockchain data', () => {
    const graph = {
      network: 'ethereum',
      depth: 1,
      nodes: [
        { address, hop: 0, category: 'unlabelled', categories: [], reasons: [], share: 1, traced: false, explorer_url: explorerLink('ethereum', address) },
      ],
      edges: [],
      omitted: 0,
    };
    expect(buildReport(inputs({ fundFlow: graph })).fund_flow).toEqual(graph);
    expect(buildReport(inputs()).fund_flow).toBeNull();
    expect(buildReport(inputs({ fundFlow: graph, chain: { available: false, reason: 'blockscout:ethereum did not answer' } })).fund_flow).toBeNull();
  });

  it('says which clusters passed no label on, because their labels name different parties', () => {
    const intelligence = { ownLabels: [], abuseReports: 0, chainabuse: 'Not queried' };
    const r = buildReport(inputs({ intelligence: { ...intelligence, clustersNotSpread: [{ actors: ['binance', 'kraken'], addresses: 3 }] } }));
    expect(r.aml_report).toContain(
      'Clustering not applied to 1 cluster (3 addresses whose labels name binance, kraken): addresses labelled as different parties were spent together, so these were not one owner',
    );
    expect(buildReport(inputs({ intelligence })).aml_report).not.toContain('Clustering not applied');
  });

  it('gives a check without a sanctions list the Incomplete verdict, telling the customer who can fix it', () => {
    const r = buildReport(inputs({ sanctions: { listLoaded: false, listPublishedAt: null, listSha256: null, direct: [] } }));
    expect(r).toMatchObject({ risk_level: 'Incomplete', aml_status: 'Incomplete — data unavailable', sanctions: 'Not screened: no sanctions list is loaded' });
    expect(r.missing_evidence).toEqual([
      'Sanctions list: no sanctions list is loaded, so neither the address nor its counterparties were screened against sanctions. Ask your administrator to load the sanctions list.',
    ]);
    expect(r.recommendation).toMatch(/ask your administrator to load the sanctions list, then run the check again/);
  });

  it('never names a setting or a command in what customers read', () => {
    for (const r of [
      buildReport(inputs({ sanctions: { listLoaded: false, listPublishedAt: null, listSha256: null, direct: [] } })),
      buildReport(
        inputs({
          chain: {
            available: false,
            reason: 'No blockchain data source is set up for BNB Chain on this installation: ask your administrator to configure one',
          },
        }),
      ),
    ]) {
      for (const text of [r.aml_report, r.recommendation, r.sanctions, ...r.missing_evidence]) {
        expect(text).not.toMatch(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\bnpm\b|sanctions:sync/);
      }
    }
  });

  it('names the writer, and says why the language model was not used when it fell back', () => {
    const base = inputs();
    expect(buildReport(base).aml_report).not.toContain('language model was not used');
    const r = buildReport({
      ...base,
      narrative: { ...base.narrative, fallbackReason: 'The language model did not answer within 20 s; the rule-based writer was used.' },
    });
    expect(r.aml_report).toContain('narrative from the rules, no language model');
    expect(r.aml_report).toContain('The language model was not used: The language model did not answer within 20 s; the rule-based writer was used.');
  });

  it('calls a sanctioned counterparty direct exposure, weighs a large share as High, and marks it in the linked wallets', () => {
    const base = inputs();
    const listed = {
      ...counterparty(2, 0.42, true),
      marks: {
        listings: [{ entity: 'EXAMPLE MIXER LTD', programs: ['CYBER2'], ticker: 'ETH' }],
        labels: [{ category: 'mixer' as const, name: 'Example Mixer', source: 'test labels' }],
        blockLists: [],
      },
    };
    const chain = { ...(base.chain as Extract<ReportInputs['chain'], { available: true }>), counterparties: [counterparty(1, 0.58), listed] };
    const r = buildReport(inputs({ chain }));
    expect(r.sanctions).toBe('Direct exposure: 1 sanctioned counterparty');
    expect(r).toMatchObject({ risk_level: 'High Risk', aml_status: 'Non-compliant', risk_score: 78 });
    expect(r.aml_report).toContain('Direct exposure (counterparties one hop away): 1 sanctioned counterparty.');
    expect(r.aml_report).not.toMatch(/indirect/i);
    expect(r.linked_wallets_details).toEqual([
      { address: counterparty(1, 0).address, share: 0.58, risk: 'none', reasons: [] },
      {
        address: listed.address,
        share: 0.42,
        risk: 'sanctioned',
        reasons: ['Sanctioned: EXAMPLE MIXER LTD (OFAC SDN: CYBER2; listed under ETH)', 'Labelled mixer: Example Mixer (source: test labels)'],
      },
    ]);
    expect(r.aml_report).toContain(
      '0x2222...2222 (42%, sanctioned: EXAMPLE MIXER LTD (OFAC SDN: CYBER2; listed under ETH), labelled mixer: Example Mixer (source: test labels))',
    );
  });

  it('names the ticker a direct hit is listed under, and words a delisted listing as its own kind of evidence', () => {
    const listed = buildReport(
      inputs({
        sanctions: {
          listLoaded: true,
          listPublishedAt: '2026-11-20',
          listSha256: 'cd'.repeat(32),
          direct: [{ entity: 'EXAMPLE EXCHANGE', programs: ['CYBER2'], ticker: 'USDT', list: 'OFAC SDN' }],
        },
      }),
    );
    expect(listed.sanctions).toBe('Sanctioned: EXAMPLE EXCHANGE (OFAC SDN: CYBER2; listed under USDT)');
    const base = inputs({
      sanctions: {
        listLoaded: true,
        listPublishedAt: '2026-11-20',
        listSha256: 'cd'.repeat(32),
        direct: [],
        delisted: [{ entity: 'TORNADO CASH', programs: ['CYBER2'], ticker: 'ETH', list: 'OFAC SDN', listedSince: '2022-08-08', delistedAt: '2025-03-21' }],
      },
    });
    const r = buildReport({ ...base, assessment: assessRisk({ ...riskInputsOf(base), delistedHits: 1 }) });
    expect(r.sanctions).toBe(
      'Formerly sanctioned, since delisted: TORNADO CASH (OFAC SDN: CYBER2; listed under ETH; listed 2022-08-08, delisted 2025-03-21) (not a current sanctions hit)',
    );
    expect(r).toMatchObject({ risk_level: 'Medium Risk', risk_score: 40 });
    expect(r.aml_report).toContain('Formerly sanctioned, since delisted: TORNADO CASH');
    expect(r.aml_report).toContain('not on the list in force');
  });
});

describe('exposure by category, direct and indirect', () => {
  const breakdown = {
    byCategory: {
      exchange: {
        received: { direct: 0.5, indirect: 0 },
        sent: { direct: 0, indirect: 0 },
        volume: { direct: 0.4, indirect: 0 },
        minHops: 1,
        minIndirectHops: null,
      },
      sanctioned: {
        received: { direct: 0, indirect: 0.375 },
        sent: { direct: 0, indirect: 0 },
        volume: { direct: 0, indirect: 0.3 },
        minHops: 2,
        minIndirectHops: 2,
      },
    },
    unattributed: { received: 0.125, sent: 0 },
    coverage: { depth: 2, expanded: 1, failed: 1, notExpanded: 2, beyondFanOut: 3, requests: 7, tracedVolumeShare: 0.4 },
  };
  const traceGaps = {
    failed: [{ address: '0x7777777777777777777777777777777777777777', reason: 'blockscout:ethereum did not answer within 8 s (3 attempts)' }],
    notExpanded: [
      { address: '0x8888888888888888888888888888888888888888', reason: "the trace's budget of 30 provider requests was spent" },
      { address: '0x9999999999999999999999999999999999999999', reason: "the trace's budget of 30 provider requests was spent" },
    ],
  };

  it('gives each category its received and sent shares, direct and indirect, the nearest hop, and how far the trace went', () => {
    const r = buildReport(inputs({ breakdown, traceGaps }));
    const lines = r.aml_report.split('\n');
    expect(lines).toContain(
      "Funds were traced up to 2 hops through 1 unlabelled address carrying 40% of the examined volume (7 provider requests); 1 could not be read (0x7777...7777: blockscout:ethereum did not answer within 8 s (3 attempts)); 2 more were not traced (the trace's budget of 30 provider requests was spent); 3 smaller unlabelled addresses were not read, being beyond the number of addresses read per hop. Funds that reach an unlabelled address that was not traced are counted as unlabelled.",
    );
    // Each share names its denominator: all value (as the graph and the sanctions figures), the value received, the value sent.
    const sanctioned = '- sanctioned: 30% of all value (indirect); 37.5% of the value received (indirect); none of the value sent; nearest at 2 hops.';
    expect(lines).toContain(sanctioned);
    expect(lines).toContain('- exchange: 40% of all value (direct); 50% of the value received (direct); none of the value sent; nearest at 1 hop.');
    expect(lines.indexOf(sanctioned)).toBeGreaterThan(lines.indexOf('4. Source of funds and exposure'));
    expect(r.source_of_funds).toBe(
      'Of the value received: exchange (50%), sanctioned (37.5%, all through intermediaries, 2 hops), unlabelled addresses (12.5%)',
    );
  });

  it('says how much of the examined value is attributed, directly and through intermediaries, and gives it in the answer', () => {
    const r = buildReport(inputs({ breakdown: { ...breakdown, attributed: { direct: 0.4, indirect: 0.3 } }, traceGaps }));
    expect(r.aml_report.split('\n')).toContain(
      'Attribution coverage: 70% of all value (received and sent) is with addresses whose nature is known (40% directly, 30% through intermediaries); 30% with unlabelled addresses.',
    );
    expect(r.attribution_coverage).toEqual({ attributed: 0.7, direct: 0.4, indirect: 0.3, by_clustering: 0, unlabelled: 0.3 });
    // A check recorded before the coverage was kept says nothing of it.
    expect(buildReport(inputs({ breakdown, traceGaps })).attribution_coverage).toBeNull();
    expect(buildReport(inputs({ breakdown, traceGaps })).aml_report).not.toContain('Attribution coverage');
  });

  it('says when funds were not traced beyond the direct counterparties, and when nothing was found along them', () => {
    const untraced = {
      byCategory: {},
      unattributed: { received: 1, sent: 1 },
      coverage: { depth: 1, expanded: 0, failed: 0, notExpanded: 0, requests: 0, tracedVolumeShare: 0 },
    };
    const lines = buildReport(inputs({ breakdown: untraced, exposure: {}, incomingExposure: {} })).aml_report.split('\n');
    expect(lines).toContain('Indirect exposure was not traced: only the direct counterparties were examined.');
    expect(lines).toContain('No counterparty is labelled, listed or on a block list.');
    expect(buildReport(inputs({ breakdown: untraced, exposure: {}, incomingExposure: {} })).source_of_funds).toBe(
      'Of the value received: unlabelled addresses (100%)',
    );
  });
});

describe('the label categories added with model 3.3.0, in plain words', () => {
  it("names frozen, CoinJoin and mining-pool exposure in words, marks a frozen counterparty and not a mining pool, and words the wallet's own label", () => {
    const base = inputs();
    const frozen = {
      ...counterparty(1, 0.3),
      categories: ['frozen' as const],
      marks: { listings: [], labels: [{ category: 'frozen' as const, name: 'USDT blacklist', source: 'https://tether.to' }], blockLists: [] },
    };
    const pool = {
      ...counterparty(2, 0.7),
      categories: ['miner' as const],
      marks: { listings: [], labels: [{ category: 'miner' as const, name: 'Example Pool payouts', source: 'https://pool.example' }], blockLists: [] },
    };
    const chain = { ...(base.chain as Extract<ReportInputs['chain'], { available: true }>), counterparties: [pool, frozen] };
    const category = (received: number) => ({
      received: { direct: received, indirect: 0 },
      sent: { direct: 0, indirect: 0 },
      volume: { direct: received, indirect: 0 },
      minHops: 1,
      minIndirectHops: null,
    });
    const breakdown = {
      byCategory: { miner: category(0.6), frozen: category(0.3), coinjoin: category(0.1) },
      unattributed: { received: 0, sent: 0 },
      coverage: { depth: 1, expanded: 0, failed: 0, notExpanded: 0, requests: 0, tracedVolumeShare: 0 },
    };
    const r = buildReport(
      inputs({
        chain,
        breakdown,
        exposure: { miner: 0.6, frozen: 0.3, coinjoin: 0.1 },
        incomingExposure: { miner: 0.6, frozen: 0.3, coinjoin: 0.1 },
        intelligence: {
          ownLabels: [{ category: 'coinjoin', name: 'Example coordinator', source: 'https://labels.example' }],
          abuseReports: 0,
          chainabuse: 'Not queried: Chainabuse is not set up on this installation',
        },
      }),
    );
    expect(r.source_of_funds).toBe('Of the value received: mining pool (60%), frozen by issuer (30%), CoinJoin (10%)');
    const lines = r.aml_report.split('\n');
    expect(lines).toContain('- frozen by issuer: 30% of all value (direct); 30% of the value received (direct); none of the value sent; nearest at 1 hop.');
    expect(lines).toContain('Labelled CoinJoin (Example coordinator, source: https://labels.example).');
    expect(r.linked_wallets_details).toEqual([
      { address: pool.address, share: 0.7, risk: 'none', reasons: ['Labelled mining pool: Example Pool payouts (source: https://pool.example)'] },
      { address: frozen.address, share: 0.3, risk: 'flagged', reasons: ['Labelled frozen by issuer: USDT blacklist (source: https://tether.to)'] },
    ]);
    // CoinJoin label 35 + frozen exposure 15 + 40 × 0.3 = 27 + CoinJoin exposure 8 + 30 × 0.1 = 11; the mining pool adds nothing.
    expect(r).toMatchObject({ risk_score: 73, risk_level: 'High Risk' });
    expect(r.aml_report).toContain('addresses frozen by a stablecoin issuer');
  });

  it('recommends not to transact with a wallet labelled terrorism financing', () => {
    const r = buildReport(
      inputs({
        intelligence: {
          ownLabels: [{ category: 'terrorism', name: 'Example designation', source: 'https://labels.example' }],
          abuseReports: 0,
          chainabuse: 'Not queried: Chainabuse is not set up on this installation',
        },
      }),
    );
    expect(r).toMatchObject({ risk_score: 100, risk_level: 'High Risk', aml_status: 'Non-compliant' });
    expect(r.recommendation).toMatch(/^Do not transact with this address: it is labelled terrorism financing\./);
    expect(r.aml_report).toContain('Labelled terrorism financing (Example designation, source: https://labels.example).');
  });
});

describe('sanctioned counterparties and their designation dates', () => {
  const listed = (n: number, share: number, lastSeen: string | null, designatedAt: string | null) => ({
    ...counterparty(n, share, true),
    lastSeen,
    marks: { listings: [{ entity: `PARTY ${n}`, programs: ['CYBER2'], ticker: 'ETH', designatedAt }], labels: [], blockLists: [] },
  });
  const chain = (counterparties: ReportCounterparty[]) => ({
    available: true as const,
    provider: 'blockscout:ethereum',
    symbol: 'ETH',
    balance: '1.5',
    txCount: 42,
    firstSeen: '2020-01-01T00:00:00.000Z',
    lastSeen: '2026-11-01T00:00:00.000Z',
    transactionsExamined: 42,
    complete: true,
    counterparties,
  });

  it('says, per party, whether the wallet dealt with it after its designation, at the precision OFAC dates it', () => {
    const r = buildReport(
      inputs({
        chain: chain([
          listed(1, 0.3, '2024-05-01T08:00:00.000Z', '2022-08-08'),
          listed(2, 0.2, '2021-03-02T10:00:00.000Z', '2022-08-08'),
          listed(3, 0.1, '2022-08-20T10:00:00.000Z', '2022-08'),
          listed(4, 0.1, '2023-01-01T00:00:00.000Z', null),
        ]),
        exposure: {},
        incomingExposure: {},
      }),
    );
    expect(r.linked_wallets_details.map((w) => w.reasons[0])).toEqual([
      'Sanctioned: PARTY 1 (OFAC SDN: CYBER2; listed under ETH; designated 2022-08-08; dealt with after designation (last transfer 2024-05-01))',
      'Sanctioned: PARTY 2 (OFAC SDN: CYBER2; listed under ETH; designated 2022-08-08; every transfer examined predates designation (last 2021-03-02))',
      'Sanctioned: PARTY 3 (OFAC SDN: CYBER2; listed under ETH; designated 2022-08; last transfer 2022-08-20, in the month of designation)',
      'Sanctioned: PARTY 4 (OFAC SDN: CYBER2; listed under ETH)',
    ]);
    expect(r.aml_report).toContain('Direct exposure: 4 sanctioned counterparties (1 of 3 with a designation date dealt with after it)');
  });
});

describe('jurisdiction', () => {
  it("is where the sanctions listing of the wallet places its owner, else a label's, else Unknown", () => {
    const label = { category: 'exchange' as const, name: 'Desk', source: 'https://labels.example', jurisdiction: 'Seychelles' };
    const listed = { entity: 'NORTHWIND LIQUIDITY HUB LLC', programs: ['RUSSIA-EO14024'], ticker: 'ETH', list: 'OFAC SDN', jurisdiction: 'Russia' };
    const intelligence = (ownLabels: Array<typeof label>) => ({ ownLabels, abuseReports: 0, chainabuse: 'Not queried' });
    const { jurisdiction: _unplaced, ...unplaced } = listed;
    const sanctions = (direct: ReportInputs['sanctions']['direct']) => ({
      listLoaded: true,
      listPublishedAt: '2026-11-20',
      listSha256: 'ab'.repeat(32),
      direct,
    });
    expect(buildReport(inputs({ sanctions: sanctions([listed]), intelligence: intelligence([label]) })).jurisdiction).toBe('Russia');
    expect(buildReport(inputs({ sanctions: sanctions([unplaced]), intelligence: intelligence([label]) })).jurisdiction).toBe('Seychelles');
    expect(buildReport(inputs()).jurisdiction).toBe('Unknown');
  });
});

describe('token transfers and the prices the shares weigh', () => {
  const valuation = {
    mode: 'usd' as const,
    unit: 'USD',
    weighed: ['ETH', 'USDT'],
    unpriced: [],
    prices: [
      { symbol: 'ETH', usd: 3000 },
      { symbol: 'USDT', usd: 1 },
    ],
    source: 'CoinGecko',
    asOf: '2026-11-22T09:55:00.000Z',
    tokens: [{ symbol: 'USDT', received: '1500', sent: '250.5' }],
    otherTokens: 2,
  };

  it('gives the token flows in section 1 and the prices in section 4, and says when they are stale', () => {
    const lines = buildReport(inputs({ valuation })).aml_report.split('\n');
    const section = (n: number) =>
      lines.slice(
        lines.findIndex((l) => l.startsWith(`${n}. `)),
        lines.findIndex((l) => l.startsWith(`${n + 1}. `)),
      );
    expect(section(1)).toContain(
      'Token transfers examined: USDT 1500 received, 250.5 sent; 2 other token contracts not weighed (tokens are recognised by contract, not by name, since names can be copied).',
    );
    expect(section(4)).toContain("Shares of volume weigh ETH, USDT in USD at CoinGecko's prices read 2026-11-22 09:55 UTC: ETH $3,000.00, USDT $1.00.");
    expect(buildReport(inputs({ valuation: { ...valuation, stale: true } })).aml_report).toContain(
      'UTC (the latest available: the price source did not answer): ETH $3,000.00',
    );
  });

  it('says nothing of prices when one asset moved, and names what could not be weighed', () => {
    expect(
      buildReport(inputs({ valuation: { ...valuation, mode: 'units', unit: 'ETH', weighed: ['ETH'], prices: [], tokens: [], otherTokens: 0 } })).aml_report,
    ).not.toMatch(/Shares of volume|Token transfers/);
    const partial = {
      ...valuation,
      mode: 'partial' as const,
      unit: 'ETH',
      weighed: ['ETH'],
      unpriced: ['USDT'],
      prices: [],
      source: null,
      asOf: null,
      unavailable: 'CoinGecko did not answer within 5 s (2 attempts)',
    };
    expect(buildReport(inputs({ valuation: partial })).aml_report).toContain(
      'USDT could not be weighed (CoinGecko did not answer within 5 s (2 attempts)) and is left out of the shares below, which weigh ETH only.',
    );
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
