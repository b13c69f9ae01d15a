/**
 * Every deterministic id of the product, in one place. An id derived from what a command is about
 * (a user's e-mail, a check's Idempotency-Key, a Stripe session) makes a retried or concurrent
 * copy of the command land on the same stream and write the same event ids, which the store
 * recognises and does not append twice. These functions are part of the stored data's meaning:
 * changing one would make a retry after an upgrade a second charge or a second user, so they
 * are never changed, only added to.
 */
import { createHash } from 'node:crypto';

const hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A name-based UUID (SHA-256 of `text`, shaped as a version-8 UUID with the RFC 4122 variant). */
export function uuidFrom(text: string): string {
  const h = hex(text);
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The ids of the events a command appends: the stream, the command's id and the event's place
 * among the command's events. The command handler's default.
 */
export const commandEventId = (streamId: string, commandId: string, index: number) => uuidFrom(`${streamId}|${commandId}|${index}`);

/**
 * The ids of the analysis pipeline's events on a check's stream (`what`: `stage-<n>`,
 * `completed`, `failed`). Written with the variant digit fixed at `a` since the first stored
 * check, so they keep that shape.
 */
export function checkPipelineEventId(checkId: string, what: string): string {
  const h = hex(`${checkId}|${what}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
