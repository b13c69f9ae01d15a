/**
 * Replay of a check: re-runs the risk-model version the check recorded on the evidence it
 * recorded, and compares the verdict with the one recorded, field by field. Pure: it reads only
 * the check's events, as stored, and the registry of model versions; no clock, no provider.
 *
 * What is replayed is the risk model (the score, level, AML status and factors) over the recorded
 * inputs, the patterns found included: the patterns stage's analysis of the blockchain data and
 * the narrative are evidence as recorded, not re-run.
 *
 * Recorded verdicts are compared in the two places a check keeps them: the assessment the patterns
 * stage recorded (score, level, status, each factor's code and points, the missing evidence) and
 * the result the check completed with (risk score, level, AML status, what the customer read).
 * A check that recorded the profile it was scored with (its version and hash) is replayed only as
 * identical when the registry's profile of that version has the same hash.
 */
import { type StageKey, type WalletAnalysis } from '@walletscreen/contracts';
import { evolveCheck, type CheckState } from '@walletscreen/domain/check/state';
import type { CheckEvent } from '@walletscreen/domain/check/events';
import type { RiskEvidence } from './risk-inputs';
import type { RiskAssessment } from './risk-model';
import { riskModels, type RiskModelRegistry } from './risk-models';
import type { BlockchainEvidence, IntelligenceEvidence, SanctionsEvidence } from './evidence';
import type { InitializeEvidence, InterpretationStageEvidence, PatternsStageEvidence } from './stages';

export interface ReplayDifference {
  /** Where the two verdicts differ: `assessment.score`, `assessment.factors[2].points`, `result.risk_level`… */
  field: string;
  recorded: unknown;
  replayed: unknown;
}

export type NotReplayableReason = 'no-check' | 'check-failed' | 'still-running' | 'model-version-unknown' | 'evidence-missing';

export type CheckReplay =
  | {
      checkId: string;
      verdict: 'identical' | 'differs';
      modelVersion: string;
      /** The profile replayed: the version's, with the SHA-256 of its canonical JSON (risk-models.ts). */
      profile: { version: string; sha256: string };
      /** The model's inputs, as extracted from the recorded evidence. */
      inputs: unknown;
      recorded: { assessment: RiskAssessment; result: Pick<WalletAnalysis, 'risk_score' | 'risk_level' | 'aml_status'> };
      replayed: RiskAssessment;
      /** Empty when identical. */
      differences: ReplayDifference[];
    }
  | { checkId: string; verdict: 'not-replayable'; reason: NotReplayableReason; message: string; modelVersion: string | null };

export interface ReplayableEvent {
  type: string;
  data: unknown;
}

const foldCheck = (events: readonly ReplayableEvent[]): CheckState => {
  let state: CheckState = { status: 'none' };
  for (const e of events) state = evolveCheck(state, e as CheckEvent);
  return state;
};

const evidenceOf = (state: Exclude<CheckState, { status: 'none' }>): Partial<Record<StageKey, unknown>> => {
  const out: Partial<Record<StageKey, unknown>> = {};
  for (const s of state.stages) out[s.key] = s.evidence;
  return out;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The model version the check recorded: its assessment's, else the one the first stage announced. */
export function recordedModelVersion(evidence: Partial<Record<StageKey, unknown>>): string | null {
  const assessment = isObject(evidence.patterns) ? evidence.patterns.assessment : undefined;
  if (isObject(assessment) && typeof assessment.model === 'string') return assessment.model;
  const init = evidence.initialize;
  return isObject(init) && typeof init.riskModel === 'string' ? init.riskModel : null;
}

/** The profile a check recorded beside its assessment (version and hash); null in checks recorded before profiles. */
export function recordedProfile(evidence: Partial<Record<StageKey, unknown>>): { version: unknown; sha256: unknown } | null {
  const p = isObject(evidence.patterns) ? evidence.patterns.riskProfile : undefined;
  return isObject(p) ? { version: p.version, sha256: p.sha256 } : null;
}

/** Every difference between a recorded verdict and a replayed one, field by field. */
export function compareVerdicts(
  recorded: { assessment: RiskAssessment; result: Pick<WalletAnalysis, 'risk_score' | 'risk_level' | 'aml_status'> },
  replayed: RiskAssessment,
): ReplayDifference[] {
  const out: ReplayDifference[] = [];
  const same = (field: string, a: unknown, b: unknown) => {
    if (!Object.is(a, b)) out.push({ field, recorded: a, replayed: b });
  };
  const a = recorded.assessment;
  same('assessment.score', a.score, replayed.score);
  same('assessment.level', a.level, replayed.level);
  same('assessment.status', a.status, replayed.status);
  const factors = Array.isArray(a.factors) ? a.factors : [];
  for (let i = 0; i < Math.max(factors.length, replayed.factors.length); i++) {
    const r = factors[i];
    const p = replayed.factors[i];
    if (!r || !p) {
      out.push({
        field: `assessment.factors[${i}]`,
        recorded: r ? { code: r.code, points: r.points } : null,
        replayed: p ? { code: p.code, points: p.points } : null,
      });
      continue;
    }
    same(`assessment.factors[${i}].code`, r.code, p.code);
    same(`assessment.factors[${i}].points`, r.points, p.points);
  }
  // Checks recorded before model 2 kept no `missing`: nothing to compare.
  if (a.missing !== undefined) same('assessment.missing', (a.missing ?? []).join(', '), (replayed.missing ?? []).join(', '));
  same('result.risk_score', recorded.result.risk_score, replayed.score);
  same('result.risk_level', recorded.result.risk_level, replayed.level);
  same('result.aml_status', recorded.result.aml_status, replayed.status);
  return out;
}

/** Replays a check from its events, as stored (in stream order). */
export function replayCheck(checkId: string, events: readonly ReplayableEvent[], models: RiskModelRegistry = riskModels): CheckReplay {
  const state = foldCheck(events);
  const refuse = (reason: NotReplayableReason, message: string, modelVersion: string | null = null): CheckReplay => ({
    checkId,
    verdict: 'not-replayable',
    reason,
    message,
    modelVersion,
  });
  if (state.status === 'none') return refuse('no-check', `cannot be replayed: there is no check ${checkId}`);
  const evidence = evidenceOf(state);
  const version = recordedModelVersion(evidence);
  if (state.status === 'failed')
    return refuse('check-failed', `cannot be replayed: the check failed and gave no verdict (${state.error ?? 'no reason recorded'})`, version);
  if (state.status === 'running')
    return refuse('still-running', `cannot be replayed: the check is still running (${state.stages.length} of 7 stages recorded)`, version);
  const missing = (['blockchain', 'sanctions', 'intelligence', 'patterns'] as const).filter((k) => !isObject(evidence[k]));
  const recordedAssessment = isObject(evidence.patterns) ? evidence.patterns.assessment : undefined;
  if (missing.length > 0 || !isObject(recordedAssessment) || !state.result) {
    const what = [
      ...missing.map((k) => `the ${k} stage's evidence`),
      ...(isObject(recordedAssessment) || missing.includes('patterns') ? [] : ['the recorded assessment']),
      ...(state.result ? [] : ['the result']),
    ];
    return refuse('evidence-missing', `cannot be replayed: the check does not record ${what.join(', ')}`, version);
  }
  if (version === null) return refuse('model-version-unknown', 'cannot be replayed: the check records no risk-model version');
  const model = models.get(version);
  if (!model) return refuse('model-version-unknown', `cannot be replayed: model version ${version} is not available`, version);
  let run: ReturnType<typeof model.run>;
  try {
    run = model.run({
      blockchain: evidence.blockchain as BlockchainEvidence,
      sanctions: evidence.sanctions as SanctionsEvidence,
      intelligence: evidence.intelligence as IntelligenceEvidence,
      patterns: evidence.patterns as PatternsStageEvidence,
    } satisfies RiskEvidence);
  } catch (error) {
    return refuse(
      'evidence-missing',
      `cannot be replayed: the recorded evidence lacks what model ${version} reads (${error instanceof Error ? error.message : String(error)})`,
      version,
    );
  }
  const recorded = {
    assessment: recordedAssessment as unknown as RiskAssessment,
    result: { risk_score: state.result.risk_score, risk_level: state.result.risk_level, aml_status: state.result.aml_status },
  };
  const profile = recordedProfile(evidence);
  const differences = [
    ...(profile && profile.version !== model.version ? [{ field: 'riskProfile.version', recorded: profile.version, replayed: model.version }] : []),
    ...(profile && profile.sha256 !== model.sha256 ? [{ field: 'riskProfile.sha256', recorded: profile.sha256, replayed: model.sha256 }] : []),
    ...compareVerdicts(recorded, run.assessment),
  ];
  return {
    checkId,
    verdict: differences.length === 0 ? 'identical' : 'differs',
    modelVersion: version,
    profile: { version: model.version, sha256: model.sha256 },
    inputs: run.inputs,
    recorded,
    replayed: run.assessment,
    differences,
  };
}

/** The versions of everything a check used, as its evidence records them (null where it records none). */
export interface RecordedVersions {
  riskModel: string | null;
  /** The profile the check recorded it was scored with (version and hash); null in checks recorded before profiles. */
  riskProfile: { version: string; sha256: string } | null;
  sanctionsList: { source: string; publishedAt: string | null; sha256: string; importedAt: string; addressCount: number } | null;
  sanctionsListLoaded: boolean | null;
  customLists: Array<{ listId: string; name: string; kind: string; version: number; sha256: string; entryCount: number }>;
  intelligence: { labelsVersion: string | null; chainabuse: string | null };
  /** The feeds in force when the check ran (empty in checks recorded before feeds). */
  feeds: Array<{ id: string; name: string; version: string; sha256: string; entryCount: number }>;
  blockchainProvider: string | null;
  /** How far funds were followed beyond the direct counterparties; null when not traced (depth 1, no data, or recorded before tracing). */
  trace: { depth: number; fanOut: number; requestBudget: number; requests: number; expanded: number; failed: number; notExpanded: number } | null;
  reusedBlockchainDataOf: string | null;
  writer: string | null;
}

export function recordedVersions(events: readonly ReplayableEvent[]): RecordedVersions {
  const state = foldCheck(events);
  const evidence = state.status === 'none' ? {} : evidenceOf(state);
  const init = isObject(evidence.initialize) ? (evidence.initialize as unknown as Partial<InitializeEvidence>) : {};
  const sanctions = isObject(evidence.sanctions) ? (evidence.sanctions as unknown as Partial<SanctionsEvidence>) : null;
  const intel = isObject(evidence.intelligence) ? (evidence.intelligence as unknown as Partial<IntelligenceEvidence>) : null;
  const chain = isObject(evidence.blockchain) ? (evidence.blockchain as unknown as BlockchainEvidence) : null;
  const narrative = isObject(evidence.interpretation) ? (evidence.interpretation as unknown as Partial<InterpretationStageEvidence>) : null;
  const list = sanctions?.list ?? init.sanctionsList ?? null;
  const provider = chain ? (chain.ok ? (chain.data as Partial<typeof chain.data> | undefined)?.provider : chain.provider) : undefined;
  const profile = recordedProfile(evidence);
  return {
    riskModel: recordedModelVersion(evidence),
    riskProfile:
      profile && typeof profile.version === 'string' && typeof profile.sha256 === 'string' ? { version: profile.version, sha256: profile.sha256 } : null,
    sanctionsList: list && {
      source: list.source,
      publishedAt: list.publishedAt,
      sha256: list.sha256,
      importedAt: list.importedAt,
      addressCount: list.addressCount,
    },
    sanctionsListLoaded: sanctions?.listLoaded ?? null,
    customLists: (sanctions?.customLists?.consulted ?? []).map((l) => ({
      listId: l.listId,
      name: l.name,
      kind: l.kind,
      version: l.version,
      sha256: l.sha256,
      entryCount: l.entryCount,
    })),
    intelligence: {
      labelsVersion: intel?.labelsVersion ?? init.labelsVersion ?? null,
      chainabuse: intel?.chainabuse ? intel.chainabuse.status : (init.chainabuse ?? null),
    },
    feeds: (init.feeds ?? []).map((f) => ({ id: f.id, name: f.name, version: f.version, sha256: f.sha256, entryCount: f.entryCount })),
    blockchainProvider: provider ?? null,
    trace:
      chain?.ok && chain.trace
        ? {
            depth: chain.trace.depth,
            fanOut: chain.trace.fanOut,
            requestBudget: chain.trace.requestBudget,
            requests: chain.trace.requests,
            expanded: chain.trace.expansions.filter((e) => e.ok).length,
            failed: chain.trace.expansions.filter((e) => !e.ok).length,
            notExpanded: chain.trace.notExpanded.length,
          }
        : null,
    reusedBlockchainDataOf: chain?.reusedFrom?.checkId ?? null,
    writer: narrative?.writer ?? init.writer ?? null,
  };
}
