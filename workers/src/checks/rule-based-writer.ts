/**
 * The rule-based writer: the narrative and recommendations when no language model is configured,
 * or when it fails or times out. It only restates the evidence and the computed assessment.
 */
import type { RiskAssessment } from './risk-model';

export interface NarrativeInputs {
  assessment: RiskAssessment;
  directSanctions: boolean;
  sanctionsListLoaded: boolean;
  blockchainDataAvailable: boolean;
  unavailableSources: string[];
}

export interface Narrative {
  writer: string;
  summary: string;
  recommendations: string[];
}

export function writeRuleBasedNarrative(inputs: NarrativeInputs): Narrative {
  const { assessment } = inputs;
  const top = [...assessment.factors].sort((a, b) => b.points - a.points).slice(0, 3).map((f) => f.reason.toLowerCase());
  const summary =
    assessment.factors.length === 0
      ? `No adverse evidence was found: the score is ${assessment.score}/100 (${assessment.level}).`
      : `The score is ${assessment.score}/100 (${assessment.level}), mainly because ${top.join('; ')}.`;
  const recommendations: string[] = [];
  if (inputs.directSanctions) {
    recommendations.push('Do not transact with this address. Block or freeze related funds and report the match to your compliance officer for a sanctions filing.');
  } else if (assessment.level === 'High Risk') {
    recommendations.push('Reject or hold the transaction and escalate to enhanced due diligence before any release of funds.');
  } else if (assessment.level === 'Medium Risk') {
    recommendations.push('Apply enhanced due diligence: ask the customer for the source of funds and document the review before proceeding.');
  } else {
    recommendations.push('Standard due diligence is sufficient; re-screen the address before large or repeated transfers.');
  }
  if (!inputs.sanctionsListLoaded) recommendations.push('No sanctions list is loaded: load the OFAC SDN list (npm run sanctions:sync) and run the check again.');
  if (!inputs.blockchainDataAvailable || inputs.unavailableSources.length > 0) {
    recommendations.push(`Some sources could not be reached (${inputs.unavailableSources.join(', ') || 'blockchain data'}): run the check again before relying on a clean result.`);
  }
  return { writer: 'rule-based', summary, recommendations };
}
