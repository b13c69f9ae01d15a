import { classifyAmlStatus, classifyRiskLabel } from '@walletscreen/contracts';
import { amlTone, riskTone, ToneBadge } from './tone';

/** "Low Risk" (green, check), "Medium Risk" (gold, warning), "High Risk" (red, cross) or "Unknown". */
export function RiskBadge({ value }: { value: string | null | undefined }) {
  const label = classifyRiskLabel(value);
  return <ToneBadge tone={riskTone(label.level)}>{label.text}</ToneBadge>;
}

/** "Compliant" (green), "Requires further review" (gold), "Non-compliant" (red) or "Unknown status". */
export function AmlStatusBadge({ value, wrap = false }: { value: string | null | undefined; wrap?: boolean }) {
  const status = classifyAmlStatus(value);
  return (
    <ToneBadge tone={amlTone(status.kind)} wrap={wrap}>
      {status.text}
    </ToneBadge>
  );
}
