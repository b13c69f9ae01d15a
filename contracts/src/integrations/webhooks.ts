/**
 * Webhooks: endpoints a customer registers (Webhooks screen or /api/webhooks) to be told, by a
 * signed POST in the Standard Webhooks form, when a screening completes, an alert is raised or a
 * batch finishes. And the delivery log each endpoint keeps.
 */
import { z } from 'zod';
import { alertSchema } from '../monitoring/monitoring';
import { batchSchema } from './batches';
import { screeningSchema } from './public-api';
import { NOT_BLANK } from '../common/text';
import { someChange } from '../common/changes';

export const webhookEventTypes = ['screening.completed', 'alert.created', 'batch.completed'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  'screening.completed': 'A screening finished (completed, or failed and refunded)',
  'alert.created': 'Monitoring raised an alert on a watched wallet',
  'batch.completed': 'Every row of a batch has been screened',
};

/** Endpoints a user may hold at once. */
export const WEBHOOKS_MAX = 20;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const webhookMessages = {
  urlRequired: 'Give the URL the events are sent to',
  urlInvalid: 'The URL must start with https:// (or http://) and name a host',
  urlTooLong: `The URL may have at most ${WEBHOOK_URL_MAX} characters`,
  urlCredentials: 'The URL must not contain a user name or password',
  urlPrivate: (where: string) => `The URL points to a private or special-purpose address (${where}); webhooks are sent only to public addresses`,
  descriptionTooLong: `The description may have at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  eventsRequired: 'Choose at least one event',
  eventUnknown: `Events are ${webhookEventTypes.join(', ')}`,
  tooMany: `You already have ${WEBHOOKS_MAX} webhook endpoints. Delete one you no longer use first.`,
  notFound: 'No such webhook endpoint',
  deliveryNotFound: 'No such delivery',
  nothingToChange: 'Send at least one of url, description, events, enabled',
  endpointDisabled: 'The endpoint is disabled: enable it before redelivering',
  privateDestination: 'The destination is a private or special-purpose address (webhooks are sent only to public addresses)',
} as const;

/** The WHATWG URL parser, present in browsers and Node (contracts compile without DOM or Node types). */
interface ParsedUrl {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
}
const UrlParser = (globalThis as unknown as { URL: new (text: string) => ParsedUrl }).URL;

/** Why a URL cannot be an endpoint (null when it can); the server also refuses private addresses. */
export function webhookUrlProblem(text: string): string | null {
  if (text.length > WEBHOOK_URL_MAX) return webhookMessages.urlTooLong;
  let url: ParsedUrl;
  try {
    // Not URL.canParse: older browsers (and jsdom) lack it.
    url = new UrlParser(text);
  } catch {
    return webhookMessages.urlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return webhookMessages.urlInvalid;
  if (!url.hostname) return webhookMessages.urlInvalid;
  if (url.username || url.password) return webhookMessages.urlCredentials;
  return null;
}

const urlSchema = z
  .string({ error: webhookMessages.urlRequired })
  .regex(NOT_BLANK, { error: webhookMessages.urlRequired })
  .trim()
  .min(1, { error: webhookMessages.urlRequired })
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: 'https:// (or http://) URL; no credentials; at most 2048 characters' });

const descriptionSchema = z
  .string({ error: webhookMessages.descriptionTooLong })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, { error: webhookMessages.descriptionTooLong });

const eventsSchema = z
  .array(z.enum(webhookEventTypes, { error: webhookMessages.eventUnknown }), { error: webhookMessages.eventsRequired })
  .min(1, { error: webhookMessages.eventsRequired })
  .transform((events) => webhookEventTypes.filter((e) => events.includes(e)));

export const createWebhookRequestSchema = z.object({
  url: urlSchema,
  description: descriptionSchema.optional(),
  events: eventsSchema,
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

export const updateWebhookRequestSchema = someChange(
  z.object({
    url: urlSchema.optional(),
    description: descriptionSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  }),
  webhookMessages.nothingToChange,
);
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequestSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  /** Why the endpoint was disabled by the service (failing for days); null when enabled or disabled by its owner. */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookSecretSchema = z.object({
  /** `whsec_` and the base64 of 24 random bytes: the Standard Webhooks form. */
  secret: z.string(),
});
export const createWebhookResponseSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreateWebhookResponse = z.infer<typeof createWebhookResponseSchema>;
export const webhookListSchema = z.object({ items: z.array(webhookEndpointSchema) });

export const webhookDeliveryStatuses = ['pending', 'sending', 'succeeded', 'failed', 'abandoned'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  ok: z.boolean(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  /** The start of the answer's body (at most 1 KB). */
  response_body: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same on every attempt. */
  id: z.string(),
  endpoint_id: z.string(),
  event_type: z.enum(webhookEventTypes),
  created_at: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempt_count: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });

/** A webhook message's body: `{ type, timestamp, data }` (the Standard Webhooks shape). */
const webhookMessageSchema = <T extends z.ZodType>(type: WebhookEventType, data: T) =>
  z.object({
    type: z.literal(type),
    timestamp: z.string().meta({ description: 'When the event happened (ISO 8601)' }),
    data,
  });

/** `screening.completed`: the screening as GET /api/v1/screenings/{id} answers it (status completed, or failed and refunded). */
export const screeningCompletedMessageSchema = webhookMessageSchema('screening.completed', screeningSchema);
/** `batch.completed`: the batch as GET /api/v1/batches/{id} answers it. */
export const batchCompletedMessageSchema = webhookMessageSchema('batch.completed', batchSchema);
/** `alert.created`: the alert as GET /api/v1/alerts answers it when it is raised (open). */
export const alertCreatedMessageSchema = webhookMessageSchema('alert.created', alertSchema);
