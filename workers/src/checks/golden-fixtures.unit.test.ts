/**
 * The golden fixtures of every risk-model version ever released (workers/test-fixtures/risk-models,
 * see its README): checks that the build recording each version actually recorded, kept as their
 * events. Each is replayed through the registry (replay.ts, as the auditor's replay runs it) and must
 * give the recorded assessment byte for byte (the two as canonical JSON: score, level, status,
 * missing evidence, and every factor's code, points and reason, in order) and the result the check
 * completed with (risk score, level, AML status), which is also what the HTTP answer said.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { canonicalJson } from '@walletscreen/platform';
import { replayCheck, type ReplayableEvent } from './replay';
import { riskModels } from './risk-models';

const root = path.resolve(__dirname, '../../test-fixtures/risk-models');

interface Fixture {
  format: 1;
  scenario: string;
  about: string;
  recordedBy: { commit: string; node: string; writer: string; recordedAt: string };
  checkId: string;
  answered: { risk_score: number; risk_level: string; aml_status: string };
  events: ReplayableEvent[];
}

/** Every fixture: `<version>/<commit>/<scenario>.json.gz`. */
const fixtures = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.json.gz'))
  .sort()
  .map((file) => {
    const [version, commit] = file.split(path.sep);
    const fixture = JSON.parse(gunzipSync(readFileSync(path.join(root, file))).toString('utf8')) as Fixture;
    return { file, version: version!, commit: commit!, fixture };
  });

const stage = (f: Fixture, key: string) => {
  const e = f.events.find((x) => x.type === 'WalletCheckStageCompleted' && (x.data as { key: string }).key === key);
  return (e?.data as { evidence?: Record<string, unknown> } | undefined)?.evidence;
};
const completed = (f: Fixture) =>
  (f.events.find((x) => x.type === 'WalletCheckCompleted')?.data as { result: { risk_score: number; risk_level: string; aml_status: string } } | undefined)
    ?.result;

describe.each(fixtures)('$file', ({ version, commit, fixture }) => {
  it('was recorded by the build its folder names, under the version its folder names', () => {
    expect(fixture.recordedBy.commit.slice(0, commit.length)).toBe(commit);
    expect(stage(fixture, 'patterns')?.assessment).toMatchObject({ model: `walletscreen-risk-${version}` });
    expect(stage(fixture, 'initialize')).toMatchObject({ riskModel: `walletscreen-risk-${version}` });
  });

  it('replays through the registry to the recorded assessment, byte for byte, and the recorded result', () => {
    const recorded = stage(fixture, 'patterns')?.assessment;
    const result = completed(fixture);
    const replay = replayCheck(fixture.checkId, fixture.events, riskModels);
    if (replay.verdict === 'not-replayable') throw new Error(replay.message);
    expect(replay.differences).toEqual([]);
    expect(replay.verdict).toBe('identical');
    expect(canonicalJson(replay.replayed)).toBe(canonicalJson(recorded));
    const verdict = { risk_score: replay.replayed.score, risk_level: replay.replayed.level, aml_status: replay.replayed.status };
    expect(verdict).toEqual({ risk_score: result?.risk_score, risk_level: result?.risk_level, aml_status: result?.aml_status });
    expect(verdict).toEqual(fixture.answered);
  });
});

describe('the fixtures', () => {
  const versions = [...new Set(fixtures.map((f) => f.version))];

  it('hold every version the registry holds, and only those', () => {
    expect(versions.map((v) => `walletscreen-risk-${v}`).sort()).toEqual([...riskModels.keys()].sort());
  });

  it("include checks that recorded the profile they were scored with, whose hash is the registry's", () => {
    const recorded = fixtures.flatMap(({ fixture }) => {
      const p = stage(fixture, 'patterns')?.riskProfile as { version: string; sha256: string } | undefined;
      return p ? [p] : [];
    });
    expect(recorded.length).toBeGreaterThan(0);
    for (const p of recorded) expect(p.sha256).toBe(riskModels.get(p.version)?.sha256);
  });

  it.each(versions)('of %s give each verdict the version could give', (version) => {
    const levels = new Set(fixtures.filter((f) => f.version === version).map((f) => f.fixture.answered.risk_level));
    const expected = ['High Risk', 'Medium Risk', 'Low Risk', ...(version.startsWith('1.') ? [] : ['Incomplete'])];
    expect([...levels].sort()).toEqual(expected.sort());
  });
});
