/**
 * The history filter bar: what the user typed, and what is sent to the server when Search is
 * pressed. Filtering is the server's (address: case-insensitive substring; risk level: exact;
 * dates: whole days, inclusive).
 */
import { parseHistoryTimestamp, riskLevelLabels, type RiskLevelLabel } from '@walletscreen/contracts';

export interface HistoryFilters {
  address: string;
  /** Empty: every level ("Choose"). */
  riskLevel: RiskLevelLabel | '';
  /** YYYY-MM-DD, or null. */
  dateFrom: string | null;
  dateTo: string | null;
}

export const emptyFilters: HistoryFilters = { address: '', riskLevel: '', dateFrom: null, dateTo: null };

export { DATE_INPUT_FORMAT as DATE_FORMAT } from '../../lib/format-date';
export const DATE_ORDER_MESSAGE = 'Date to must be on or after Date from';

export const riskOptions: { value: RiskLevelLabel | ''; label: string }[] = [
  { value: '', label: 'Choose' },
  ...riskLevelLabels.map((label) => ({ value: label, label })),
];

export function isRiskLevelLabel(value: string): value is RiskLevelLabel {
  return (riskLevelLabels as readonly string[]).includes(value);
}

/** A typed date, dd.MM.yyyy (one-digit day and month allowed), as YYYY-MM-DD; null while incomplete or impossible. */
export function parseDayInput(input: string): string | null {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(input.trim());
  if (!m) return null;
  const day = parseHistoryTimestamp(`${m[1]!.padStart(2, '0')}.${m[2]!.padStart(2, '0')}.${m[3]}`);
  return day ? day.toISOString().slice(0, 10) : null;
}

/** The filters as sent: trimmed, the dates checked for order. */
export function applyFilters(draft: HistoryFilters): { ok: true; filters: HistoryFilters } | { ok: false; dateToError: string } {
  if (draft.dateFrom && draft.dateTo && draft.dateFrom > draft.dateTo) return { ok: false, dateToError: DATE_ORDER_MESSAGE };
  return { ok: true, filters: { ...draft, address: draft.address.trim() } };
}

/** The query parameters of a history page (empty filters are left out by the client). */
export function historyQueryParams(filters: HistoryFilters, offset: number, limit: number): Record<string, string | number | undefined> {
  return {
    limit,
    offset,
    address: filters.address.trim() || undefined,
    risk_level: filters.riskLevel || undefined,
    date_from: filters.dateFrom ?? undefined,
    date_to: filters.dateTo ?? undefined,
  };
}
