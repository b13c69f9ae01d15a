/**
 * Days as the API's filters take them (UTC, YYYY-MM-DD), said the same way to the server (zod) and
 * to the OpenAPI document (a `pattern` that keeps months to 01–12 and days to 01–31; the month's
 * length, which no pattern says, is checked after it).
 */
import { z } from 'zod';

/** The text of a day's pattern, YYYY-MM-DD, for patterns that take more forms beside it. */
export const ISO_DAY_PATTERN = '\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])';
const isoDay = new RegExp(`^${ISO_DAY_PATTERN}$`);

/** `text` is a day some calendar has, YYYY-MM-DD (not 31 November, not 29 February 2027). */
export const isIsoDay = (text: string): boolean => isoDay.test(text) && new Date(`${text}T00:00:00.000Z`).toISOString().slice(0, 10) === text;

export const dayMessages = { form: 'Use a date as YYYY-MM-DD', notADay: 'Not a valid date' } as const;

/** A day filter of a query: absent or empty is no filter (as an empty form field sends it). */
export const dayFilter = () =>
  z
    .string()
    .regex(new RegExp(`^(${ISO_DAY_PATTERN})?$`), { error: dayMessages.form })
    .refine((v) => v === '' || isIsoDay(v), { error: dayMessages.notADay })
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/** What an operation filtered by days says of its 400, in the OpenAPI document. */
export const DAY_FILTER_REFUSED = 'Invalid filter: a day no calendar has (such as 31 November), a start after the end, or another value out of range';
