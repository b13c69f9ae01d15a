/**
 * Read-your-writes for this browser: the server answers a write with a consistency token (the
 * store position of what it recorded: the `Consistency-Token` header, or `consistency_token` on a
 * settled check's socket message); the client keeps the newest it has seen and sends it with every
 * read, so History, the PDF and the admin lists show this browser's own writes at once, without the
 * server waiting on its read models to answer the write.
 */
export const CONSISTENCY_TOKEN = 'Consistency-Token';

let newest = 0;

/** Remembers a token from an answer (ignored when absent, malformed or older than one seen). */
export function noteConsistencyToken(token: string | null | undefined): void {
  if (!token || !/^[0-9]{1,15}$/.test(token)) return;
  newest = Math.max(newest, Number(token));
}

/** The header a read sends: the newest token seen (none before any write). */
export function consistencyHeaders(): Record<string, string> {
  return newest > 0 ? { [CONSISTENCY_TOKEN]: String(newest) } : {};
}

/** Forgets the tokens (signing out, tests). */
export function resetConsistencyTokens(): void {
  newest = 0;
}
