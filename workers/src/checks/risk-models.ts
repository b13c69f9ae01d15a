/**
 * The risk-model versions a replay can run, by the version a check records
 * (`InitializeEvidence.riskModel`, `RiskAssessment.model`): every version ever released, each a
 * profile (risk-profiles/<version>.ts) run by the one engine (risk-model.ts), identified by its
 * version and the SHA-256 of its canonical JSON. Each is held by golden fixtures of what the builds
 * recording it recorded (workers/test-fixtures/risk-models, replayed by golden-fixtures.unit.test.ts).
 *
 * When the model changes: a new version is a new profile. Write risk-profiles/<new version>.ts (the
 * current profile's data with what changes), point CURRENT_RISK_PROFILE (risk-model.ts) at it and add
 * the one it replaces to the list below. A rule the engine does not have yet is a new switch of the
 * profile (risk-profile.ts), off in every earlier profile. Never edit a released profile: its hash
 * is recorded with the checks it scored, and its fixtures hold it. A version not held here is
 * reported as not replayable; it is never scored with another version.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '@walletscreen/platform';
import { riskInputsOf, type RiskEvidence } from './risk-inputs';
import { assessRisk, CURRENT_RISK_PROFILE, type RiskAssessment, type RiskInputs } from './risk-model';
import type { RiskProfile } from './risk-profile';
import { riskProfile as v1_0_0 } from './risk-profiles/1.0.0';
import { riskProfile as v1_1_0 } from './risk-profiles/1.1.0';
import { riskProfile as v2_0_0 } from './risk-profiles/2.0.0';
import { riskProfile as v3_0_0 } from './risk-profiles/3.0.0';
import { riskProfile as v3_1_0 } from './risk-profiles/3.1.0';
import { riskProfile as v3_2_0 } from './risk-profiles/3.2.0';
import { riskProfile as v3_3_0 } from './risk-profiles/3.3.0';

/** A profile with its identity: the SHA-256 (hex) of its canonical JSON (keys sorted, no whitespace: RFC 8785 for JSON values). */
export interface HashedRiskProfile {
  version: string;
  sha256: string;
  profile: RiskProfile;
}

export const riskProfileSha256 = (profile: RiskProfile): string => createHash('sha256').update(canonicalJson(profile), 'utf8').digest('hex');

export interface RegisteredRiskModel extends HashedRiskProfile {
  /** The inputs this version reads from a check's recorded evidence, and its verdict on them. */
  run(evidence: RiskEvidence): { inputs: RiskInputs; assessment: RiskAssessment };
}

export function registerRiskModel(profile: RiskProfile): RegisteredRiskModel {
  return {
    version: profile.version,
    sha256: riskProfileSha256(profile),
    profile,
    run(evidence) {
      const inputs = riskInputsOf(evidence, profile);
      return { inputs, assessment: assessRisk(inputs, profile) };
    },
  };
}

export type RiskModelRegistry = ReadonlyMap<string, RegisteredRiskModel>;

export const riskModelRegistry = (models: readonly RegisteredRiskModel[]): RiskModelRegistry => new Map(models.map((m) => [m.version, m]));

/** Every version held, oldest first: the released ones and the current one (the pipeline's own). */
export const riskModels: RiskModelRegistry = riskModelRegistry(
  [v1_0_0, v1_1_0, v2_0_0, v3_0_0, v3_1_0, v3_2_0, v3_3_0, CURRENT_RISK_PROFILE].map(registerRiskModel),
);

/** The version new checks are scored with, with its hash (what each check records beside its assessment). */
export const currentRiskModel: RegisteredRiskModel = riskModels.get(CURRENT_RISK_PROFILE.version)!;

/** A version's profile and its hash, for an evidence bundle or a verifier; undefined for a version not held. */
export function riskProfileOf(version: string): HashedRiskProfile | undefined {
  const m = riskModels.get(version);
  return m && { version: m.version, sha256: m.sha256, profile: m.profile };
}
