/** Risk-label and AML-status classification (spec §4), shared by every screen and the PDF. */

export type RiskLevel = 'low' | 'medium' | 'high' | 'unknown';
export const riskLevelLabels = ['Low Risk', 'Medium Risk', 'High Risk'] as const;
export type RiskLevelLabel = (typeof riskLevelLabels)[number];

export interface RiskLabel {
  level: RiskLevel;
  /** "Low Risk", "Medium Risk", "High Risk" or "Unknown". */
  text: string;
}

/** By text, trimmed and case-insensitive: containing "low", "medium" or "high"; anything else is Unknown. */
export function classifyRiskLabel(value: string | null | undefined): RiskLabel {
  const v = (value ?? '').trim().toLowerCase();
  if (v.includes('low')) return { level: 'low', text: 'Low Risk' };
  if (v.includes('medium')) return { level: 'medium', text: 'Medium Risk' };
  if (v.includes('high')) return { level: 'high', text: 'High Risk' };
  return { level: 'unknown', text: 'Unknown' };
}

export type AmlStatusKind = 'compliant' | 'review' | 'non-compliant' | 'unknown';
export interface AmlStatusLabel {
  kind: AmlStatusKind;
  text: string;
}

/** "Compliant", "Requires further review" (also "Review Required"), "Non-compliant", else "Unknown status". */
export function classifyAmlStatus(value: string | null | undefined): AmlStatusLabel {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'compliant') return { kind: 'compliant', text: 'Compliant' };
  if (v === 'requires further review' || v === 'review required')
    return { kind: 'review', text: 'Requires further review' };
  if (v === 'non-compliant' || v === 'non compliant' || v === 'noncompliant')
    return { kind: 'non-compliant', text: 'Non-compliant' };
  return { kind: 'unknown', text: 'Unknown status' };
}

/** Access level shown for a check; empty shows "Standard" (spec §4). */
export function accessLabel(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return v === '' ? 'Standard' : v;
}
