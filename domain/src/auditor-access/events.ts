/**
 * What an auditor read, on their own access stream `auditor-access-<auditorId>`: every call of
 * theirs to a route that shows customers' data (the admin area's reads) is recorded before it is
 * answered, so the audit log shows who looked at what and when.
 */
import { z } from 'zod';
import { eventSchema, eventUnion } from '../decider';

export { auditorAccessStreamId, auditorAccessStreamPrefix } from '@walletscreen/contracts';

/** The auditor, as the audit log names the one who acted. */
export const auditorSchema = z.object({ userId: z.string(), email: z.string(), role: z.literal('auditor') });
export type Auditor = z.infer<typeof auditorSchema>;

export const auditorViewedDataSchema = z.object({
  by: auditorSchema,
  method: z.string(),
  /** The path and query asked for, as received. */
  path: z.string(),
  /** The route's parameters (the customer, check or stream looked at). */
  params: z.record(z.string(), z.string()),
  at: z.string(),
});
export type AuditorViewedData = z.infer<typeof auditorViewedDataSchema>;

export const auditorAccessEvents = eventUnion([eventSchema('AuditorViewedData', auditorViewedDataSchema)]);
export type AuditorAccessEvent = z.infer<typeof auditorAccessEvents.schema>;
export const auditorAccessEventTypes = auditorAccessEvents.types;
