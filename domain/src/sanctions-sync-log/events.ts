/**
 * The record of every attempt to sync the OFAC list, by the server's daily refresh, an admin's
 * "Sync now" or file upload, or `npm run sanctions:sync`: one stream, `sanctions-sync`, with
 * `SanctionsSyncSucceeded` (the list was imported, or was unchanged) or `SanctionsSyncFailed`
 * (with the reason) per attempt, each saying what triggered it and where the list came from. The
 * list itself stays in `sanctions-ofac`; this stream answers "when did we last try, from where,
 * and did it work?".
 */
import { z } from 'zod';
import { sanctionsSyncTriggers } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';

export const sanctionsSyncStreamId = 'sanctions-sync';

/** The admin who uploaded the file (an upload only; absent in attempts recorded before it was). */
export const sanctionsUploaderSchema = z.object({ userId: z.string(), email: z.string() });
export type SanctionsUploader = z.infer<typeof sanctionsUploaderSchema>;

export const sanctionsSyncSucceededSchema = z.object({
  /** The URL or file path the list came from, or "uploaded by <admin e-mail>: <file name>". */
  origin: z.string(),
  /** Absent in attempts recorded before triggers were. */
  trigger: z.enum(sanctionsSyncTriggers).optional(),
  uploadedBy: sanctionsUploaderSchema.optional(),
  /** `unchanged`: the file was the list in force already. */
  status: z.enum(['imported', 'unchanged']),
  sha256: z.string(),
  publishedAt: z.string().nullable(),
  addressCount: z.number(),
  at: z.string(),
});
export type SanctionsSyncSucceeded = z.infer<typeof sanctionsSyncSucceededSchema>;

export const sanctionsSyncFailedSchema = z.object({
  origin: z.string(),
  /** Absent in attempts recorded before triggers were. */
  trigger: z.enum(sanctionsSyncTriggers).optional(),
  uploadedBy: sanctionsUploaderSchema.optional(),
  /** The SanctionsListError code, or `error` for anything else. */
  code: z.string(),
  reason: z.string(),
  at: z.string(),
});
export type SanctionsSyncFailed = z.infer<typeof sanctionsSyncFailedSchema>;

export const sanctionsSyncEvents = eventUnion([
  eventSchema('SanctionsSyncSucceeded', sanctionsSyncSucceededSchema),
  eventSchema('SanctionsSyncFailed', sanctionsSyncFailedSchema),
]);
export type SanctionsSyncEvent = z.infer<typeof sanctionsSyncEvents.schema>;
export const sanctionsSyncEventTypes = sanctionsSyncEvents.types;
