/** The e-mail an alert sends: what changed, before and after, the new hits and a link to the inbox. */
import { alertReasonText, networkNames, type Verdict } from '@walletscreen/contracts';
import type { AlertRaised } from '@walletscreen/domain/alert/events';

const verdictText = (v: Verdict) =>
  `${v.level || 'Incomplete'}${v.score !== null ? ` (score ${v.score})` : ''}, ${v.status || 'no status'}, ${v.sanctionsHits.length} sanctions hit${v.sanctionsHits.length === 1 ? '' : 's'}`;

export function alertEmail(alert: AlertRaised, publicUrl: string): { subject: string; text: string } {
  const wallet = `${alert.address} (${networkNames[alert.network]})${alert.reference ? `, reference ${alert.reference}` : ''}`;
  const lines = [
    `A watched wallet's screening changed: ${wallet}.`,
    '',
    ...alert.reasons.map((r) => `- ${alertReasonText[r]}`),
    '',
    `Before: ${verdictText(alert.before)}`,
    `After:  ${verdictText(alert.after)}`,
  ];
  if (alert.evidence.newHits.length > 0) {
    lines.push('', 'New hits:');
    for (const h of alert.evidence.newHits)
      lines.push(
        `- ${h.relation === 'wallet' ? 'The wallet' : `Counterparty ${h.address}`} on ${h.list}${h.entity ? `: ${h.entity}` : ''}${h.programs.length ? ` (${h.programs.join(', ')})` : ''}`,
      );
  }
  if (alert.evidence.listChange)
    lines.push('', `Re-screened because the list "${alert.evidence.listChange.list}" changed, with the blockchain data of the previous check (no charge).`);
  lines.push(
    '',
    `Check id: ${alert.checkId} (previous check: ${alert.previousCheckId})`,
    `Open the Alerts inbox: ${publicUrl.replace(/\/$/, '')}/dashboard/alerts`,
  );
  return { subject: `Alert: ${alert.reasons.map((r) => alertReasonText[r]).join(', ')} for ${alert.address}`, text: lines.join('\n') };
}
