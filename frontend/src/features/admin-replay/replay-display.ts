/**
 * How a replay reads on screen: the verdict in words, each differing field by a name people know,
 * and the values as recorded and replayed. A replay that could not run never reads as a clean result.
 */
import type { CheckReplayResponse } from '@walletscreen/contracts';

type NotReplayableReason = NonNullable<CheckReplayResponse['reason']>;

const REASON_TITLES: Record<NotReplayableReason, string> = {
  'check-failed': 'The check failed, so it has no verdict to replay',
  'still-running': 'The check is still running: there is no verdict to replay yet',
  'model-version-unknown': 'The risk-model version this check used is not available on this server',
  'evidence-missing': 'The recorded evidence lacks what the risk model reads',
};

export type ReplayVerdictView =
  | { kind: 'identical'; title: string; detail: string; score: number; level: string; status: string; agreed: ReplayAgreementRow[] }
  | { kind: 'differs'; title: string; detail: string; differences: ReplayDifferenceRow[] }
  | { kind: 'not-replayable'; title: string; detail: string };

/** One field of an identical replay: recorded and replayed, equal. */
export interface ReplayAgreementRow {
  label: string;
  recorded: string;
  replayed: string;
}

export interface ReplayDifferenceRow {
  field: string;
  label: string;
  recorded: string;
  replayed: string;
}

/** The server's message without its "cannot be replayed: " lead, as a sentence. */
function sentence(message: string): string {
  const text = message.replace(/^cannot be replayed:\s*/i, '').trim();
  if (text === '') return '';
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

const FIELD_LABELS: Record<string, string> = {
  'result.risk_score': 'Risk score (stored result)',
  'result.risk_level': 'Risk level (stored result)',
  'result.aml_status': 'AML status (stored result)',
  'assessment.score': 'Score (model assessment)',
  'assessment.level': 'Level (model assessment)',
  'assessment.status': 'Status (model assessment)',
  'assessment.missing': 'Missing evidence (model assessment)',
};

/** A differing field by a name people know: "Risk score (stored result)", "Factor 2: points". */
export function replayFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const factor = /^assessment\.factors\[(\d+)\](?:\.(code|points))?$/.exec(field);
  if (factor) {
    const n = Number(factor[1]) + 1;
    return factor[2] === 'code' ? `Factor ${n}: code` : factor[2] === 'points' ? `Factor ${n}: points` : `Factor ${n}`;
  }
  return field;
}

/** A recorded or replayed value as text: numbers and words as they are, "none" for nothing, objects as JSON. */
export function formatReplayValue(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The verdict to show. "Identical" needs both verdicts present and no difference; anything else is never shown as clean. */
export function replayVerdictView(replay: CheckReplayResponse): ReplayVerdictView {
  const model = replay.model_version ? `model ${replay.model_version}` : 'an unknown model version';
  if (replay.verdict === 'not-replayable') {
    const title = replay.reason ? REASON_TITLES[replay.reason] : 'This check cannot be replayed';
    return { kind: 'not-replayable', title, detail: sentence(replay.message) || 'The server gave no reason.' };
  }
  if (replay.verdict === 'differs' || replay.differences.length > 0) {
    const differences = replay.differences.map((d) => ({
      field: d.field,
      label: replayFieldLabel(d.field),
      recorded: formatReplayValue(d.recorded),
      replayed: formatReplayValue(d.replayed),
    }));
    const count = differences.length;
    return {
      kind: 'differs',
      title: count === 1 ? 'Differs in 1 field' : `Differs in ${count} fields`,
      detail: `Re-running ${model} on the recorded evidence does not give what was recorded.`,
      differences,
    };
  }
  if (!replay.recorded || !replay.replayed) {
    return {
      kind: 'not-replayable',
      title: 'The replay did not return both verdicts',
      detail: 'The server answered "identical" without the recorded and replayed verdicts, so nothing can be confirmed.',
    };
  }
  return {
    kind: 'identical',
    title: 'Identical',
    detail: `Re-running ${model} on the recorded evidence gives the recorded score, level, status and factors.`,
    score: replay.replayed.score,
    level: replay.replayed.level,
    status: replay.replayed.status,
    agreed: [
      { label: 'Risk score', recorded: String(replay.recorded.result.risk_score), replayed: String(replay.replayed.score) },
      { label: 'Risk level', recorded: replay.recorded.result.risk_level, replayed: replay.replayed.level },
      { label: 'AML status', recorded: replay.recorded.result.aml_status, replayed: replay.replayed.status },
      { label: 'Factors', recorded: String(replay.recorded.assessment.factors.length), replayed: String(replay.replayed.factors.length) },
    ],
  };
}
