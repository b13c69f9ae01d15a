/**
 * Replay over generated evidence (fast-check): a check whose verdict was recorded by the real
 * stages (patterns, interpretation with the rule-based writer, report) replays identical, and any
 * change to a recorded score, level, status or factor is reported as a difference at exactly that
 * field. Versions the registry does not hold, failed and running checks are never replayed.
 */
import fc from 'fast-check';
import { stageKeys, type StageKey } from '@walletscreen/contracts';
import type { WalletCheckRequested } from '@walletscreen/domain/check/events';
import type { EventStore } from '@walletscreen/platform';
import type { Counterparty } from '../chain-data/types';
import type { ListedSanctionEntry } from '@walletscreen/domain/sanctions-list/events';
import type { StageContext } from './pipeline';
import { replayCheck, type ReplayableEvent } from './replay';
import { riskCategories, RISK_MODEL_VERSION, type RiskAssessment, type RiskCategory } from './risk-model';
import { riskModelRegistry } from './risk-models';
import { writeRuleBasedNarrative } from './rule-based-writer';
import type { AddressLabelFact, BlockchainEvidence, ChainabuseFact, IntelligenceEvidence, SanctionsEvidence } from './evidence';
import { createStages } from './stages';

const now = '2026-11-25T03:00:00.000Z';
const wallet = '0x00000000000000000000000000000000000000aa';
const request: WalletCheckRequested = {
  checkId: 'c-1',
  userId: 'u-1',
  input: wallet,
  address: wallet,
  chain: 'evm',
  network: 'ethereum',
  chargeSource: 'bonus',
  at: now,
};

// The stages that turn evidence into the verdict never touch the store or the chain providers.
const unused = () => {
  throw new Error('not used by these stages');
};
const stages = createStages({
  eventStore: {} as EventStore,
  providers: {
    chainData: { fetch: unused },
    intelligence: { labelsVersion: 'labels-1', chainabuseConfigured: false, labelsFor: unused, chainabuseReports: unused, summarizeChainabuse: unused },
    interpreter: { writerName: 'rule-based', write: async (input) => writeRuleBasedNarrative(input) },
  },
});

const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
const amount = fc.integer({ min: 0, max: 1_000_000 }).map((n) => (n / 1000).toString());
const entry = (entity: string): ListedSanctionEntry => ({
  ticker: 'ETH',
  address: wallet,
  network: 'ethereum',
  normalized: wallet,
  valid: true,
  entity,
  programs: ['CYBER2'],
  sdnId: '1',
  listedNetwork: 'ethereum',
  matchedChains: ['evm'],
  crossChain: false,
  designatedAt: null,
  listedSince: '2024-01-01',
});
const label = (category: RiskCategory): AddressLabelFact => ({ category, name: `${category} label`, source: 'test-feed' });
const hit = (name: string, kind: 'block' | 'allow') => ({ listId: `l-${name}`, name, kind, version: 1 });

const generated = fc
  .record({
    chainOk: fc.boolean(),
    counterparties: fc.array(
      fc.record({
        received: amount,
        sent: amount,
        direction: fc.constantFrom<Counterparty['direction']>('in', 'out', 'both'),
        txCount: fc.integer({ min: 1, max: 40 }),
      }),
      { maxLength: 8 },
    ),
    firstSeen: fc.constantFrom('2026-11-20T00:00:00.000Z', '2020-01-01T00:00:00.000Z'),
    listLoaded: fc.boolean(),
    direct: fc.integer({ min: 0, max: 2 }),
    delisted: fc.integer({ min: 0, max: 1 }),
    sanctionedIdx: fc.uniqueArray(fc.nat(7), { maxLength: 3 }),
    delistedIdx: fc.uniqueArray(fc.nat(7), { maxLength: 2 }),
    labelled: fc.array(fc.record({ i: fc.nat(7), category: fc.constantFrom(...riskCategories) }), { maxLength: 5 }),
    blockedIdx: fc.uniqueArray(fc.nat(7), { maxLength: 2 }),
    allowedIdx: fc.uniqueArray(fc.nat(7), { maxLength: 2 }),
    own: fc.subarray([...riskCategories]),
    blocked: fc.subarray(['Internal', 'Partner']),
    allowed: fc.subarray(['Reviewed']),
    chainabuse: fc.oneof(
      fc.integer({ min: 0, max: 6 }).map((reports): ChainabuseFact => ({ status: 'ok', reports, categories: [], url: 'https://chainabuse.com' })),
      fc.constant<ChainabuseFact>({ status: 'not-configured', reason: 'no key' }),
    ),
  })
  .map((g) => {
    const counterparties: Counterparty[] = g.counterparties.map((c, i) => ({ address: address(i + 1), ...c, firstSeen: now, lastSeen: now }));
    const at = (i: number) => counterparties[i % Math.max(1, counterparties.length)]?.address;
    const some = (idx: number[]) => [...new Set(idx.map(at).filter((a): a is string => a !== undefined))];
    const blockchain: BlockchainEvidence = g.chainOk
      ? {
          ok: true,
          data: {
            network: 'ethereum',
            address: wallet,
            provider: 'test-chain',
            sourceUrl: 'http://127.0.0.1',
            fetchedAt: now,
            symbol: 'ETH',
            balance: '1',
            totalReceived: null,
            totalSent: null,
            txCount: 40,
            firstSeen: g.firstSeen,
            lastSeen: now,
            transactionsExamined: 40,
            complete: true,
            counterparties,
          },
        }
      : { ok: false, network: 'ethereum', provider: 'test-chain', reason: 'test-chain did not answer', attempts: 3 };
    const others = g.chainOk ? counterparties : [];
    const inChain = (a: string) => others.some((c) => c.address === a);
    const sanctions: SanctionsEvidence = {
      listLoaded: g.listLoaded,
      list: g.listLoaded
        ? ({
            source: 'ofac',
            format: 'sdn-advanced-xml',
            publishedAt: '2026-11-01',
            sha256: 'ab'.repeat(32),
            importedAt: now,
            addressCount: 10,
            byNetwork: {},
            invalidCount: 0,
          } as unknown as SanctionsEvidence['list'])
        : null,
      direct: g.listLoaded ? Array.from({ length: g.direct }, (_, i) => entry(`PARTY ${i}`)) : [],
      delisted: g.listLoaded ? Array.from({ length: g.delisted }, () => ({ ...entry('TORNADO'), delistedAt: '2025-03-21' })) : [],
      counterparties: g.listLoaded
        ? some(g.sanctionedIdx)
            .filter(inChain)
            .map((a) => ({ address: a, entries: [entry('LISTED')] }))
        : [],
      delistedCounterparties: g.listLoaded
        ? some(g.delistedIdx)
            .filter(inChain)
            .map((a) => ({ address: a, entries: [{ ...entry('FORMER'), delistedAt: '2025-03-21' }] }))
        : [],
      customLists: {
        consulted: [
          ...g.blocked.map((n) => ({ ...hit(n, 'block'), sha256: 'cd'.repeat(32), entryCount: 3 })),
          ...g.allowed.map((n) => ({ ...hit(n, 'allow'), sha256: 'ef'.repeat(32), entryCount: 2 })),
        ],
        blocked: g.blocked.map((n) => hit(n, 'block')),
        allowed: g.allowed.map((n) => hit(n, 'allow')),
        counterparties: [
          ...some(g.blockedIdx).map((a) => ({ address: a, lists: [hit('Internal', 'block')] })),
          ...some(g.allowedIdx).map((a) => ({ address: a, lists: [hit('Reviewed', 'allow')] })),
        ].filter((c) => inChain(c.address)),
      },
    };
    const labels = new Map<string, AddressLabelFact[]>();
    for (const l of g.labelled) {
      const a = at(l.i);
      if (a && inChain(a)) labels.set(a, [...(labels.get(a) ?? []), label(l.category)]);
    }
    const intelligence: IntelligenceEvidence = {
      labelsVersion: 'labels-1',
      own: g.own.map(label),
      counterparties: [...labels].map(([a, ls]) => ({ address: a, labels: ls })),
      chainabuse: g.chainabuse,
      chainabuseSummary: g.chainabuse.status === 'ok' ? `${g.chainabuse.reports} reports` : 'not configured',
    };
    return { blockchain, sanctions, intelligence };
  });

/** The check's events as the pipeline records them: the given evidence, then the real stages' verdict. */
async function recordedCheck(given: {
  blockchain: BlockchainEvidence;
  sanctions: SanctionsEvidence;
  intelligence: IntelligenceEvidence;
}): Promise<ReplayableEvent[]> {
  const evidence: Partial<Record<StageKey, unknown>> = {
    initialize: {
      chain: 'evm',
      network: 'ethereum',
      networkName: 'Ethereum',
      riskModel: RISK_MODEL_VERSION,
      sanctionsList: given.sanctions.list,
      labelsVersion: 'labels-1',
      chainabuse: 'not configured',
      writer: 'rule-based',
    },
    ...given,
  };
  const signal = new AbortController().signal;
  for (const stage of stages.slice(4)) evidence[stage.key] = await stage.run({ request, evidence, now, signal } satisfies StageContext);
  const events: ReplayableEvent[] = [{ type: 'WalletCheckRequested', data: request }];
  stageKeys.forEach((key, i) =>
    events.push({ type: 'WalletCheckStageCompleted', data: { checkId: 'c-1', stage: i + 1, key, evidence: evidence[key], at: now } }),
  );
  events.push({ type: 'WalletCheckCompleted', data: { checkId: 'c-1', userId: 'u-1', result: (evidence.report as { result: unknown }).result, at: now } });
  return JSON.parse(JSON.stringify(events)) as ReplayableEvent[]; // as stored: JSON
}

const assessmentIn = (events: ReplayableEvent[]) => (events[5]!.data as { evidence: { assessment: RiskAssessment } }).evidence.assessment;
const resultIn = (events: ReplayableEvent[]) => (events[8]!.data as { result: { risk_score: number; risk_level: string; aml_status: string } }).result;

describe('the replay of a check, over generated evidence', () => {
  it('replays a check recorded by the real stages as identical, with the inputs the model read', async () => {
    await fc.assert(
      fc.asyncProperty(generated, async (given) => {
        const events = await recordedCheck(given);
        const replay = replayCheck('c-1', events);
        if (replay.verdict === 'not-replayable') throw new Error(replay.message);
        expect(replay.differences).toEqual([]);
        expect(replay.verdict).toBe('identical');
        expect(replay.modelVersion).toBe(RISK_MODEL_VERSION);
        expect(replay.replayed).toEqual(assessmentIn(events));
      }),
      { numRuns: 150 },
    );
  });

  it('reports a changed recorded score, level, status or factor as a difference at exactly that field', async () => {
    const mutation = fc.record({
      target: fc.constantFrom(
        'assessment.score',
        'assessment.level',
        'assessment.status',
        'factor.code',
        'factor.points',
        'result.risk_score',
        'result.risk_level',
        'result.aml_status',
      ),
      pick: fc.nat(),
      delta: fc.integer({ min: 1, max: 50 }),
    });
    await fc.assert(
      fc.asyncProperty(generated, mutation, async (given, m) => {
        const events = await recordedCheck(given);
        const assessment = assessmentIn(events);
        const result = resultIn(events);
        let field: string;
        let recorded: unknown;
        if (m.target === 'assessment.score') assessment.score = recorded = assessment.score + m.delta;
        else if (m.target === 'assessment.level') assessment.level = recorded = assessment.level === 'High Risk' ? 'Low Risk' : 'High Risk';
        else if (m.target === 'assessment.status') assessment.status = recorded = assessment.status === 'Compliant' ? 'Non-compliant' : 'Compliant';
        else if (m.target === 'result.risk_score') result.risk_score = recorded = result.risk_score + m.delta;
        else if (m.target === 'result.risk_level') result.risk_level = recorded = `${result.risk_level}!`;
        else if (m.target === 'result.aml_status') result.aml_status = recorded = `${result.aml_status}!`;
        else {
          fc.pre(assessment.factors.length > 0);
          const i = m.pick % assessment.factors.length;
          const factor = assessment.factors[i]!;
          if (m.target === 'factor.code') factor.code = recorded = `${factor.code}.changed`;
          else factor.points = recorded = factor.points + m.delta;
          field = `assessment.factors[${i}].${m.target.slice('factor.'.length)}`;
        }
        field ??= m.target;
        const replay = replayCheck('c-1', events);
        if (replay.verdict === 'not-replayable') throw new Error(replay.message);
        expect(replay.verdict).toBe('differs');
        expect(replay.differences).toHaveLength(1);
        expect(replay.differences[0]).toMatchObject({ field, recorded });
      }),
      { numRuns: 150 },
    );
  });

  it('never scores a check with a version the registry does not hold', async () => {
    const [given] = fc.sample(generated, { numRuns: 1, seed: 7 });
    const events = await recordedCheck(given!);
    assessmentIn(events).model = 'walletscreen-risk-0.9.0';
    expect(replayCheck('c-1', events)).toMatchObject({
      verdict: 'not-replayable',
      reason: 'model-version-unknown',
      message: 'cannot be replayed: model version walletscreen-risk-0.9.0 is not available',
    });
    // An empty registry holds nothing, not even the current version.
    expect(replayCheck('c-1', await recordedCheck(given!), riskModelRegistry([]))).toMatchObject({
      verdict: 'not-replayable',
      reason: 'model-version-unknown',
    });
  });

  it('does not replay a failed, a running or an unknown check, nor one whose evidence is missing', async () => {
    const [given] = fc.sample(generated, { numRuns: 1, seed: 3 });
    const events = await recordedCheck(given!);
    expect(replayCheck('c-1', events.slice(0, 4))).toMatchObject({
      verdict: 'not-replayable',
      reason: 'still-running',
      message: 'cannot be replayed: the check is still running (3 of 7 stages recorded)',
    });
    expect(
      replayCheck('c-1', [...events.slice(0, 4), { type: 'WalletCheckFailed', data: { checkId: 'c-1', userId: 'u-1', reason: 'broke', at: now } }]),
    ).toMatchObject({ verdict: 'not-replayable', reason: 'check-failed' });
    expect(replayCheck('c-1', [])).toMatchObject({ verdict: 'not-replayable', reason: 'no-check' });
    const withoutSanctions = events.filter((e) => (e.data as { key?: string }).key !== 'sanctions');
    expect(replayCheck('c-1', withoutSanctions)).toMatchObject({
      verdict: 'not-replayable',
      reason: 'evidence-missing',
      message: "cannot be replayed: the check does not record the sanctions stage's evidence",
    });
  });
});
