/**
 * Billing: plans, checkout (Stripe, or the local test-payment provider when no Stripe key is set),
 * the Stripe webhook, and the expiry of purchased checks. Every purchase is a command on the
 * user's stream; its id is derived from the provider's session, so a payment reported twice is
 * credited once.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from '@walletscreen/platform';
import { billingMessages, type CheckoutResponse, type LocalCompleteResponse, type LocalSession, type Plan } from '@walletscreen/contracts';
import { purchaseIdFor } from '@walletscreen/domain/ids';
import { BusinessError, Invalid, NotFound } from '@walletscreen/domain/errors';
import type { PurchasedPlan } from '@walletscreen/domain/user/purchases';
import { checksLeft, type RegisteredUser, type UserState } from '@walletscreen/domain/user/state';
import { fromMinorUnits, type PlanCatalog } from './plans';
import { StripeSignatureError, type StripeGateway } from './stripe-gateway';

export type { PurchasedPlan };
export type PurchaseInput = PurchasedPlan & {
  purchaseId: string;
  provider: 'stripe' | 'local';
  providerRef: string;
  stripeTestMode?: boolean;
  expiryDays: number;
};

/** The account commands billing runs (the accounts feature implements them; the composition root hands them in). */
export interface BillingAccounts {
  load(userId: string): Promise<UserState>;
  purchaseChecks(userId: string, data: PurchaseInput): Promise<{ applied: boolean; state: RegisteredUser; position: number | null }>;
  startLocalCheckout(userId: string, data: PurchasedPlan & { sessionId: string; expiresAt: string }): Promise<void>;
}

export class BadGateway extends BusinessError {
  readonly status = 502;
  readonly title = 'Bad gateway';
}

/** Hours a local test-payment session stays open. */
export const LOCAL_SESSION_HOURS = 24;

export { purchaseIdFor };

export interface BillingDeps {
  accounts: BillingAccounts;
  plans: PlanCatalog;
  /** Absent: purchases go through the local test-payment provider. */
  stripe?: StripeGateway;
  publicUrl: string;
  expiryDays: number;
  clock: () => Date;
  logger: Logger;
  /** Resolves once the read models show the event at this position. */
}

export function createBilling(deps: BillingDeps) {
  const now = () => deps.clock().toISOString();

  function requireLocal(): void {
    if (deps.stripe) throw new NotFound(billingMessages.localProviderDisabled);
  }

  async function localSessionOf(userId: string, sessionId: string) {
    const state = await deps.accounts.load(userId);
    const session = state.status === 'registered' ? state.localCheckouts?.[sessionId] : undefined;
    if (!session || state.status !== 'registered') throw new NotFound(billingMessages.sessionNotFound);
    return { state, session };
  }

  return {
    provider: deps.stripe ? 'stripe' : 'local',

    plans: (): Plan[] => deps.plans.list(),

    /** Starts a purchase: a Stripe Checkout session, or a local test-payment session. */
    async createCheckout(user: { userId: string; email: string }, priceId: string): Promise<CheckoutResponse> {
      const plan = deps.plans.find(priceId);
      if (!plan) throw new Invalid(billingMessages.unknownPlan, { price_id: billingMessages.unknownPlan });
      if (deps.stripe) {
        try {
          const session = await deps.stripe.createCheckoutSession({
            plan,
            userId: user.userId,
            email: user.email,
            successUrl: `${deps.publicUrl}/dashboard/top-up?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
            cancelUrl: `${deps.publicUrl}/dashboard/top-up?checkout=cancelled`,
            idempotencyKey: `checkout-${user.userId}-${randomBytes(12).toString('hex')}`,
          });
          return { checkout_url: session.url };
        } catch (error) {
          deps.logger.error({ err: error, userId: user.userId, planId: plan.id }, 'Stripe Checkout session could not be created');
          throw new BadGateway('The payment provider is not answering. Please try again.');
        }
      }
      const sessionId = `lcs_${randomBytes(24).toString('base64url')}`;
      const expiresAt = new Date(deps.clock().getTime() + LOCAL_SESSION_HOURS * 3_600_000).toISOString();
      await deps.accounts.startLocalCheckout(user.userId, {
        sessionId,
        planId: plan.id,
        planName: plan.name,
        checks: plan.checks,
        amount: plan.price,
        currency: plan.currency,
        expiresAt,
      });
      return { checkout_url: `/dashboard/top-up/confirm?session=${encodeURIComponent(sessionId)}` };
    },

    /** A local test-payment session of this user, for the confirmation page. */
    async localSession(userId: string, sessionId: string): Promise<LocalSession> {
      requireLocal();
      const { state, session } = await localSessionOf(userId, sessionId);
      const completed = state.lots?.[purchaseIdFor('local', sessionId)] !== undefined;
      return {
        session: sessionId,
        plan_name: session.planName,
        checks: session.checks,
        amount: session.amount,
        currency: session.currency,
        status: completed ? 'completed' : session.expiresAt <= now() ? 'expired' : 'pending',
        expires_at: session.expiresAt,
      };
    },

    /** Pays a local test-payment session: the same purchase command as a Stripe payment, applied once; with the purchase's store position (null when nothing was recorded). */
    async completeLocal(userId: string, sessionId: string): Promise<{ answer: LocalCompleteResponse; position: number | null }> {
      requireLocal();
      const { session } = await localSessionOf(userId, sessionId);
      const purchaseId = purchaseIdFor('local', sessionId);
      const plan = { planId: session.planId, planName: session.planName, checks: session.checks, amount: session.amount, currency: session.currency };
      const result = await deps.accounts.purchaseChecks(userId, {
        ...plan,
        purchaseId,
        provider: 'local',
        providerRef: sessionId,
        expiryDays: deps.expiryDays,
      });
      return {
        answer: { purchase_id: purchaseId, checks: session.checks, checks_left: checksLeft(result.state), applied: result.applied },
        position: result.position,
      };
    },

    /**
     * A Stripe webhook delivery: the signature is checked over the raw body; a paid Checkout session
     * is credited once per session, however often (and under whichever event id) it arrives.
     */
    async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; applied: boolean }> {
      if (!deps.stripe) throw new NotFound(billingMessages.stripeNotConfigured);
      if (!signature) throw new Invalid(billingMessages.invalidSignature);
      let outcome;
      try {
        outcome = deps.stripe.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof StripeSignatureError) {
          deps.logger.warn({ reason: error.message }, 'Stripe webhook refused: bad signature');
          throw new Invalid(billingMessages.invalidSignature);
        }
        throw new Invalid('The webhook body is not a Stripe event');
      }
      if (outcome.kind === 'ignored') return { received: true, applied: false };
      const c = outcome.checkout;
      const plan = c.planId ? deps.plans.byId(c.planId) : undefined;
      const checks = c.checks ?? plan?.checks;
      const planName = c.planName ?? plan?.name;
      const currency = c.currency ?? plan?.currency;
      const amount = c.amountTotal !== null && currency ? fromMinorUnits(c.amountTotal, currency) : plan?.price;
      const user = c.userId && /^[0-9a-f-]{36}$/.test(c.userId) ? await deps.accounts.load(c.userId) : null;
      if (!user || user.status !== 'registered' || !c.planId || !checks || !planName || !currency || amount === undefined) {
        // Stripe retries anything but 2xx for days; a session we cannot attribute will not improve, so it is logged loudly instead.
        deps.logger.error(
          { eventId: c.eventId, sessionId: c.sessionId, userId: c.userId, planId: c.planId },
          'paid Stripe Checkout session names no known user or plan: not credited',
        );
        return { received: true, applied: false };
      }
      const result = await deps.accounts.purchaseChecks(user.userId, {
        purchaseId: purchaseIdFor('stripe', c.sessionId),
        planId: c.planId,
        planName,
        checks,
        amount,
        currency,
        provider: 'stripe',
        providerRef: c.sessionId,
        stripeTestMode: !c.livemode,
        expiryDays: deps.expiryDays,
      });
      deps.logger.info({ eventId: c.eventId, sessionId: c.sessionId, userId: user.userId, applied: result.applied }, 'Stripe payment received');
      return { received: true, applied: result.applied };
    },
  };
}
export type Billing = ReturnType<typeof createBilling>;
