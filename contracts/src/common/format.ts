/** Formatting shared by browser, server and PDF (spec §9). */

/** First 6 characters, "...", last 4. Short values are returned unchanged. */
export function shortenAddress(address: string): string {
  if (address.length <= 13) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** dd.MM.yyyy in UTC. */
export function formatDate(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/** dd.MM.yyyy HH:mm UTC: a moment as the screens, the report and the PDF write it (CSV and the API keep ISO 8601). */
export function formatMoment(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** dd.MM.yy HH:mm in UTC, the stored history timestamp form. */
export function formatHistoryTimestamp(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  const yy = pad(d.getUTCFullYear() % 100);
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${yy} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/**
 * Parses "dd.MM.yy" or "dd.MM.yyyy", with an optional space and "HH:mm", as a UTC moment.
 * Returns null for anything else, including impossible dates such as 31.02.
 */
export function parseHistoryTimestamp(text: string): Date | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{2}|\d{4})(?:\s?(\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [, dd, mm, yy, hh, mi] = m;
  const year = yy!.length === 2 ? 2000 + Number(yy) : Number(yy);
  const month = Number(mm) - 1;
  const day = Number(dd);
  const hour = hh === undefined ? 0 : Number(hh);
  const minute = mi === undefined ? 0 : Number(mi);
  if (hour > 23 || minute > 59) return null;
  const d = new Date(Date.UTC(year, month, day, hour, minute));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month || d.getUTCDate() !== day) return null;
  return d;
}

/** "$12.00": dollars with two decimals. */
export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
