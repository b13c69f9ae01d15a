/**
 * A user's webhook endpoints, their signing secret, their delivery log and manual redelivery: for
 * the Webhooks screen (`/api/webhooks`, signed in) and the public API (`/api/v1/webhooks`, a key
 * with the `monitor` scope), the same calls.
 */
import { z } from 'zod';
import {
  createWebhookRequestSchema,
  createWebhookResponseSchema,
  updateWebhookRequestSchema,
  webhookDeliveryListSchema,
  webhookEndpointSchema,
  webhookListSchema,
  webhookMessages,
  webhookSecretSchema,
} from '@walletscreen/contracts';
import { currentUser } from '../http/auth';
import { route, type AnyRoute, type RouteAuth } from '../http/route';
import type { Webhooks } from './service';
import { setConsistencyToken } from '../http/consistency';

const endpointIdSchema = z.object({ id: z.uuid({ error: webhookMessages.notFound }) });
const deliveryIdSchema = endpointIdSchema.extend({ deliveryId: z.uuid({ error: webhookMessages.deliveryNotFound }) });
const pageSchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, { error: 'limit must be 1 to 100' })
    .max(100, { error: 'limit must be 1 to 100' })
    .default(20),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0, { error: 'offset must be 0 or more' }).default(0),
});
const notFound = { 404: { description: webhookMessages.notFound } };

export interface WebhookRoutesOptions {
  prefix: '/webhooks' | '/v1/webhooks';
  auth: RouteAuth;
  tags: string[];
  source: 'web' | 'api';
}

export function webhookRoutes(deps: { webhooks: Webhooks }, o: WebhookRoutesOptions): AnyRoute[] {
  const { webhooks } = deps;
  const signedIn: Record<number, { description: string }> =
    o.source === 'api'
      ? {
          401: { description: 'No API key, or not a valid one' },
          403: { description: 'The key lacks the monitor scope, or the account is blocked' },
          429: { description: 'Rate limit reached; see Retry-After' },
        }
      : { 401: { description: 'Not signed in' }, 403: { description: 'Account blocked' } };
  const tags = o.tags;
  return [
    route({
      method: 'post',
      path: o.prefix,
      summary: 'Add a webhook endpoint; its signing secret is in the answer (and can be read again)',
      description:
        'Events are POSTed to the URL as JSON `{ type, timestamp, data }`, signed as the Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`, `webhook-signature`). ' +
        'Private, loopback and link-local addresses are refused.',
      tags,
      auth: o.auth,
      request: { body: createWebhookRequestSchema },
      responses: {
        201: { description: 'The endpoint and its secret', schema: createWebhookResponseSchema },
        400: { description: 'Invalid URL (or a private address), description or events' },
        409: { description: 'Too many endpoints' },
        ...signedIn,
      },
      async handle({ body }, _req, res) {
        const created = await webhooks.create(currentUser(res).userId, body);
        res.status(201).json(createWebhookResponseSchema.parse(created));
      },
    }),
    route({
      method: 'get',
      path: o.prefix,
      summary: "The user's webhook endpoints, newest first",
      tags,
      auth: o.auth,
      responses: { 200: { description: 'The endpoints', schema: webhookListSchema }, ...signedIn },
      async handle(_input, _req, res) {
        res.json({ items: await webhooks.list(currentUser(res).userId) });
      },
    }),
    route({
      method: 'get',
      path: `${o.prefix}/:id`,
      summary: 'One webhook endpoint',
      tags,
      auth: o.auth,
      request: { params: endpointIdSchema },
      responses: { 200: { description: 'The endpoint', schema: webhookEndpointSchema }, ...notFound, ...signedIn },
      async handle({ params }, _req, res) {
        res.json(await webhooks.get(currentUser(res).userId, params.id));
      },
    }),
    route({
      method: 'patch',
      path: `${o.prefix}/:id`,
      summary: 'Change an endpoint: URL, description, events, or enable / disable it',
      tags,
      auth: o.auth,
      request: { params: endpointIdSchema, body: updateWebhookRequestSchema },
      responses: {
        200: { description: 'The endpoint as changed', schema: webhookEndpointSchema },
        400: { description: 'Invalid URL (or a private address), description or events, or nothing to change' },
        ...notFound,
        ...signedIn,
      },
      async handle({ params, body }, _req, res) {
        res.json(await webhooks.update(currentUser(res).userId, params.id, body));
      },
    }),
    route({
      method: 'delete',
      path: `${o.prefix}/:id`,
      summary: 'Delete an endpoint: nothing more is sent to it',
      tags,
      auth: o.auth,
      request: { params: endpointIdSchema },
      responses: { 204: { description: 'Deleted' }, ...notFound, ...signedIn },
      async handle({ params }, _req, res) {
        await webhooks.remove(currentUser(res).userId, params.id);
        res.status(204).end();
      },
    }),
    route({
      method: 'get',
      path: `${o.prefix}/:id/secret`,
      summary: "The endpoint's signing secret (`whsec_…`)",
      tags,
      auth: o.auth,
      request: { params: endpointIdSchema },
      responses: { 200: { description: 'The secret', schema: webhookSecretSchema }, ...notFound, ...signedIn },
      async handle({ params }, _req, res) {
        res.setHeader('Cache-Control', 'no-store');
        res.json({ secret: await webhooks.secret(currentUser(res).userId, params.id) });
      },
    }),
    route({
      method: 'post',
      path: `${o.prefix}/:id/secret/rotate`,
      summary: 'A new signing secret; for 24 hours messages carry a signature with the old one too',
      tags,
      auth: o.auth,
      request: { params: endpointIdSchema },
      responses: { 200: { description: 'The new secret', schema: webhookSecretSchema }, ...notFound, ...signedIn },
      async handle({ params }, _req, res) {
        res.setHeader('Cache-Control', 'no-store');
        res.json({ secret: await webhooks.rotateSecret(currentUser(res).userId, params.id) });
      },
    }),
    route({
      method: 'get',
      path: `${o.prefix}/:id/deliveries`,
      summary: "The endpoint's delivery log, newest first: each message with its attempts (time, response code, duration, error)",
      tags,
      auth: o.auth,
      request: { params: endpointIdSchema, query: pageSchema },
      responses: { 200: { description: 'The deliveries', schema: webhookDeliveryListSchema }, ...notFound, ...signedIn },
      async handle({ params, query }, _req, res) {
        res.json({ items: await webhooks.deliveries(currentUser(res).userId, params.id, query) });
      },
    }),
    route({
      method: 'post',
      path: `${o.prefix}/:id/deliveries/:deliveryId/redeliver`,
      summary: 'Send a delivery again now, with the same webhook-id (the back-off schedule starts afresh)',
      tags,
      auth: o.auth,
      request: { params: deliveryIdSchema },
      responses: {
        202: { description: 'Queued: the delivery log shows the new attempt' },
        404: { description: webhookMessages.deliveryNotFound },
        409: { description: webhookMessages.endpointDisabled },
        ...signedIn,
      },
      async handle({ params }, _req, res) {
        const { position } = await webhooks.redeliver(currentUser(res).userId, params.id, params.deliveryId);
        setConsistencyToken(res, position);
        res.status(202).end();
      },
    }),
  ];
}
