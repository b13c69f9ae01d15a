/** How a history row reads: its time, its AML status and the mobile risk colour. */
import { classifyAmlStatus, classifyRiskLabel, networkNames, parseHistoryTimestamp, type HistoryItem, type Network } from '@walletscreen/contracts';
import { formatDateTime } from '../../lib/format-date';
import type { Tone } from '../../components/tone';

/** dd.MM.yyyy HH:mm (UTC, like the server's timestamps and date filters); the raw text when unreadable. */
export function formatCheckTime(item: Pick<HistoryItem, 'created_at' | 'created_at_iso'>): string {
  const iso = item.created_at_iso ? new Date(item.created_at_iso) : null;
  const moment = iso && !Number.isNaN(iso.getTime()) ? iso : parseHistoryTimestamp(item.created_at);
  if (!moment) return item.created_at;
  return formatDateTime(moment);
}

/** The AML Compliance cell: the status colours, grey "Unknown status", and "Unknown" when empty. */
export function amlCell(value: string): { tone: Tone; text: string } {
  if (value.trim() === '') return { tone: 'unknown', text: 'Unknown' };
  const status = classifyAmlStatus(value);
  switch (status.kind) {
    case 'compliant':
      return { tone: 'low', text: status.text };
    case 'review':
      return { tone: 'medium', text: status.text };
    case 'non-compliant':
      return { tone: 'high', text: status.text };
    case 'incomplete':
      return { tone: 'incomplete', text: status.text };
    case 'unknown':
      return { tone: 'unknown', text: status.text };
    default: {
      const _exhaustive: never = status.kind;
      return _exhaustive;
    }
  }
}

/**
 * The mobile list's risk colour: red for High Risk, orange for Medium Risk, green otherwise (the
 * spec); neutral when there is no level at all, and for an incomplete check, which is never green.
 */
export function mobileRiskTone(value: string): Tone {
  if (value.trim() === '') return 'unknown';
  const level = classifyRiskLabel(value).level;
  return level === 'high' ? 'high' : level === 'medium' ? 'medium' : level === 'incomplete' ? 'incomplete' : 'low';
}

/**
 * How a check is named on screen: the first 8 characters of its id ("3f1f7a0e"), the same for the
 * check whatever the filters or the page, unlike its row number; the full id is a copy away.
 */
export const shortCheckId = (id: string) => (id.length > 8 ? id.slice(0, 8) : id);

/** The network's name ("Ethereum"); a network this screen does not know reads as sent. */
export function networkLabel(network: string): string {
  return Object.hasOwn(networkNames, network) ? networkNames[network as Network] : network || 'Unknown';
}
