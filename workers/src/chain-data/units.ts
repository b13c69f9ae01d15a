/**
 * Exact unit conversion and the small parsing helpers every provider needs. Raw amounts arrive as
 * JSON numbers (satoshi, sun, lamports; safe integers, or strings when the HTTP helper kept a big
 * one exact) or decimal strings (wei, drops); they become BigInt and then a decimal string.
 */

/** Decimals of each chain's native unit. */
export const nativeDecimals = { satoshi: 8, wei: 18, sun: 6, lamports: 9, drops: 6 } as const;

/** A raw integer amount as BigInt; null when it is not an integer (or absent). */
export function toBigInt(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : null;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
  return null;
}

/** `toBigInt`, with 0 for anything that is not an integer. */
export const bigOrZero = (value: unknown): bigint => toBigInt(value) ?? 0n;

/** An integer amount of the smallest unit as a decimal string: formatUnits(150000000n, 8) === "1.5". */
export function formatUnits(raw: bigint, decimals: number): string {
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString();
  if (decimals === 0) return (negative ? '-' : '') + digits;
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return (negative ? '-' : '') + whole + (fraction ? `.${fraction}` : '');
}

/** ISO-8601 from Unix seconds; null for anything else. */
export function isoFromSeconds(seconds: unknown): string | null {
  const n = typeof seconds === 'string' && /^\d+$/.test(seconds) ? Number(seconds) : seconds;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : null;
}

/** ISO-8601 from Unix milliseconds; null for anything else. */
export function isoFromMillis(ms: unknown): string | null {
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : null;
}

/** ISO-8601 from an ISO-ish timestamp ("2022-10-10T14:34:30.000000Z"); null when it does not parse. */
export function isoFromText(text: unknown): string | null {
  if (typeof text !== 'string' || text === '') return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** The earlier / later of two ISO timestamps, ignoring nulls. */
export const earliest = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a < b ? a : b);
export const latest = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a > b ? a : b);

/** A record view of an unknown JSON value ({} for anything that is not an object). */
export function obj(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** An array view of an unknown JSON value ([] for anything that is not an array). */
export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A string view of an unknown JSON value (null for anything that is not a non-empty string). */
export function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
