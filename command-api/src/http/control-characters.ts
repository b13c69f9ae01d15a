/**
 * No text the API stores may hold a NUL character (U+0000): databases and tools truncate or refuse
 * it (PostgreSQL, C strings, many CSV readers), a log line or an export cut at it hides the rest,
 * and no name, note, address or reason has one. A JSON body or query with one anywhere is refused
 * whole with 400, naming the field, before the route's handler sees it (route.ts mounts it after
 * each route's own body parser, so a CSV or text upload is covered too), and nothing is written.
 */
import type { RequestHandler } from 'express';
import { Invalid } from '@walletscreen/domain/errors';

const NUL = '\u0000';
/** Deeper than any request body of the API: a deeper one is not walked further (nothing stores it). */
const MAX_DEPTH = 32;

/** The path of the first string holding a NUL ("body.name", "body.items[3].address", "query.q"), or null. */
export function firstNulField(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? at : null;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstNulField(value[i], `${at}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    if (key.includes(NUL)) return `${at}.${key.replaceAll(NUL, '\\u0000')}`;
    const found = firstNulField(v, `${at}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** What an uploaded file (a raw body read as text) with a NUL is told: no text file has one. */
export const FILE_WITH_NUL =
  'The file holds a NUL character (U+0000), which no text file has: it is binary, or saved as UTF-16. Save it as UTF-8 text and upload it again.';

export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  const field = firstNulField(req.body, 'body') ?? firstNulField(req.query, 'query');
  if (!field) return next();
  if (field === 'body' && typeof req.body === 'string') return next(new Invalid(FILE_WITH_NUL, { body: FILE_WITH_NUL }));
  const name = field.replace(/^(body|query)\.?/, '') || field;
  const message = `${name} contains a NUL character (U+0000), which no text field may hold`;
  next(new Invalid(message, { [name]: message }));
};
