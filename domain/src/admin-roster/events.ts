/**
 * The admin roster, one stream `admin-roster`: who the admins are, so that "at least one admin
 * always remains" is decided on one stream. Every admin added or removed through the admin area
 * is appended here first (optimistic concurrency on this one stream: two admins removing each
 * other at the same time are decided one after the other, and the second sees one admin left),
 * then the account's own role changes on its user stream. A data directory written before the
 * roster existed gets it seeded once (`AdminRosterSeeded`) from the admins its accounts show, in
 * the same append as its first change (reading the admins records nothing); nothing recorded
 * before is rewritten.
 */
import { z } from 'zod';
import { eventSchema, eventUnion } from '../decider';
import { actorSchema } from '../user/events';

export const adminRosterStreamId = 'admin-roster';

const memberSchema = z.object({ userId: z.string(), email: z.string() });
export type AdminRosterMember = z.infer<typeof memberSchema>;

export const adminRosterEvents = eventUnion([
  /** The admins the accounts showed when the roster was first changed (a data directory from before it). */
  eventSchema('AdminRosterSeeded', z.object({ admins: z.array(memberSchema), at: z.string() })),
  /** `by` null: the system (the first admin, from ADMIN_EMAIL). */
  eventSchema('AdminAdded', z.object({ ...memberSchema.shape, by: actorSchema.nullable(), reason: z.string(), at: z.string() })),
  eventSchema('AdminRemoved', z.object({ ...memberSchema.shape, by: actorSchema, reason: z.string(), at: z.string() })),
]);
export type AdminRosterEvent = z.infer<typeof adminRosterEvents.schema>;
export const adminRosterEventTypes = adminRosterEvents.types;
