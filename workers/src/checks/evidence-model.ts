/**
 * The risk model as a check's evidence bundle carries it: the version the check recorded, whether
 * this build's registry holds it (a verifier from this repository can then re-run it), and the
 * version's profile with its hash.
 *
 * THE ONE PLACE where the model's profile joins the bundle: once risk-model versions are data
 * profiles (issue 35, section 1: risk-models.ts gives a version's profile and its content hash), set
 * `profile` and `profile_sha256` here from the registry's entry; nothing else changes (the bundle's
 * schema, the routes and the verifier already carry them).
 */
import type { EvidenceBundle } from '@walletscreen/contracts';
import { riskModels, type RiskModelRegistry } from './risk-models';

export type EvidenceModel = EvidenceBundle['model'];

export function evidenceModel(version: string | null, models: RiskModelRegistry = riskModels): EvidenceModel {
  const registered = version === null ? undefined : models.get(version);
  return {
    version,
    held: registered !== undefined,
    // Section 1 of issue 35: the registered version's profile and its hash, once versions are profiles.
    profile: null,
    profile_sha256: null,
  };
}
