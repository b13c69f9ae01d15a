/**
 * Arithmetic on ISO-8601 timestamps, pure: what decisions need to compute a deadline from the
 * moment a command carries (domain code reads no clock, so it does not use Date itself).
 */

/** `at` plus some milliseconds, as an ISO timestamp. */
export const plusMilliseconds = (at: string, ms: number): string => new Date(Date.parse(at) + ms).toISOString();

/** The milliseconds from `from` to `to` (negative when `to` is earlier). */
export const millisecondsBetween = (from: string, to: string): number => Date.parse(to) - Date.parse(from);
