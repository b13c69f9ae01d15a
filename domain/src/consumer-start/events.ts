/**
 * Where each consumer that acts on the world (refunds, webhooks, e-mails, alerts, re-screens)
 * starts reading each of the event types it handles: one stream, `consumer-starts`, recorded by
 * the composition roots before anything is served or appended, and again whenever a build brings a
 * new consumer or a new type to one. What an earlier build decided is never acted on again by an
 * upgrade: a consumer, or a type of one, that first runs on a store holding events starts at the
 * store's head. Acting on history is an explicit admin command, never a side effect of an upgrade.
 */
import { z } from 'zod';
import { eventSchema, eventUnion } from '../decider';

export const consumerStartsStreamId = 'consumer-starts';

/**
 * Why a consumer starts a type where it does:
 * - `empty-store`: the store held no event yet: from the start;
 * - `store-head`: first run on a store that holds events (an upgrade, or a consumer or type new in
 *   this build): at the head, so nothing recorded before is acted on;
 * - `continues`: the consumer handled this type in the builds before starts were recorded and has
 *   progress kept by the bus: it goes on from that progress (events it had not settled included).
 */
export const consumerStartReasons = ['empty-store', 'store-head', 'continues'] as const;
export type ConsumerStartReason = (typeof consumerStartReasons)[number];

export const consumerStartSchema = z.object({
  consumer: z.string().min(1),
  eventType: z.string().min(1),
  /** Events of the type at or before this position are not handled (0: every one the bus delivers). */
  after: z.number().int().nonnegative(),
  reason: z.enum(consumerStartReasons),
});
export type ConsumerStart = z.infer<typeof consumerStartSchema>;

export const consumerStartsRecordedSchema = z.object({
  starts: z.array(consumerStartSchema).min(1),
  /** The store's head when they were recorded. */
  head: z.number().int().nonnegative(),
  at: z.string(),
});
export type ConsumerStartsRecorded = z.infer<typeof consumerStartsRecordedSchema>;

export const consumerStartEvents = eventUnion([eventSchema('ConsumerStartsRecorded', consumerStartsRecordedSchema)]);
export type ConsumerStartEvent = z.infer<typeof consumerStartEvents.schema>;
export const consumerStartEventTypes = consumerStartEvents.types;
