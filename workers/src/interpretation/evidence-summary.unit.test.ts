import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assessRisk, RISK_MODEL_VERSION } from '../checks/risk-model';
import { interpretationInput, promptEvidence, summarizeEvidence, toPrompt, type EvidenceSource, type InterpretationInput } from './evidence-summary';

/** A report's recorded evidence, with what else a check carries (check id, user id, e-mail, provider URL). */
const recorded = JSON.parse(readFileSync(path.resolve(__dirname, '../../test-fixtures/interpretation/evidence-source.json'), 'utf8')) as EvidenceSource & {
  checkId: string;
  userId: string;
  email: string;
  unavailableSources: string[];
};

function assess(source: EvidenceSource) {
  const sanctioned = source.chain.available ? source.chain.counterparties.filter((c) => c.sanctioned) : [];
  return assessRisk({
    directSanctionHits: source.sanctions.direct.length,
    sanctionedCounterparties: sanctioned.length,
    sanctionedVolumeShare: sanctioned.reduce((s, c) => s + c.share, 0),
    ownCategories: source.intelligence.ownLabels.map((l) => l.category),
    exposure: source.exposure,
    abuseReports: source.intelligence.abuseReports,
    flags: source.flags,
    blockchainDataAvailable: source.chain.available,
    sanctionsListLoaded: source.sanctions.listLoaded,
  });
}

const input = (source: EvidenceSource = recorded) => interpretationInput(source, assess(source), recorded.unavailableSources);
const userMessage = (i: InterpretationInput) => toPrompt(i)[1].content;
const systemMessage = (i: InterpretationInput) => toPrompt(i)[0].content;

describe('the evidence the language model sees', () => {
  it('is the summary only: no check id, user id, e-mail, provider URL, list hash or counterparty address', () => {
    const prompt = toPrompt(input())
      .map((m) => m.content)
      .join('\n');
    for (const hidden of [recorded.checkId, recorded.userId, recorded.email, 'blockscout.com', recorded.sanctions.listSha256!, 'No reports on Chainabuse']) {
      expect(prompt).not.toContain(hidden);
    }
    if (!recorded.chain.available) throw new Error('the fixture has chain data');
    for (const c of recorded.chain.counterparties) expect(prompt.toLowerCase()).not.toContain(c.address.toLowerCase());
    expect(prompt).toContain(recorded.address);
  });

  it("drops whatever else a caller's input object carries at run time", () => {
    const base = input();
    const padded = {
      ...base,
      userId: recorded.userId,
      email: recorded.email,
      checkId: recorded.checkId,
      sanctions: { ...base.sanctions, listSha256: recorded.sanctions.listSha256 },
      labels: base.labels.map((l) => ({ ...l, reportedBy: recorded.email })),
    } as InterpretationInput;
    expect(toPrompt(padded)).toEqual(toPrompt(base));
  });

  it('has no field for user data in its type', () => {
    const base = input();
    // @ts-expect-error the writer's input has no user id
    const withUser: InterpretationInput = { ...base, userId: recorded.userId };
    expect(withUser.assessment).toBe(base.assessment);
  });

  it('carries the facts: wallet, sanctions, labels, exposure, flags and the computed assessment', () => {
    const evidence = JSON.parse(userMessage(input()).replace(/^[^\n]*\n/, ''));
    expect(evidence).toEqual({
      wallet: {
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        network: expect.stringMatching(/^Ethereum/),
        balance: '1.5 ETH',
        transactionCount: 42,
        firstSeen: '2024-07-10',
        lastSeen: '2026-11-01',
        transactionsExamined: 42,
        wholeHistoryExamined: true,
      },
      sanctions: {
        listLoaded: true,
        listPublishedAt: '2026-11-20',
        walletIsListed: false,
        directHits: [],
        sanctionedCounterparties: 1,
        sanctionedVolumePercent: 0.4,
      },
      walletLabels: [{ category: 'exchange', name: 'Heron Exchange deposit', source: 'walletscreen-labels' }],
      abuseReports: 0,
      exposurePercentByCategory: { exchange: 60, sanctioned: 0.4 },
      patternFlags: [],
      unavailableSources: [],
      blockchainDataAvailable: true,
      assessment: {
        score: 40,
        scale: '0-100',
        level: 'Medium Risk',
        status: 'Requires further review',
        model: RISK_MODEL_VERSION,
        factors: [{ code: 'exposure.sanctioned', points: 40, reason: 'Direct exposure: 1 counterparty on a sanctions list (0.40% of examined volume)' }],
      },
    });
  });

  it('states the computed score, level and status, in the rules and in the evidence', () => {
    const i = input();
    expect(systemMessage(i)).toContain('score 40/100, level "Medium Risk", status "Requires further review"');
    expect(promptEvidence(i).assessment).toMatchObject({ score: i.assessment.score, level: i.assessment.level, status: i.assessment.status });
    const listed = {
      ...recorded,
      sanctions: { ...recorded.sanctions, direct: [{ entity: 'KESTREL BRIDGE EXCHANGE LTD.', programs: ['CYBER2', 'DPRK3'], list: 'OFAC SDN' }] },
    };
    const direct = input(listed);
    expect(direct.assessment.score).toBe(100);
    expect(systemMessage(direct)).toContain('score 100/100, level "High Risk", status "Non-compliant"');
    expect(promptEvidence(direct).sanctions).toMatchObject({
      walletIsListed: true,
      directHits: [{ entity: 'KESTREL BRIDGE EXCHANGE LTD.', programs: ['CYBER2', 'DPRK3'], list: 'OFAC SDN' }],
    });
  });

  it('sets the rules: evidence only, the score as given, no speculation, plain English, at most 5 actions', () => {
    const rules = systemMessage(input());
    expect(rules).toMatch(/only from the evidence/);
    expect(rules).toMatch(/Never state or suggest a different score, level or status/);
    expect(rules).toMatch(/Do not speculate about who owns or controls/);
    expect(rules).toMatch(/plain, professional English/);
    expect(rules).toMatch(/1 to 5 items, each one concrete action/);
  });

  it('says when blockchain data could not be fetched, without inventing figures', () => {
    const source: EvidenceSource = { ...recorded, chain: { available: false, reason: 'blockscout did not answer within 8 s (3 attempts)' } };
    const i = interpretationInput(source, assess(source), ['blockscout']);
    expect(i).toMatchObject({ balance: null, symbol: null, txCount: null, firstSeen: null, lastSeen: null, blockchainDataAvailable: false });
    expect(promptEvidence(i).wallet).toEqual({ address: recorded.address, network: expect.any(String), blockchainData: 'unavailable' });
    expect(promptEvidence(i)).toMatchObject({
      unavailableSources: ['blockscout'],
      blockchainDataAvailable: false,
      assessment: { scoreGiven: false, level: 'Incomplete', status: 'Incomplete — data unavailable' },
    });
    // An incomplete check has no score for the model to state, and the rules say so.
    expect(promptEvidence(i).assessment).not.toHaveProperty('score');
    expect(systemMessage(i)).toMatch(/The check is incomplete/);
    expect(systemMessage(i)).toMatch(/Do not state or suggest any risk score, and never call the address safe, clean or low risk/);
  });

  it('summarizes sanctioned counterparties as a count and a share', () => {
    expect(summarizeEvidence(recorded).sanctions).toEqual({
      listLoaded: true,
      listPublishedAt: '2026-11-20',
      direct: [],
      sanctionedCounterparties: 1,
      sanctionedVolumeShare: 0.004,
    });
  });

  it('takes the flat evidence a pipeline stage assembles, without a sanctions list date or history depth', () => {
    const base = input();
    const flat: InterpretationInput = {
      assessment: base.assessment,
      directSanctions: false,
      sanctionsListLoaded: true,
      blockchainDataAvailable: true,
      unavailableSources: ['Chainabuse'],
      address: recorded.address,
      network: 'ethereum',
      balance: '1.5',
      symbol: 'ETH',
      txCount: 42,
      firstSeen: '2024-07-10T08:00:00.000Z',
      lastSeen: null,
      sanctions: { listLoaded: true, direct: [], sanctionedCounterparties: 1, sanctionedVolumeShare: 0.004 },
      labels: [],
      abuseReports: 0,
      exposure: { sanctioned: 0.004 },
      flags: ['fan-in'],
    };
    expect(promptEvidence(flat)).toMatchObject({
      wallet: { balance: '1.5 ETH', transactionCount: 42, firstSeen: '2024-07-10', lastSeen: null },
      sanctions: { listLoaded: true, walletIsListed: false, directHits: [], sanctionedCounterparties: 1, sanctionedVolumePercent: 0.4 },
      patternFlags: ['fan-in'],
      unavailableSources: ['Chainabuse'],
    });
    expect(promptEvidence(flat).wallet).not.toHaveProperty('transactionsExamined');
  });
});
