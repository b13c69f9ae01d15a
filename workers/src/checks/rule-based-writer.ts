/**
 * The rule-based writer: the narrative and recommendations when no language model is configured,
 * or when it fails or times out. It only restates the evidence and the computed assessment, in
 * words a customer can act on: what is missing and who can fix it, never a setting or a command.
 */
import { INCOMPLETE_RISK_LEVEL } from '@walletscreen/contracts';
import type { RiskAssessment } from './risk-model';

export interface NarrativeInputs {
  assessment: RiskAssessment;
  directSanctions: boolean;
  sanctionsListLoaded: boolean;
  blockchainDataAvailable: boolean;
  /** The network's transactions are not read (Monero, listed text, …): screened against the lists only. Absent on checks recorded before it. */
  sanctionsOnly?: boolean;
  unavailableSources: string[];
}

export interface Narrative {
  writer: string;
  summary: string;
  recommendations: string[];
}

/** What could not be gathered, in words, for the summary. */
function missingWords(inputs: NarrativeInputs): string[] {
  const missing: string[] = [];
  if (!inputs.sanctionsListLoaded) missing.push('no sanctions list is loaded, so no sanctions screening was possible');
  if (inputs.sanctionsOnly)
    missing.push(
      'this is a sanctions-only screening: the transactions of this chain are not read, so counterparties, exposure and transaction patterns are unknown',
    );
  else if (!inputs.blockchainDataAvailable)
    missing.push('the blockchain data could not be fetched, so counterparties, exposure and transaction patterns are unknown');
  return missing;
}

export function writeRuleBasedNarrative(inputs: NarrativeInputs): Narrative {
  const { assessment } = inputs;
  const incomplete = assessment.level === INCOMPLETE_RISK_LEVEL;
  const top = [...assessment.factors]
    .sort((a, b) => b.points - a.points)
    .slice(0, 3)
    .map((f) => f.reason.toLowerCase());
  const missing = missingWords(inputs);
  let summary: string;
  if (incomplete) {
    const found =
      assessment.factors.length === 0
        ? 'Nothing adverse was found in the evidence that could be checked'
        : `The evidence that could be checked adds up to ${assessment.score} points, mainly because ${top.join('; ')}`;
    summary = `The check is incomplete: ${missing.join('; ')}. No risk verdict can be given without that evidence. ${found}; this is not a clean result.`;
  } else if (assessment.factors.length === 0) {
    summary = `No adverse evidence was found: the score is ${assessment.score}/100 (${assessment.level}).`;
  } else {
    summary = `The score is ${assessment.score}/100 (${assessment.level}), mainly because ${top.join('; ')}.`;
  }
  if (!incomplete && missing.length > 0) summary += ` Some evidence was missing (${missing.join('; ')}); it could only add to this verdict.`;

  const recommendations: string[] = [];
  if (inputs.directSanctions) {
    recommendations.push(
      'Do not transact with this address. Block or freeze related funds and report the match to your compliance officer for a sanctions filing.',
    );
  } else if (assessment.factors.some((f) => f.code === 'label.terrorism')) {
    // Model 3.3.0: a terrorism label is a prohibition like a sanctions listing (no allow list clears it).
    recommendations.push(
      'Do not transact with this address: it is labelled terrorism financing. Block or freeze related funds and report it to your compliance officer for a suspicious activity report.',
    );
  } else if (assessment.level === 'High Risk') {
    recommendations.push('Reject or hold the transaction and escalate to enhanced due diligence before any release of funds.');
  } else if (assessment.level === 'Medium Risk') {
    recommendations.push('Apply enhanced due diligence: ask the customer for the source of funds and document the review before proceeding.');
  } else if (incomplete) {
    recommendations.push('Do not treat this address as cleared: hold the transaction, or apply enhanced due diligence, until a complete check has been run.');
  } else {
    recommendations.push('Standard due diligence is sufficient; re-screen the address before large or repeated transfers.');
  }
  if (!inputs.sanctionsListLoaded)
    recommendations.push('No sanctions list is loaded: ask your administrator to load the sanctions list, then run the check again.');
  if (inputs.sanctionsOnly) {
    recommendations.push(
      'Only the sanctions list and your lists were screened: establish the source of funds by other means (the customer, the counterparty exchange) before relying on this address.',
    );
  } else if (!inputs.blockchainDataAvailable) {
    const sources = inputs.unavailableSources.filter((s) => s !== 'Chainabuse' && s !== 'blockchain data');
    recommendations.push(
      `The blockchain data could not be fetched${sources.length > 0 ? ` (${sources.join(', ')})` : ''}: run the check again later; if it keeps failing, ask your administrator to check the blockchain data sources.`,
    );
  }
  if (inputs.unavailableSources.includes('Chainabuse'))
    recommendations.push('Chainabuse could not be reached: run the check again before relying on the absence of abuse reports.');
  return { writer: 'rule-based', summary, recommendations };
}
