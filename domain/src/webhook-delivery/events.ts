/**
 * One webhook delivery, on its own stream `webhook-delivery-<deliveryId>`: one message to one
 * endpoint, scheduled from a domain event, claimed by one dispatcher at a time, attempted,
 * retried on the back-off schedule, redelivered on request, abandoned. Every event's data carries
 * the delivery, its user and endpoint, and the moment it happened (`at`).
 */
import { z } from 'zod';
import { webhookEventTypes } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';

export const webhookDeliveryStreamId = (deliveryId: string) => `webhook-delivery-${deliveryId}`;

/** What an attempt to send got back (or why it got nothing). */
export const attemptOutcomeSchema = z.object({
  ok: z.boolean(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
  /** The start of the answer's body (at most 1 KB). */
  responseBody: z.string().nullable(),
});
export type AttemptOutcome = z.infer<typeof attemptOutcomeSchema>;

const onDelivery = { deliveryId: z.string(), userId: z.string(), endpointId: z.string(), at: z.string() };

export const webhookDeliveryScheduledSchema = z.object({
  deliveryId: z.string(),
  userId: z.string(),
  endpointId: z.string(),
  eventType: z.enum(webhookEventTypes),
  /** The recorded event the message tells of. */
  sourceEventId: z.string(),
  /** The message, as sent on every attempt. */
  body: z.string(),
  at: z.string(),
});
export type WebhookDeliveryScheduled = z.infer<typeof webhookDeliveryScheduledSchema>;

export const webhookDeliveryEvents = eventUnion([
  eventSchema('WebhookDeliveryScheduled', webhookDeliveryScheduledSchema),
  /** One dispatcher's claim on the next attempt, until the attempt's timeout and a margin have passed. */
  eventSchema('WebhookDeliveryClaimed', z.object({ ...onDelivery, attempt: z.number(), claimId: z.string(), until: z.string() })),
  eventSchema(
    'WebhookDeliveryAttempted',
    z.object({ ...onDelivery, attempt: z.number(), claimId: z.string(), ...attemptOutcomeSchema.shape, nextAttemptAt: z.string().nullable() }),
  ),
  eventSchema('WebhookRedeliveryRequested', z.object(onDelivery)),
  /** Not sent any more: its endpoint was deleted or disabled. */
  eventSchema('WebhookDeliveryAbandoned', z.object({ ...onDelivery, reason: z.string() })),
]);
export type WebhookDeliveryEvent = z.infer<typeof webhookDeliveryEvents.schema>;
export const webhookDeliveryEventTypes = webhookDeliveryEvents.types;
