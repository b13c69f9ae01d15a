/**
 * The one way every screen writes a date (spec §9, dd.MM.yyyy) or a moment (dd.MM.yyyy HH:mm),
 * both in UTC like the server's timestamps and the date filters, so a check's time reads the same
 * in History, its details, the audit log and the alerts. Screens call these, never toLocale* or
 * their own padding.
 */
import { formatDate as formatUtcDate, parseHistoryTimestamp } from '@walletscreen/contracts';

/** The date inputs' format (Mantine's dayjs tokens) matching `formatDate`. */
export const DATE_INPUT_FORMAT = 'DD.MM.YYYY';

/** Shown for a date that is not there (never used, no expiry...). */
export const NO_DATE = '—';

type DateValue = string | Date | null | undefined;

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Exclude<DateValue, null | undefined>): Date | null {
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

/** dd.MM.yyyy (UTC) of an ISO moment, an ISO day (yyyy-MM-dd) or a Date; "—" when absent, the text itself when unreadable. */
export function formatDate(value: DateValue): string {
  if (value === null || value === undefined || value === '') return NO_DATE;
  const d = toDate(value);
  return d ? formatUtcDate(d) : String(value);
}

/** dd.MM.yyyy HH:mm (UTC); "—" when absent, the text itself when unreadable. */
export function formatDateTime(value: DateValue): string {
  if (value === null || value === undefined || value === '') return NO_DATE;
  const d = toDate(value);
  return d ? `${formatUtcDate(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : String(value);
}

/** A typed date, dd.MM.yyyy (one-digit day and month allowed), as YYYY-MM-DD; null while incomplete or impossible (the date inputs' parser). */
export function parseDayInput(input: string): string | null {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(input.trim());
  if (!m) return null;
  const day = parseHistoryTimestamp(`${m[1]!.padStart(2, '0')}.${m[2]!.padStart(2, '0')}.${m[3]}`);
  return day ? day.toISOString().slice(0, 10) : null;
}
