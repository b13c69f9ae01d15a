/**
 * The event store's integrity as the server reports it: verified at start (on from the position
 * verified before) and as it runs. A break halts every write but signing in and out until an admin
 * acknowledges it (`IntegrityBreakAcknowledged`, domain/src/store-integrity). `/api/health` carries
 * it for monitoring; the admin area shows it on every page, with what to do.
 */
import { z } from 'zod';
import { chainProblemKinds } from './api';

export const storeIntegrityBreakSchema = z.object({
  position: z.number().int().meta({ description: 'Where the chain breaks (for `truncated`, the last event still there)' }),
  kind: z.enum(chainProblemKinds),
  reason: z.string(),
});
export type StoreIntegrityBreak = z.infer<typeof storeIntegrityBreakSchema>;

export const storeIntegritySchema = z.object({
  state: z.enum(['verified', 'broken', 'not-kept']).meta({
    description:
      '`verified`: the chain holds up to `verified_up_to`; `broken`: it breaks at `break.position`; `not-kept`: this event store keeps no hash chain',
  }),
  writes: z.enum(['open', 'halted']).meta({ description: '`halted` while a break is not acknowledged: every write is refused with 503' }),
  verified_up_to: z.number().int().nullable().meta({ description: 'The last position whose link held' }),
  checked_at: z.string().nullable(),
  /** How the last verification walked: on from the position verified before, or the whole chain. */
  mode: z.enum(['incremental', 'full']).nullable(),
  checked_events: z.number().int().nullable().meta({ description: 'Events the last verification read' }),
  break: storeIntegrityBreakSchema.nullable(),
  acknowledged_breaks: z.number().int().meta({ description: 'Breaks admins have acknowledged (each in the audit log)' }),
});
export type StoreIntegrity = z.infer<typeof storeIntegritySchema>;

/** The integrity of a store that keeps no hash chain (EventStoreDB), or of a service that does not watch it: nothing to verify, writes open. */
export const integrityNotKept: StoreIntegrity = {
  state: 'not-kept',
  writes: 'open',
  verified_up_to: null,
  checked_at: null,
  mode: null,
  checked_events: null,
  break: null,
  acknowledged_breaks: 0,
};

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']).meta({ description: '`degraded` while writes are halted on a break of the event store' }),
  integrity: storeIntegritySchema,
});
export type Health = z.infer<typeof healthSchema>;

/** The admin's view: the report, the break's event, and what to do about it. */
export const adminStoreIntegritySchema = storeIntegritySchema.extend({
  break_event: z
    .object({ stream: z.string().nullable(), type: z.string().nullable(), revision: z.number().int().nullable(), event_id: z.string().nullable() })
    .nullable(),
  /** What to do, in words (null while nothing is broken). */
  fix: z.string().nullable(),
});
export type AdminStoreIntegrity = z.infer<typeof adminStoreIntegritySchema>;

export const INTEGRITY_NOTE_MAX_LENGTH = 2000;

export const acknowledgeIntegrityBreakSchema = z.object({
  position: z.number().int().nonnegative().meta({ description: 'The position of the break you looked at (break.position)' }),
  note: z
    .string()
    .trim()
    .min(1, { error: 'Write a note: what you found and why the service may go on' })
    .max(INTEGRITY_NOTE_MAX_LENGTH, { error: `A note has at most ${INTEGRITY_NOTE_MAX_LENGTH} characters` }),
});
export type AcknowledgeIntegrityBreak = z.infer<typeof acknowledgeIntegrityBreakSchema>;

export const integrityMessages = {
  /** What a customer (or an API key) is told when a write is refused: no internals. */
  halted:
    'The service is paused for an integrity check of its records. Your data can still be read; changes are refused until an administrator has completed the check. Please try again later.',
  /** What an admin is told: the break, and the exact way out. */
  haltedForAdmin: (b: StoreIntegrityBreak) =>
    `Writes are halted: the event store's hash chain breaks at position ${b.position} (${b.kind}: ${b.reason}). ${integrityFix(b)}`,
};

/** The way out of a break, for admins. */
export function integrityFix(b: StoreIntegrityBreak): string {
  return (
    `Look at the event at position ${b.position} in the audit log (Audit log, or Streams at that position) and find out who changed the data file. ` +
    'If the change was not legitimate, stop the server and restore the data directory from a backup taken before it. ' +
    'If it is understood, acknowledge the break with a note (the banner on every admin page): the acknowledgement is recorded in the audit log and writes resume.'
  );
}
