/**
 * The history filter bar: what was typed, and what is sent to the server when Search is pressed.
 * Filtering is the server's (address: case-insensitive substring; risk level: exact; dates: whole
 * days, inclusive; admins also filter by a substring of the user's e-mail).
 */
import { riskLevelLabels, type RiskLevelLabel } from '@walletscreen/contracts';

export interface HistoryFilters {
  address: string;
  /** Empty: every level ("Choose"). */
  riskLevel: RiskLevelLabel | '';
  /** YYYY-MM-DD, or null. */
  dateFrom: string | null;
  dateTo: string | null;
  /** A case-insensitive substring of the user's e-mail: the admins' filter, empty (and never sent) for a customer. */
  email: string;
}

export const emptyFilters: HistoryFilters = { address: '', riskLevel: '', dateFrom: null, dateTo: null, email: '' };

export const DATE_ORDER_MESSAGE = 'Date to must be on or after Date from';

export const riskOptions: { value: RiskLevelLabel | ''; label: string }[] = [
  { value: '', label: 'Choose' },
  ...riskLevelLabels.map((label) => ({ value: label, label })),
];

export function isRiskLevelLabel(value: string): value is RiskLevelLabel {
  return (riskLevelLabels as readonly string[]).includes(value);
}

/** The filters as sent: trimmed, the dates checked for order. */
export function applyFilters(draft: HistoryFilters): { ok: true; filters: HistoryFilters } | { ok: false; dateToError: string } {
  if (draft.dateFrom && draft.dateTo && draft.dateFrom > draft.dateTo) return { ok: false, dateToError: DATE_ORDER_MESSAGE };
  return { ok: true, filters: { ...draft, address: draft.address.trim(), email: draft.email.trim() } };
}

/** The filters as query parameters (empty ones are left out by the client; the e-mail only when asked, for the admins' calls). */
export function filterParams(filters: HistoryFilters, { email = false }: { email?: boolean } = {}): Record<string, string | undefined> {
  return {
    address: filters.address.trim() || undefined,
    risk_level: filters.riskLevel || undefined,
    date_from: filters.dateFrom ?? undefined,
    date_to: filters.dateTo ?? undefined,
    ...(email ? { email: filters.email.trim() || undefined } : {}),
  };
}
