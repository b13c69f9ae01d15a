/**
 * The risk-model versions a replay can run, by the version a check records
 * (`InitializeEvidence.riskModel`, `RiskAssessment.model`): the current one and the frozen ones:
 * 3.3.0 (no co-spend clustering: checks recorded before it),
 * 3.2.0 (no weights for the categories added with issue 28: sextortion, phishing, exploit, terrorism, coinjoin, frozen; checks recorded before them),
 * 3.1.0 (no rule for enabled sources that were not read; checks recorded before it), 3.0.0 (native amounts only; checks recorded before token transfers were weighed) and 2.0.0
 * (direct exposure only; checks recorded before tracing).
 *
 * When the model changes: copy risk-model.ts and risk-inputs.ts as they are into a frozen
 * `risk-model-<old version>/` folder (nothing else imports it), bump RISK_MODEL_VERSION, and add
 * the frozen copy here beside the new one. Each entry extracts its own inputs from the recorded
 * evidence, so a version whose inputs differ stays runnable. A version not held here is reported
 * as not replayable; it is never scored with another version.
 */
import { riskInputsOf, type RiskEvidence } from './risk-inputs';
import { assessRisk, RISK_MODEL_VERSION, type RiskAssessment } from './risk-model';
import { riskInputsOf as riskInputsOf2 } from './risk-model-2.0.0/risk-inputs';
import { riskInputsOf as riskInputsOf3 } from './risk-model-3.0.0/risk-inputs';
import { riskInputsOf as riskInputsOf31 } from './risk-model-3.1.0/risk-inputs';
import { riskInputsOf as riskInputsOf32 } from './risk-model-3.2.0/risk-inputs';
import { riskInputsOf as riskInputsOf33 } from './risk-model-3.3.0/risk-inputs';
import { assessRisk as assessRisk33, RISK_MODEL_VERSION as RISK_MODEL_VERSION_33 } from './risk-model-3.3.0/risk-model';
import { assessRisk as assessRisk32, RISK_MODEL_VERSION as RISK_MODEL_VERSION_32 } from './risk-model-3.2.0/risk-model';
import { assessRisk as assessRisk31, RISK_MODEL_VERSION as RISK_MODEL_VERSION_31 } from './risk-model-3.1.0/risk-model';
import { assessRisk as assessRisk3, RISK_MODEL_VERSION as RISK_MODEL_VERSION_3 } from './risk-model-3.0.0/risk-model';
import { assessRisk as assessRisk2, RISK_MODEL_VERSION as RISK_MODEL_VERSION_2 } from './risk-model-2.0.0/risk-model';

export interface RegisteredRiskModel {
  version: string;
  /** The inputs this version reads from a check's recorded evidence, and its verdict on them. */
  run(evidence: RiskEvidence): { inputs: unknown; assessment: RiskAssessment };
}

export function registerRiskModel<I>(version: string, inputsOf: (evidence: RiskEvidence) => I, assess: (inputs: I) => RiskAssessment): RegisteredRiskModel {
  return {
    version,
    run(evidence) {
      const inputs = inputsOf(evidence);
      return { inputs, assessment: assess(inputs) };
    },
  };
}

export type RiskModelRegistry = ReadonlyMap<string, RegisteredRiskModel>;

export const riskModelRegistry = (models: readonly RegisteredRiskModel[]): RiskModelRegistry => new Map(models.map((m) => [m.version, m]));

/** Every version held: the current one (the pipeline's own code path) and the frozen ones. */
export const riskModels: RiskModelRegistry = riskModelRegistry([
  registerRiskModel(RISK_MODEL_VERSION, riskInputsOf, assessRisk),
  registerRiskModel(RISK_MODEL_VERSION_33, riskInputsOf33, assessRisk33),
  registerRiskModel(RISK_MODEL_VERSION_32, riskInputsOf32, assessRisk32),
  registerRiskModel(RISK_MODEL_VERSION_31, riskInputsOf31, assessRisk31),
  registerRiskModel(RISK_MODEL_VERSION_3, riskInputsOf3, assessRisk3),
  registerRiskModel(RISK_MODEL_VERSION_2, riskInputsOf2, assessRisk2),
]);
