import { assessRisk } from '../checks/risk-model';
import { writeRuleBasedNarrative } from '../checks/rule-based-writer';
import { findContradiction, parseNarrativeReply } from './schema';

const medium = { score: 40, level: 'Medium Risk', status: 'Requires further review' } as const;
const reply = (summary: string, recommendations = ['Apply enhanced due diligence before processing further transfers.']) =>
  JSON.stringify({ summary, recommendations });

describe('the reply schema', () => {
  it('accepts a summary and 1 to 5 recommendations, trimmed', () => {
    expect(parseNarrativeReply(reply('  The score is 40/100 (Medium Risk).  '), medium)).toEqual({
      ok: true,
      reply: { summary: 'The score is 40/100 (Medium Risk).', recommendations: ['Apply enhanced due diligence before processing further transfers.'] },
    });
  });

  it.each([
    ['an empty summary', reply('')],
    ['a summary over 1200 characters', reply('x'.repeat(1201))],
    ['no recommendation', reply('Fine.', [])],
    ['six recommendations', reply('Fine.', ['a', 'b', 'c', 'd', 'e', 'f'])],
    ['a recommendation over 300 characters', reply('Fine.', ['y'.repeat(301)])],
    ['a missing field', JSON.stringify({ summary: 'Fine.' })],
    ['recommendations as one string', JSON.stringify({ summary: 'Fine.', recommendations: 'Do it.' })],
  ])('rejects %s', (_what, content) => {
    expect(parseNarrativeReply(content, medium)).toEqual({ ok: false, problem: expect.stringMatching(/^its reply did not match the expected shape/) });
  });

  it('rejects content that is not JSON', () => {
    expect(parseNarrativeReply('{"summary": "The score is 40/100", "recommendations": [', medium)).toEqual({
      ok: false,
      problem: 'its reply was not valid JSON',
    });
    expect(parseNarrativeReply('The score is 40/100.', medium)).toEqual({ ok: false, problem: 'its reply was not valid JSON' });
  });

  it('reads JSON a compatible server wrapped in a markdown fence', () => {
    expect(parseNarrativeReply(`\`\`\`json\n${reply('The score is 40/100.')}\n\`\`\``, medium)).toMatchObject({ ok: true });
  });
});

describe('the post-check against the computed assessment', () => {
  it.each([
    'The wallet has a risk score of 85.',
    'The score is 85/100 (High Risk).',
    'It scored 72 out of 100.',
    'Risk score: 12.',
    'The overall score stands at 55, which warrants review.',
  ])('rejects a different score: %s', (text) => {
    expect(findContradiction(text, medium)).toMatch(/^it states a risk score of \d+, not the computed 40$/);
  });

  it.each([
    'The risk level is High.',
    'The wallet is classified as high risk.',
    'The wallet is low-risk.',
    'This gives a High Risk level overall.',
    'The score is 40/100 (High Risk).',
  ])('rejects a different level: %s', (text) => {
    expect(findContradiction(text, medium)).toMatch(/^it states the risk level (high|low), not the computed Medium Risk$/);
  });

  it('rejects a different AML status', () => {
    expect(findContradiction('The AML status is Non-compliant.', medium)).toBe(
      'it states the AML status non-compliant, not the computed Requires further review',
    );
  });

  it.each([
    'The wallet scores 40/100 (Medium Risk); AML status: Requires further review.',
    'A risk score of 40 out of 100 places the wallet at medium risk level.',
    'The score is driven by 1 sanctioned counterparty holding 0.4% of the volume.',
    'The wallet has exposure to high-risk counterparties: 12.5% of volume went to mixers.',
    'Funds were received from addresses considered high risk counterparties by the feeds.',
    'Re-screen the address before transfers over 100 ETH and keep 5 years of records.',
  ])('accepts text that restates only the computed values: %s', (text) => {
    expect(findContradiction(text, medium)).toBeNull();
  });

  it('accepts what the rule-based writer says, for every level', () => {
    const cases = [
      assessRisk({
        directSanctionHits: 0,
        sanctionedCounterparties: 0,
        sanctionedVolumeShare: 0,
        ownCategories: [],
        exposure: {},
        abuseReports: 0,
        flags: [],
        blockchainDataAvailable: true,
        sanctionsListLoaded: true,
      }),
      assessRisk({
        directSanctionHits: 0,
        sanctionedCounterparties: 1,
        sanctionedVolumeShare: 0.05,
        ownCategories: [],
        exposure: {},
        abuseReports: 0,
        flags: [],
        blockchainDataAvailable: true,
        sanctionsListLoaded: true,
      }),
      assessRisk({
        directSanctionHits: 1,
        sanctionedCounterparties: 0,
        sanctionedVolumeShare: 0,
        ownCategories: ['mixer'],
        exposure: {},
        abuseReports: 2,
        flags: [],
        blockchainDataAvailable: true,
        sanctionsListLoaded: true,
      }),
    ];
    expect(cases.map((a) => a.level)).toEqual(['Low Risk', 'Medium Risk', 'High Risk']);
    for (const assessment of cases) {
      const narrative = writeRuleBasedNarrative({
        assessment,
        directSanctions: false,
        sanctionsListLoaded: true,
        blockchainDataAvailable: true,
        unavailableSources: [],
      });
      expect(parseNarrativeReply(JSON.stringify({ summary: narrative.summary, recommendations: narrative.recommendations }), assessment)).toMatchObject({
        ok: true,
      });
    }
    const incomplete = assessRisk({
      directSanctionHits: 0,
      sanctionedCounterparties: 0,
      sanctionedVolumeShare: 0,
      ownCategories: ['gambling'],
      exposure: {},
      abuseReports: 0,
      flags: [],
      blockchainDataAvailable: false,
      sanctionsListLoaded: false,
    });
    expect(incomplete.level).toBe('Incomplete');
    const narrative = writeRuleBasedNarrative({
      assessment: incomplete,
      directSanctions: false,
      sanctionsListLoaded: false,
      blockchainDataAvailable: false,
      unavailableSources: ['mempool.space'],
    });
    expect(narrative.summary).not.toMatch(/\d+\/100|low risk|safe/i);
    expect(parseNarrativeReply(JSON.stringify({ summary: narrative.summary, recommendations: narrative.recommendations }), incomplete)).toMatchObject({
      ok: true,
    });
  });

  it('refuses any score, and any Low, Medium or High level, for an incomplete check', () => {
    const incomplete = { score: 0, level: 'Incomplete', status: 'Incomplete — data unavailable' } as const;
    expect(findContradiction('The wallet scores 0/100.', incomplete)).toBe('it states a risk score of 0 for an incomplete check, which has none');
    expect(findContradiction('The risk level is low.', incomplete)).toBe('it states the risk level low, not the computed Incomplete');
    expect(findContradiction('AML status: compliant.', incomplete)).toBe('it states the AML status compliant, not the computed Incomplete — data unavailable');
    expect(findContradiction('The check is incomplete: the blockchain data could not be fetched. Run it again.', incomplete)).toBeNull();
  });

  it('checks the recommendations as well as the summary', () => {
    expect(parseNarrativeReply(reply('The score is 40/100.', ['Treat the wallet as high risk level and block it.']), medium)).toEqual({
      ok: false,
      problem: 'its reply contradicts the computed assessment: it states the risk level high, not the computed Medium Risk',
    });
  });
});
