/**
 * The event store's integrity, as admins saw it: one stream, `store-integrity`. The server verifies
 * the store's hash chain at start (and as it runs) and halts writes when it breaks; an admin who
 * has looked at the break acknowledges it with `IntegrityBreakAcknowledged` (who, which break, why
 * it may go on), after which writes resume and the verification passes over that break. The break
 * itself is a fact of the store's file, not an event: this stream records only what admins decided.
 */
import { z } from 'zod';
import { chainProblemKinds } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';
import { actorSchema } from '../user/events';

export const storeIntegrityStreamId = 'store-integrity';

export const integrityBreakSchema = z.object({
  /** The position where the chain broke (for `truncated`, the last event still there). */
  position: z.number().int().nonnegative(),
  /** The kind of break the verification named (platform's ChainProblemKind). */
  kind: z.enum(chainProblemKinds),
  /** The verification's words for it. */
  reason: z.string(),
});
export type IntegrityBreak = z.infer<typeof integrityBreakSchema>;

export const integrityBreakAcknowledgedSchema = z.object({
  ...integrityBreakSchema.shape,
  /** The admin's note: what they found and why the service may go on. */
  note: z.string(),
  by: actorSchema,
  at: z.string(),
});
export type IntegrityBreakAcknowledged = z.infer<typeof integrityBreakAcknowledgedSchema>;

export const storeIntegrityEvents = eventUnion([eventSchema('IntegrityBreakAcknowledged', integrityBreakAcknowledgedSchema)]);
export type StoreIntegrityEvent = z.infer<typeof storeIntegrityEvents.schema>;
export const storeIntegrityEventTypes = storeIntegrityEvents.types;
