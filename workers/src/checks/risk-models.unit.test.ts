/**
 * The registry of risk-model versions: every version ever released is a profile, plain data,
 * identified by its version and the SHA-256 of its canonical JSON. A released profile never changes:
 * its hash is pinned here (and recorded with the checks it scored), so an edit of one fails here
 * before any check replays differently.
 */
import { createHash } from 'node:crypto';
import { riskCategories } from '@walletscreen/domain/feed/events';
import { canonicalJson } from '@walletscreen/platform';
import { CURRENT_RISK_PROFILE, RISK_MODEL_VERSION } from './risk-model';
import { currentRiskModel, riskModels, riskProfileOf } from './risk-models';

/** The hashes of the released profiles, pinned: a new version adds its line; no line ever changes. */
const released: Array<[string, string]> = [
  ['walletscreen-risk-1.0.0', '26d93424b970c5d73a02c751f7cb7e9352772ecabc4b5c9c813fdc606312e285'],
  ['walletscreen-risk-1.1.0', '43e95d298ad162af146b5525c18625ecb6ede2179d2e143898d5a4c2e1cab91f'],
  ['walletscreen-risk-2.0.0', '7461cb24640a9bb8bb8ccfaa75232927a3d6b227f8e33a11d310f7149c5a9f3c'],
  ['walletscreen-risk-3.0.0', '15956c3eb3b7ceeaabf2c137128bc0d7571dae173573624afe06fdccb2111d3b'],
  ['walletscreen-risk-3.1.0', '51b8224c5816be84bdbb4fc0d6723905d70b1c58fb8e1313fca8a9e7b550269c'],
  ['walletscreen-risk-3.2.0', '128bc1a03aa7b3813a01251670ed1b766638618f2ee5eb3cc756b3b786a83b86'],
  ['walletscreen-risk-3.3.0', 'f5e7e0b8e5303ae2cd7c9512e7415b984d1a80154ed1e17ccf275e6017a0365d'],
  ['walletscreen-risk-3.4.0', 'f3d32182b69afdc6c86db614904b5d896d8d0130056e92a7a7558b72a5e914d0'],
];

describe('the risk-model registry', () => {
  it('holds every released version, oldest first, the current one last', () => {
    expect([...riskModels.keys()]).toEqual(released.map(([v]) => v));
    expect(currentRiskModel.version).toBe(RISK_MODEL_VERSION);
    expect(currentRiskModel.profile).toBe(CURRENT_RISK_PROFILE);
    expect([...riskModels.keys()].at(-1)).toBe(RISK_MODEL_VERSION);
  });

  it.each(released)('identifies %s by the SHA-256 of its canonical JSON, which never changes', (version, sha256) => {
    const m = riskModels.get(version)!;
    expect(m.version).toBe(version);
    expect(m.profile.version).toBe(version);
    // Canonical JSON: keys sorted, no whitespace (the event store's hash chain's; RFC 8785 for these values).
    expect(createHash('sha256').update(canonicalJson(m.profile), 'utf8').digest('hex')).toBe(sha256);
    expect(m.sha256).toBe(sha256);
    expect(riskProfileOf(version)).toEqual({ version, sha256, profile: m.profile });
  });

  it.each(released)('keeps %s plain data: it survives a JSON round trip unchanged', (version) => {
    const { profile } = riskProfileOf(version)!;
    expect(JSON.parse(JSON.stringify(profile))).toEqual(profile);
  });

  it.each(released)('has %s weigh only categories it lists, each one the feeds know', (version) => {
    const { profile } = riskProfileOf(version)!;
    for (const category of profile.categories) expect(riskCategories).toContain(category);
    const weighed = [...Object.keys(profile.own), ...Object.keys(profile.exposure), ...Object.keys(profile.indirect?.weights ?? {})];
    for (const category of weighed) expect(profile.categories).toContain(category);
  });

  it('knows no other version: one never released is not held, and never scored with another', () => {
    expect(riskProfileOf('walletscreen-risk-0.9.0')).toBeUndefined();
    expect(riskModels.has('walletscreen-risk-0.9.0')).toBe(false);
  });
});
