import type { CheckReplayResponse } from '@walletscreen/contracts';
import { formatReplayValue, replayFieldLabel, replayVerdictView } from './replay-display';

const verdict = { score: 72, level: 'High Risk', status: 'Non-compliant', factors: [{ code: 'exposure.sanctioned', points: 60, reason: 'x' }] };
const base: CheckReplayResponse = {
  check_id: '5d0e6f1c-2b7a-4c1e-9a55-0f0d1c2b3a4e',
  verdict: 'identical',
  reason: null,
  message: 'identical: …',
  model_version: 'risk-model-2',
  differences: [],
  inputs: {},
  recorded: { assessment: verdict, result: { risk_score: 72, risk_level: 'High Risk', aml_status: 'Non-compliant' } },
  replayed: verdict,
};

it('reads identical with the replayed score, level and status', () => {
  expect(replayVerdictView(base)).toMatchObject({
    kind: 'identical',
    title: 'Identical',
    score: 72,
    level: 'High Risk',
    status: 'Non-compliant',
    agreed: [
      { label: 'Risk score', recorded: '72', replayed: '72' },
      { label: 'Risk level', recorded: 'High Risk', replayed: 'High Risk' },
      { label: 'AML status', recorded: 'Non-compliant', replayed: 'Non-compliant' },
      { label: 'Factors', recorded: '1', replayed: '1' },
    ],
  });
});

it('reads differs with each field by name, recorded and replayed', () => {
  const view = replayVerdictView({ ...base, verdict: 'differs', differences: [{ field: 'result.risk_score', recorded: 65, replayed: 72 }] });
  expect(view).toMatchObject({
    kind: 'differs',
    title: 'Differs in 1 field',
    differences: [{ field: 'result.risk_score', label: 'Risk score (stored result)', recorded: '65', replayed: '72' }],
  });
});

it('never reads as clean when the check cannot be replayed, and says why in plain words', () => {
  const view = replayVerdictView({
    ...base,
    verdict: 'not-replayable',
    reason: 'model-version-unknown',
    message: 'cannot be replayed: model version risk-model-0 is not available',
    recorded: null,
    replayed: null,
  });
  expect(view).toEqual({
    kind: 'not-replayable',
    title: 'The risk-model version this check used is not available on this server',
    detail: 'Model version risk-model-0 is not available.',
  });
  expect(replayVerdictView({ ...base, verdict: 'not-replayable', reason: 'still-running', message: '' }).kind).toBe('not-replayable');
  // "identical" without both verdicts confirms nothing.
  expect(replayVerdictView({ ...base, replayed: null }).kind).toBe('not-replayable');
  // Differences listed under any verdict are shown as differences.
  expect(replayVerdictView({ ...base, differences: [{ field: 'assessment.level', recorded: 'Low Risk', replayed: 'High Risk' }] }).kind).toBe('differs');
});

it('names factor fields and formats values', () => {
  expect(replayFieldLabel('assessment.factors[1].points')).toBe('Factor 2: points');
  expect(replayFieldLabel('assessment.factors[0]')).toBe('Factor 1');
  expect(replayFieldLabel('something.else')).toBe('something.else');
  expect(formatReplayValue(null)).toBe('none');
  expect(formatReplayValue('')).toBe('(empty)');
  expect(formatReplayValue({ code: 'a', points: 3 })).toBe('{"code":"a","points":3}');
});
