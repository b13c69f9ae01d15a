/**
 * An alert's events, on its own stream `alert-<alertId>`: raised when a watched wallet's re-screen
 * gives a different verdict (self-contained: whom it is for, the wallet, what changed and the
 * evidence), acknowledged, resolved with a note, and e-mailed to its user. Every event's data
 * carries the alert id, its user and the moment it happened (`at`).
 */
import { z } from 'zod';
import { alertEvidenceSchema, alertReasons, networks, verdictSchema } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';

export { alertStreamId } from '@walletscreen/contracts';

/** Who acknowledged or resolved an alert. */
export const alertActorSchema = z.object({ userId: z.string(), email: z.string() });
export type AlertActor = z.infer<typeof alertActorSchema>;

const onAlert = { alertId: z.string(), userId: z.string(), at: z.string() };

export const alertRaisedSchema = z.object({
  ...onAlert,
  watchId: z.string(),
  address: z.string(),
  network: z.enum(networks),
  /** The watch's reference and tags when it was raised (optional, as the alert's schema has declared them from the first). */
  reference: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  reasons: z.array(z.enum(alertReasons)).min(1),
  before: verdictSchema,
  after: verdictSchema,
  checkId: z.string(),
  previousCheckId: z.string(),
  evidence: alertEvidenceSchema,
});
export type AlertRaised = z.infer<typeof alertRaisedSchema>;

export const alertEvents = eventUnion([
  eventSchema('AlertRaised', alertRaisedSchema),
  eventSchema('AlertAcknowledged', z.object({ ...onAlert, by: alertActorSchema })),
  eventSchema('AlertResolved', z.object({ ...onAlert, by: alertActorSchema, note: z.string() })),
  /** The e-mail sent to the alert's user, and where to. */
  eventSchema('AlertEmailed', z.object({ ...onAlert, to: z.string() })),
]);
export type AlertEvent = z.infer<typeof alertEvents.schema>;
export const alertEventTypes = alertEvents.types;
