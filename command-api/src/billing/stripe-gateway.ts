/**
 * The Stripe adapter: Checkout sessions in `payment` mode (no subscriptions) and webhook
 * signature checks. The only billing file that imports the Stripe client.
 */
import Stripe from 'stripe';
import { toMinorUnits, type ConfiguredPlan } from './plans';

export interface CheckoutSessionRequest {
  plan: ConfiguredPlan;
  userId: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** The parts of a completed Checkout session the purchase is built from. */
export interface CompletedCheckout {
  eventId: string;
  sessionId: string;
  userId: string | null;
  planId: string | null;
  planName: string | null;
  checks: number | null;
  /** Minor units, as Stripe sends them. */
  amountTotal: number | null;
  currency: string | null;
  /** False for a payment made in Stripe's test mode (test keys, test cards): no money moved. */
  livemode: boolean;
}

export type WebhookOutcome = { kind: 'completed'; checkout: CompletedCheckout } | { kind: 'ignored'; eventId: string; type: string };

export interface StripeGateway {
  createCheckoutSession(request: CheckoutSessionRequest): Promise<{ id: string; url: string }>;
  /** Verifies the signature over the raw body (throws when it is forged or stale) and reads the event. */
  parseWebhook(rawBody: Buffer, signature: string): WebhookOutcome;
}

export class StripeSignatureError extends Error {}

export function createStripeGateway(options: { secretKey: string; webhookSecret?: string; apiBase?: string; timeoutMs?: number }): StripeGateway {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });

  return {
    async createCheckoutSession({ plan, userId, email, successUrl, cancelUrl, idempotencyKey }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: userId,
          customer_email: email,
          metadata: { plan_id: plan.id, plan_name: plan.name, checks: String(plan.checks), user_id: userId },
          line_items: [
            plan.stripe_price_id
              ? { price: plan.stripe_price_id, quantity: 1 }
              : {
                  quantity: 1,
                  price_data: {
                    currency: plan.currency,
                    unit_amount: toMinorUnits(plan.price, plan.currency),
                    product_data: { name: `${plan.name} — ${plan.checks} wallet checks` },
                  },
                },
          ],
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned Checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    parseWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new StripeSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new StripeSignatureError((error as Error).message);
      }
      const paid =
        (event.type === 'checkout.session.completed' &&
          (event.data.object.payment_status === 'paid' || event.data.object.payment_status === 'no_payment_required')) ||
        event.type === 'checkout.session.async_payment_succeeded';
      if (!paid) return { kind: 'ignored', eventId: event.id, type: event.type };
      const session = event.data.object as Stripe.Checkout.Session;
      const checks = Number(session.metadata?.checks);
      return {
        kind: 'completed',
        checkout: {
          eventId: event.id,
          sessionId: session.id,
          userId: session.client_reference_id ?? session.metadata?.user_id ?? null,
          planId: session.metadata?.plan_id ?? null,
          planName: session.metadata?.plan_name ?? null,
          checks: Number.isInteger(checks) && checks > 0 ? checks : null,
          amountTotal: session.amount_total ?? null,
          currency: session.currency ?? null,
          livemode: event.livemode,
        },
      };
    },
  };
}
