/**
 * The risk model as a check's evidence bundle carries it: the version the check recorded, whether
 * this build's registry holds it, and that version's profile (its weights, thresholds and rules as
 * data) with its hash, the SHA-256 of its canonical JSON (risk-models.ts). The verifier re-runs that
 * profile on the recorded evidence with the engine, and holds its hash to the one the check recorded.
 */
import type { EvidenceBundle } from '@walletscreen/contracts';
import { riskModels, type RiskModelRegistry } from './risk-models';

export type EvidenceModel = EvidenceBundle['model'];

export function evidenceModel(version: string | null, models: RiskModelRegistry = riskModels): EvidenceModel {
  const registered = version === null ? undefined : models.get(version);
  return {
    version,
    held: registered !== undefined,
    profile: registered?.profile ?? null,
    profile_sha256: registered?.sha256 ?? null,
  };
}
