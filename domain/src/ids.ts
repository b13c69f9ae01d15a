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

// ---- aggregate ids: derived from what makes two requests the same one -----------------------

/** A user's id from their e-mail (trimmed, lower case): registering twice finds the same account. */
export const userIdForEmail = (email: string) => uuidFrom(`user:${email.trim().toLowerCase()}`);

/** A check's id from its requester and the Idempotency-Key they sent: a retried request is the same check. */
export const checkIdFor = (userId: string, idempotencyKey: string) => uuidFrom(`check|${userId}|${idempotencyKey}`);

/** The one case of a check or an alert: opening it twice finds the same case. */
export const caseIdFor = (subject: { kind: 'check'; checkId: string } | { kind: 'alert'; alertId: string }) =>
  uuidFrom(subject.kind === 'check' ? `case|check:${subject.checkId}` : `case|alert:${subject.alertId}`);

/** A watch's id: one per user, network and address. */
export const watchIdOf = (userId: string, network: string, address: string) => uuidFrom(`watch|${userId}|${network}|${address}`);

/** The alert a watch's re-screen raises: one per watch and check. */
export const alertIdFor = (watchId: string, checkId: string) => uuidFrom(`alert|${watchId}|${checkId}`);

/** A purchase's id from its payment provider's session: a webhook delivered twice credits once. */
export const purchaseIdFor = (provider: 'stripe' | 'local', sessionId: string) => uuidFrom(`purchase:${provider}:${sessionId}`);

/** A batch's id from its submitter and their key: a retried submission is the same batch. */
export const batchIdFor = (userId: string, key: string) => uuidFrom(`batch|${userId}|${key}`);

/** A webhook delivery's id: one per recorded event and endpoint. */
export const webhookDeliveryIdFor = (eventId: string, endpointId: string) => uuidFrom(`${eventId}|${endpointId}`);

// ---- Idempotency-Keys of the checks the product starts itself (their ids are checkIdFor's) -----

/** The check of a batch's wallet: its first row's line, so a resumed batch charges nothing twice. */
export const batchRowCheckKey = (batchId: string, line: number) => `batch:${batchId}:${line}`;

/** A watch's scheduled re-screen for one slot: concurrent schedulers and restarts start (and charge) one check. */
export const scheduledRescreenKey = (watchId: string, slot: string) => `watch|${watchId}|${slot}`;

/** A watch's re-screen for one list change (the list event's id). */
export const listChangeRescreenKey = (watchId: string, listEventId: string) => `watch|${watchId}|list|${listEventId}`;

// ---- event ids of streams written before the command handler's scheme ------------------------

/** The one WalletCheckRequested of a check (by the API, or by the charge sweeper after a crash). */
export const checkRequestedEventId = (checkId: string) => uuidFrom(`${checkId}|requested`);

/** The one AlertRaised of an alert. */
export const alertRaisedEventId = (alertId: string) => uuidFrom(`${alertId}|raised`);

/** The events of a batch's submission, by their place in it. */
export const batchSubmittedEventId = (batchId: string, index: number) => uuidFrom(`${batchId}|submitted|${index}`);

/** The one BatchCompleted of a batch. */
export const batchCompletedEventId = (batchId: string) => uuidFrom(`${batchId}|completed`);

/** An imported list version's events (sanctions list, intelligence feed), by stream revision and the file's digest: a retried import appends nothing. */
export const importedVersionEventId = (streamId: string, revision: number, sha256: string) => uuidFrom(`${streamId}|${revision}|${sha256}`);
