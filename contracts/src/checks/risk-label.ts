/** Risk-label and AML-status classification (spec §4), shared by every screen and the PDF. */

/**
 * `incomplete`: the check lacked evidence it needs to clear an address (no sanctions list loaded,
 * or no blockchain data), so it has no Low or Medium verdict; see docs/risk-model.md.
 */
export type RiskLevel = 'low' | 'medium' | 'high' | 'incomplete' | 'unknown';

/** The verdict of a check that lacked its evidence: its risk level and its AML status. */
export const INCOMPLETE_RISK_LEVEL = 'Incomplete';
export const INCOMPLETE_AML_STATUS = 'Incomplete — data unavailable';

export const riskLevelLabels = ['Low Risk', 'Medium Risk', 'High Risk', INCOMPLETE_RISK_LEVEL] as const;
export type RiskLevelLabel = (typeof riskLevelLabels)[number];

export interface RiskLabel {
  level: RiskLevel;
  /** "Low Risk", "Medium Risk", "High Risk", "Incomplete" or "Unknown". */
  text: string;
}

/**
 * By text, trimmed and case-insensitive: containing "incomplete" (checked first), "low", "medium"
 * or "high"; anything else is Unknown.
 */
export function classifyRiskLabel(value: string | null | undefined): RiskLabel {
  const v = (value ?? '').trim().toLowerCase();
  if (v.includes('incomplete')) return { level: 'incomplete', text: INCOMPLETE_RISK_LEVEL };
  if (v.includes('low')) return { level: 'low', text: 'Low Risk' };
  if (v.includes('medium')) return { level: 'medium', text: 'Medium Risk' };
  if (v.includes('high')) return { level: 'high', text: 'High Risk' };
  return { level: 'unknown', text: 'Unknown' };
}

export type AmlStatusKind = 'compliant' | 'review' | 'non-compliant' | 'incomplete' | 'unknown';
export interface AmlStatusLabel {
  kind: AmlStatusKind;
  text: string;
}

/**
 * "Compliant", "Requires further review" (also "Review Required"), "Non-compliant",
 * "Incomplete — data unavailable" (anything starting "incomplete"), else "Unknown status".
 */
export function classifyAmlStatus(value: string | null | undefined): AmlStatusLabel {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'compliant') return { kind: 'compliant', text: 'Compliant' };
  if (v === 'requires further review' || v === 'review required') return { kind: 'review', text: 'Requires further review' };
  if (v === 'non-compliant' || v === 'non compliant' || v === 'noncompliant') return { kind: 'non-compliant', text: 'Non-compliant' };
  if (v.startsWith('incomplete')) return { kind: 'incomplete', text: INCOMPLETE_AML_STATUS };
  return { kind: 'unknown', text: 'Unknown status' };
}

/** Access level shown for a check; empty shows "Standard" (spec §4). */
export function accessLabel(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return v === '' ? 'Standard' : v;
}

/**
 * The score to show next to a verdict: none for an incomplete check, whose points are only a lower
 * bound of what the missing evidence could add (every screen and the PDF show "—" or "Not scored").
 */
export function shownRiskScore(riskLevel: string | null | undefined, score: number | null | undefined): number | null {
  if (classifyRiskLabel(riskLevel).level === 'incomplete') return null;
  return typeof score === 'number' && Number.isFinite(score) ? score : null;
}

/**
 * A verdict that is Incomplete: the check lacked the evidence to give one. It delivered nothing the
 * customer can rely on, so its charge is given back like a failed check's.
 */
export const isIncompleteVerdict = (result: { risk_level?: string | null } | null | undefined): boolean =>
  classifyRiskLabel(result?.risk_level).level === 'incomplete';
