import express, { Router } from 'express';
import { checkoutRequestSchema, localCompleteRequestSchema, LOCAL_SESSION_PATTERN, billingMessages, purchasesQuerySchema } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { currentUser, requireAdmin, requireUser, type Authenticator } from '../http/auth';
import { parseInput } from '../http/validation';
import { NotFound } from '../shared/errors';
import { listPurchases } from './purchases-query';
import type { Billing } from './service';

/** The webhook's path under /api; it reads its own raw body (the app's JSON parser skips it). */
export const STRIPE_WEBHOOK_PATH = '/billing/webhook';

/**
 * GET /api/billing/get-plans (public), POST /api/billing/create-subscription-session,
 * POST /api/billing/webhook (Stripe, signed), GET /api/billing/local/sessions/:id and
 * POST /api/billing/local/complete (the local test-payment provider), GET /api/admin/purchases.
 */
export function billingRoutes(deps: { auth: Authenticator; billing: Billing; readStore: ReadStore }): Router {
  const router = Router();
  const user = requireUser(deps.auth);

  router.get('/billing/get-plans', (_req, res) => void res.json(deps.billing.plans()));

  router.post('/billing/create-subscription-session', user, async (req, res) => {
    const { price_id } = parseInput(checkoutRequestSchema, req.body);
    const me = currentUser(res);
    res.json(await deps.billing.createCheckout({ userId: me.userId, email: me.email }, price_id));
  });

  // The signature covers the exact bytes Stripe sent: the body is read raw, never re-serialized.
  router.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await deps.billing.handleStripeWebhook(body, req.get('Stripe-Signature')));
  });

  router.get('/billing/local/sessions/:id', user, async (req, res) => {
    const id = String(req.params.id);
    if (!LOCAL_SESSION_PATTERN.test(id)) throw new NotFound(billingMessages.sessionNotFound);
    res.json(await deps.billing.localSession(currentUser(res).userId, id));
  });

  router.post('/billing/local/complete', user, async (req, res) => {
    if (deps.billing.provider !== 'local') throw new NotFound(billingMessages.localProviderDisabled);
    const { session } = parseInput(localCompleteRequestSchema, req.body);
    res.json(await deps.billing.completeLocal(currentUser(res).userId, session));
  });

  router.get('/admin/purchases', requireAdmin(deps.auth), async (req, res) => {
    res.json(await listPurchases(deps.readStore, parseInput(purchasesQuerySchema, req.query)));
  });

  return router;
}
