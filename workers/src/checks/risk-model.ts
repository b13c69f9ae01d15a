/**
 * The risk model: a deterministic score 0-100 from weighted evidence, its level and the AML
 * status. Every weight and threshold lives in this file with its rationale, and every point of
 * a score is traced to a factor, so an auditor can see why any score was given. Pure: no clock,
 * no network; the same evidence always gives the same score.
 */

export const RISK_MODEL_VERSION = 'walletscreen-risk-1.1.0';

/** Categories of labelled addresses, from the intelligence feeds. */
export const riskCategories = ['sanctioned', 'mixer', 'darknet', 'ransomware', 'scam', 'theft', 'gambling', 'exchange', 'defi', 'bridge', 'other'] as const;
export type RiskCategory = (typeof riskCategories)[number];

export interface RiskInputs {
  /** Entries of a sanctions list matching the wallet itself. */
  directSanctionHits: number;
  /** Counterparties on a sanctions list, and their share (0-1) of the wallet's examined volume. */
  sanctionedCounterparties: number;
  sanctionedVolumeShare: number;
  /** Categories the wallet itself is labelled with. */
  ownCategories: readonly RiskCategory[];
  /** Share (0-1) of examined volume exchanged with counterparties of each category. */
  exposure: Partial<Record<RiskCategory, number>>;
  /** Reports about the wallet on Chainabuse (0 when unknown). */
  abuseReports: number;
  /** Behaviour flags from the transaction patterns. */
  flags: readonly PatternFlag[];
  /** False when the blockchain data could not be fetched: nothing can be cleared without it. */
  blockchainDataAvailable: boolean;
  /** Names of the administrator's custom block lists the wallet itself is on. */
  customBlockLists?: readonly string[];
  /** Counterparties on a custom block list (and on no sanctions list), and their share (0-1) of examined volume. */
  customBlockedCounterparties?: number;
  customBlockedVolumeShare?: number;
  /** Names of the administrator's custom allow lists the wallet itself is on. */
  allowLists?: readonly string[];
}

export type PatternFlag = 'pass-through' | 'fan-in' | 'fan-out' | 'dusting' | 'new-wallet-large-volume' | 'mixer-interaction';

export interface RiskFactor {
  code: string;
  points: number;
  reason: string;
}

export interface RiskAssessment {
  model: string;
  score: number;
  level: 'Low Risk' | 'Medium Risk' | 'High Risk';
  status: 'Compliant' | 'Requires further review' | 'Non-compliant';
  factors: RiskFactor[];
}

/**
 * Weights, in points of the 0-100 score.
 * - A direct sanctions match is a legal prohibition, not a matter of degree: the maximum.
 * - A wallet that is itself a mixer, darknet market or ransomware address is presumed to launder;
 *   scam and theft addresses hold proceeds of crime; gambling is a regulated-risk industry.
 * - Exposure counts per category with a floor for any contact (a single transaction with a
 *   sanctioned party is reportable) plus a part proportional to the share of volume.
 * - Behaviour flags are weak signals on their own and only add up.
 */
export const WEIGHTS = {
  directSanction: 100,
  /**
   * Custom lists are the institution's own decisions. An address on one of its block lists is
   * refused like a sanctioned one: the maximum, and High / Non-compliant whatever else is found.
   * A counterparty on a block list is exposure weighed like a sanctioned counterparty.
   * An allow list is the institution's own clearance of an address after review: it removes the
   * risk that comes from what others say about that address (its own intelligence labels,
   * Chainabuse reports, custom block lists). It never removes a sanctions hit (OFAC or a
   * `sanctioned` label), nor what the address does (its exposure and transaction patterns).
   */
  customBlock: { direct: 100, exposure: { floor: 40, perShare: 45 } },
  own: { sanctioned: 100, mixer: 80, darknet: 80, ransomware: 85, scam: 65, theft: 65, gambling: 20 } as Partial<Record<RiskCategory, number>>,
  exposure: {
    sanctioned: { floor: 40, perShare: 45 },
    mixer: { floor: 20, perShare: 50 },
    darknet: { floor: 25, perShare: 50 },
    ransomware: { floor: 30, perShare: 50 },
    scam: { floor: 12, perShare: 40 },
    theft: { floor: 15, perShare: 40 },
    gambling: { floor: 4, perShare: 15 },
  } as Partial<Record<RiskCategory, { floor: number; perShare: number }>>,
  abuseReport: { each: 10, max: 30 },
  flags: { 'pass-through': 10, 'fan-in': 5, 'fan-out': 5, dusting: 4, 'new-wallet-large-volume': 10, 'mixer-interaction': 10 } as Record<PatternFlag, number>,
  /** Exposure below this share is treated as no exposure (rounding noise of tiny transfers). */
  minShare: 0.0005,
} as const;

/** Level thresholds: High at 70 and above, Medium from 35, Low below. */
export const THRESHOLDS = { high: 70, medium: 35 } as const;

const pct = (share: number) => `${(share * 100).toFixed(share < 0.01 ? 2 : 1)}%`;

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

export function assessRisk(inputs: RiskInputs): RiskAssessment {
  const factors: RiskFactor[] = [];
  const allowLists = [...new Set(inputs.allowLists ?? [])].sort();
  const allowed = allowLists.length > 0;
  /** What an allow list kept out of the score, for its own (zero-point) factor. */
  const cleared: string[] = [];
  if (inputs.directSanctionHits > 0) {
    factors.push({ code: 'sanctions.direct', points: WEIGHTS.directSanction, reason: `The address is on a sanctions list (${inputs.directSanctionHits} listing${inputs.directSanctionHits > 1 ? 's' : ''})` });
  }
  const blockLists = [...new Set(inputs.customBlockLists ?? [])].sort();
  if (blockLists.length > 0) {
    if (allowed) cleared.push(`its block list${blockLists.length > 1 ? 's' : ''} ${quoted(blockLists)}`);
    else factors.push({ code: 'custom.block', points: WEIGHTS.customBlock.direct, reason: `The address is on your block list${blockLists.length > 1 ? 's' : ''} ${quoted(blockLists)}` });
  }
  for (const category of [...new Set(inputs.ownCategories)].sort()) {
    const points = WEIGHTS.own[category];
    if (!points) continue;
    if (allowed && category !== 'sanctioned') cleared.push(`its ${category} label`);
    else factors.push({ code: `label.${category}`, points, reason: `The address is labelled ${category}` });
  }
  if (inputs.sanctionedCounterparties > 0) {
    const w = WEIGHTS.exposure.sanctioned!;
    const share = Math.min(1, Math.max(0, inputs.sanctionedVolumeShare));
    factors.push({
      code: 'exposure.sanctioned',
      points: Math.round(w.floor + w.perShare * share),
      reason: `${inputs.sanctionedCounterparties} counterpart${inputs.sanctionedCounterparties > 1 ? 'ies are' : 'y is'} sanctioned (${pct(share)} of examined volume)`,
    });
  }
  const customBlocked = inputs.customBlockedCounterparties ?? 0;
  if (customBlocked > 0) {
    const w = WEIGHTS.customBlock.exposure;
    const share = Math.min(1, Math.max(0, inputs.customBlockedVolumeShare ?? 0));
    factors.push({
      code: 'exposure.custom-block',
      points: Math.round(w.floor + w.perShare * share),
      reason: `${customBlocked} counterpart${customBlocked > 1 ? 'ies are' : 'y is'} on your block lists (${pct(share)} of examined volume)`,
    });
  }
  for (const category of riskCategories) {
    if (category === 'sanctioned') continue;
    const w = WEIGHTS.exposure[category];
    const share = inputs.exposure[category] ?? 0;
    if (!w || share < WEIGHTS.minShare) continue;
    factors.push({ code: `exposure.${category}`, points: Math.round(w.floor + w.perShare * Math.min(1, share)), reason: `${pct(share)} of examined volume is with ${category} addresses` });
  }
  if (inputs.abuseReports > 0 && allowed) cleared.push(`${inputs.abuseReports} abuse report${inputs.abuseReports > 1 ? 's' : ''}`);
  else if (inputs.abuseReports > 0) {
    factors.push({
      code: 'reports.chainabuse',
      points: Math.min(WEIGHTS.abuseReport.max, WEIGHTS.abuseReport.each * inputs.abuseReports),
      reason: `${inputs.abuseReports} abuse report${inputs.abuseReports > 1 ? 's' : ''} on Chainabuse`,
    });
  }
  for (const flag of [...new Set(inputs.flags)].sort()) {
    factors.push({ code: `pattern.${flag}`, points: WEIGHTS.flags[flag], reason: `Transaction pattern: ${flag.replace(/-/g, ' ')}` });
  }

  if (allowed) {
    factors.push({
      code: 'custom.allow',
      points: 0,
      reason: `The address is on your allow list${allowLists.length > 1 ? 's' : ''} ${quoted(allowLists)}: ${cleared.length > 0 ? `${cleared.join(', ')} ${cleared.length > 1 ? 'were' : 'was'} not scored` : 'nothing needed clearing'}; sanctions hits, exposure and patterns still count`,
    });
  }

  const score = Math.min(100, factors.reduce((sum, f) => sum + f.points, 0));
  const direct = inputs.directSanctionHits > 0 || (blockLists.length > 0 && !allowed);
  const level = direct || score >= THRESHOLDS.high ? 'High Risk' : score >= THRESHOLDS.medium ? 'Medium Risk' : 'Low Risk';
  const status =
    level === 'High Risk' ? 'Non-compliant' : level === 'Medium Risk' || !inputs.blockchainDataAvailable ? 'Requires further review' : 'Compliant';
  return { model: RISK_MODEL_VERSION, score: direct ? 100 : score, level, status, factors };
}
