/**
 * Read-your-writes across the write side and the read models. A command is answered from its own
 * stream, never by waiting for a read model; the answer carries the store position of what it
 * recorded as a consistency token (`Consistency-Token: <position>`, also `consistency_token` on a
 * settled check's socket message). A later request that must show that write (a read, or a call
 * that reads a read model, like the PDF of a stored check) sends the token back in the same header,
 * and is handled once the read models have reached that position, or after a bounded wait
 * (`READ_YOUR_WRITES_WAIT_MS`) with what they show then. The web app sends back the newest token it
 * has seen with every read and download; API clients may do the same. A request without a token
 * never waits: a command is decided on its streams.
 */
import type { RequestHandler, Response } from 'express';
import { z } from 'zod';
import { Invalid } from '@walletscreen/domain/errors';

export const CONSISTENCY_TOKEN = 'Consistency-Token';

/** How long a read waits for the read models to reach its token before it is answered anyway. */
export const READ_YOUR_WRITES_WAIT_MS = 3_000;

/** A token as a request sends it: a whole number, or empty (the same as none). */
const tokenSchema = z
  .string()
  .regex(/^([0-9]{1,15})?$/)
  .optional()
  .meta({ description: 'A `Consistency-Token` from an earlier answer: the read waits (up to 3 s) until the read models show that write (empty: none)' });

/** The request header, as the OpenAPI document lists it on every read (and as readYourWrites reads it). */
export const consistencyTokenHeaderSchema = z.object({ [CONSISTENCY_TOKEN]: tokenSchema });

/** The response header's description, for the routes that set it. */
export const consistencyTokenAnswer = {
  [CONSISTENCY_TOKEN]: 'The store position of what this call recorded: send it back on a read that must show it',
} as const;

/** Sets the answer's token (nothing when the call recorded nothing and knows no position). */
export function setConsistencyToken(res: Response, position: number | null | undefined): void {
  if (typeof position === 'number' && Number.isSafeInteger(position) && position > 0) res.setHeader(CONSISTENCY_TOKEN, String(position));
}

/** The token of a request, or null without one; a malformed one is refused. */
export function consistencyTokenOf(value: string | string[] | undefined): number | null {
  const token = tokenSchema.safeParse(value);
  if (!token.success) {
    throw new Invalid('The Consistency-Token header must be a token from an earlier answer (a whole number)', {
      [CONSISTENCY_TOKEN]: 'Not a consistency token',
    });
  }
  return token.data ? Number(token.data) : null;
}

/** Waits until the read models have reached a position (rejects when they have not within `timeoutMs`). */
export type ReadModelsAt = (position: number, timeoutMs: number) => Promise<void>;

/** A request that carries a token waits, bounded, until the read models have reached it. */
export function readYourWrites(readModelsAt: ReadModelsAt | undefined): RequestHandler {
  return (req, _res, next) => {
    let position: number | null;
    try {
      position = consistencyTokenOf(req.headers[CONSISTENCY_TOKEN.toLowerCase()]);
    } catch (error) {
      return next(error);
    }
    if (position === null || !readModelsAt) return next();
    readModelsAt(position, READ_YOUR_WRITES_WAIT_MS).then(
      () => next(),
      // Not there in time: answered with what the read models show now.
      () => next(),
    );
  };
}
