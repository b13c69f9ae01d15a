import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import {
  billingMessages,
  checkoutRequestSchema,
  checkoutResponseSchema,
  localCompleteRequestSchema,
  localCompleteResponseSchema,
  localSessionSchema,
  LOCAL_SESSION_PATTERN,
  plansSchema,
  purchaseSchema,
  purchasesQuerySchema,
} from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { currentUser, sessionAuth, type Authenticator } from '../http/auth';
import { auditReaderAnswers, route, routeGroup, type RouteGroup } from '../http/route';
import { NotFound } from '@walletscreen/domain/errors';
import { listPurchases } from './purchases-query';
import type { Billing } from './service';
import { setConsistencyToken } from '../http/consistency';

/** The webhook's path under /api; it reads its own raw body (the app's JSON parser skips it). */
export const STRIPE_WEBHOOK_PATH = '/billing/webhook';

/** What the webhook answers Stripe. */
export const stripeWebhookResponseSchema = z.object({
  received: z.literal(true),
  /** False when the session was credited before, or the event is not a paid checkout session. */
  applied: z.boolean(),
});

/** A Stripe event, as documented: the route checks its signature over the raw bytes before reading it. */
const stripeEventSchema = z
  .looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) })
  .meta({ description: 'A Stripe event (https://docs.stripe.com/api/events/object)' });
const stripeSignatureSchema = z.object({
  'Stripe-Signature': z.string().optional().meta({ description: 'Stripe signs every delivery; a missing or wrong signature answers 400' }),
});
const localSessionIdSchema = z.object({ id: z.string().regex(LOCAL_SESSION_PATTERN) });

/** The largest Stripe event body taken. */
const STRIPE_EVENT_MAX_BYTES = 512 * 1024;
const tags = ['Billing'];
const signedIn = { 401: { description: 'Not signed in' }, 403: { description: 'Blocked' } };

/**
 * GET /api/billing/get-plans (public), POST /api/billing/create-subscription-session,
 * POST /api/billing/webhook (Stripe, signed), GET /api/billing/local/sessions/:id and
 * POST /api/billing/local/complete (the local test-payment provider), GET /api/admin/purchases.
 */
export function billingRoutes(deps: { auth: Authenticator; billing: Billing; readStore: ReadStore }): RouteGroup {
  // Without Stripe only: checked before the body is read.
  const localProvider: RequestHandler = (_req, _res, next) =>
    next(deps.billing.provider === 'local' ? undefined : new NotFound(billingMessages.localProviderDisabled));

  return routeGroup(
    [
      route({
        method: 'get',
        path: '/billing/get-plans',
        summary: 'The plans on offer (public): name, checks, price in currency units, price_id',
        tags,
        auth: 'none',
        responses: { 200: { description: 'Plans', schema: plansSchema } },
        handle(_input, _req, res) {
          res.json(deps.billing.plans());
        },
      }),
      route({
        method: 'post',
        path: '/billing/create-subscription-session',
        summary: 'Start buying a plan (one-off payment): a Stripe Checkout URL, or the built-in test-payment page when Stripe is not configured',
        tags,
        auth: 'session',
        request: { body: checkoutRequestSchema },
        responses: {
          200: { description: 'Where to send the browser', schema: checkoutResponseSchema },
          400: { description: 'No such plan' },
          ...signedIn,
          502: { description: 'The payment provider is not answering' },
        },
        async handle({ body }, _req, res) {
          const me = currentUser(res);
          res.json(await deps.billing.createCheckout({ userId: me.userId, email: me.email }, body.price_id));
        },
      }),
      route({
        method: 'post',
        path: STRIPE_WEBHOOK_PATH,
        summary:
          'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET, checked over the raw body): a paid checkout.session.completed credits the plan once per session',
        tags,
        auth: 'none',
        // The signature covers the exact bytes Stripe sent: the body is read raw, never re-serialized.
        middleware: [express.raw({ type: () => true, limit: STRIPE_EVENT_MAX_BYTES })],
        request: { headers: stripeSignatureSchema, body: stripeEventSchema, rawBody: true, bodyLimit: STRIPE_EVENT_MAX_BYTES },
        responses: {
          200: { description: '`applied: false` when the session was credited before or the event is not a paid session', schema: stripeWebhookResponseSchema },
          400: { description: 'Invalid webhook signature (forged, tampered or older than 5 minutes); nothing changes' },
          404: { description: 'Stripe is not configured' },
          413: { description: 'Larger than 512 kB' },
        },
        async handle({ headers }, req, res) {
          const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          res.json(await deps.billing.handleStripeWebhook(body, headers['Stripe-Signature']));
        },
      }),
      route({
        method: 'get',
        path: '/billing/local/sessions/:id',
        summary: 'A test payment of the signed-in user, for its confirmation page (only without Stripe)',
        tags,
        auth: 'session',
        request: { params: localSessionIdSchema, paramsNotFound: billingMessages.sessionNotFound },
        responses: {
          200: { description: 'The test payment', schema: localSessionSchema },
          404: { description: 'No such session, or Stripe is configured' },
          ...signedIn,
        },
        async handle({ params }, _req, res) {
          res.json(await deps.billing.localSession(currentUser(res).userId, params.id));
        },
      }),
      route({
        method: 'post',
        path: '/billing/local/complete',
        summary: 'Confirm a test payment: credits the plan once (only without Stripe; no money is charged)',
        tags,
        auth: 'session',
        middleware: [localProvider],
        request: { body: localCompleteRequestSchema },
        responses: {
          200: { description: 'The purchase and the new balance (`applied: false` when confirmed before)', schema: localCompleteResponseSchema },
          400: { description: 'Invalid session id' },
          404: { description: 'No such session, or Stripe is configured' },
          409: { description: 'The session has expired' },
          ...signedIn,
        },
        async handle({ body }, _req, res) {
          const { answer, position } = await deps.billing.completeLocal(currentUser(res).userId, body.session);
          setConsistencyToken(res, position);
          res.json(answer);
        },
      }),
      route({
        method: 'get',
        path: '/admin/purchases',
        summary: 'Purchases, newest first, with what is left of each (admins and auditors)',
        tags: ['Admin: customers'],
        auth: 'audit',
        request: { query: purchasesQuerySchema },
        responses: { 200: { description: 'Purchases', schema: z.array(purchaseSchema) }, 400: { description: 'Invalid query' }, ...auditReaderAnswers },
        async handle({ query }, _req, res) {
          res.json(await listPurchases(deps.readStore, query));
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}
