import { z } from 'zod';
import { checkoutRequestSchema, checkoutResponseSchema, localCompleteRequestSchema, localCompleteResponseSchema, localSessionSchema, plansSchema, purchaseSchema } from '@walletscreen/contracts';

type Json = (s: z.ZodType, io?: 'input' | 'output') => object;
type Problem = (description: string) => object;

/** The billing calls for the OpenAPI document (http/openapi.ts), built from the routes' own schemas. */
export function billingOpenApiPaths(json: Json, problem: Problem, bearer: object[]) {
  return {
    '/api/billing/get-plans': {
      get: { summary: 'The plans on offer (public): name, checks, price in currency units, price_id', responses: { 200: { description: 'Plans', ...json(plansSchema) } } },
    },
    '/api/billing/create-subscription-session': {
      post: {
        summary: 'Start buying a plan (one-off payment): a Stripe Checkout URL, or the built-in test-payment page when Stripe is not configured',
        security: bearer,
        requestBody: { required: true, ...json(checkoutRequestSchema, 'input') },
        responses: {
          200: { description: 'Where to send the browser', ...json(checkoutResponseSchema) },
          400: problem('No such plan'),
          401: problem('Not signed in'),
          403: problem('Blocked'),
          502: problem('The payment provider is not answering'),
        },
      },
    },
    '/api/billing/webhook': {
      post: {
        summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET, checked over the raw body): a paid checkout.session.completed credits the plan once per session',
        parameters: [{ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event' } } } },
        responses: {
          200: { description: '`applied: false` when the session was credited before or the event is not a paid session', ...json(z.object({ received: z.literal(true), applied: z.boolean() })) },
          400: problem('Invalid webhook signature (forged, tampered or older than 5 minutes); nothing changes'),
          404: problem('Stripe is not configured'),
        },
      },
    },
    '/api/billing/local/sessions/{id}': {
      get: {
        summary: 'A test payment of the signed-in user, for its confirmation page (only without Stripe)',
        security: bearer,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'The test payment', ...json(localSessionSchema) }, 401: problem('Not signed in'), 404: problem('No such session, or Stripe is configured') },
      },
    },
    '/api/billing/local/complete': {
      post: {
        summary: 'Confirm a test payment: credits the plan once (only without Stripe; no money is charged)',
        security: bearer,
        requestBody: { required: true, ...json(localCompleteRequestSchema, 'input') },
        responses: {
          200: { description: 'The purchase and the new balance (`applied: false` when confirmed before)', ...json(localCompleteResponseSchema) },
          400: problem('Invalid session id'),
          401: problem('Not signed in'),
          403: problem('Blocked'),
          404: problem('No such session, or Stripe is configured'),
          409: problem('The session has expired'),
        },
      },
    },
    '/api/admin/purchases': {
      get: {
        summary: 'Purchases, newest first, with what is left of each (admins only)',
        security: bearer,
        parameters: [
          { name: 'email', in: 'query', schema: { type: 'string' }, description: "Case-insensitive substring of the buyer's e-mail" },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
          { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
        ],
        responses: { 200: { description: 'Purchases', ...json(z.array(purchaseSchema)) }, 401: problem('Not signed in'), 403: problem('Not an admin') },
      },
    },
  };
}
