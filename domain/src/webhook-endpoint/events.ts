/**
 * A user's webhook endpoints, on one stream per user `webhooks-<userId>`: created (with its
 * signing secret), changed, its secret rotated, disabled by the service after failing for days,
 * deleted. Every event's data carries the user, the endpoint and the moment it happened (`at`).
 */
import { z } from 'zod';
import { webhookEventTypes } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';

export const webhookEndpointsStreamId = (userId: string) => `webhooks-${userId}`;

/** What an update changed (only what actually changed is recorded). */
export const endpointChangesSchema = z.object({
  url: z.string().optional(),
  description: z.string().optional(),
  events: z.array(z.enum(webhookEventTypes)).optional(),
  enabled: z.boolean().optional(),
});
export type EndpointChanges = z.infer<typeof endpointChangesSchema>;

const onEndpoint = { userId: z.string(), endpointId: z.string(), at: z.string() };

export const webhookEndpointCreatedSchema = z.object({
  userId: z.string(),
  endpointId: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  /** `whsec_` and the base64 of 24 random bytes (the Standard Webhooks form). */
  secret: z.string(),
  at: z.string(),
});
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

export const webhookEndpointDisabledSchema = z.object({ ...onEndpoint, reason: z.string(), failingSince: z.string() });
export type WebhookEndpointDisabled = z.infer<typeof webhookEndpointDisabledSchema>;

export const webhookEndpointEvents = eventUnion([
  eventSchema('WebhookEndpointCreated', webhookEndpointCreatedSchema),
  eventSchema('WebhookEndpointUpdated', z.object({ ...onEndpoint, changes: endpointChangesSchema })),
  eventSchema('WebhookEndpointSecretRotated', z.object({ ...onEndpoint, secret: z.string() })),
  /** The service disabled it: its deliveries failed for days. */
  eventSchema('WebhookEndpointDisabled', webhookEndpointDisabledSchema),
  eventSchema('WebhookEndpointDeleted', z.object(onEndpoint)),
]);
export type WebhookEndpointEvent = z.infer<typeof webhookEndpointEvents.schema>;
export const webhookEndpointEventTypes = webhookEndpointEvents.types;
