/**
 * Billing calls (spec §2 Top-up, §3 Plan and Purchase, §7): plans, checkout, the local test
 * payment provider and the admin Purchases list. Shared by the server and the screens.
 */
import { z } from 'zod';
import { NOT_BLANK } from '../common/text';

/** A plan as GET /api/billing/get-plans lists it (spec §3 "Plan": name, checks, price, price_id). */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  checks: z.number().int().positive(),
  /** In currency units, e.g. 49.0. */
  price: z.number().nonnegative(),
  currency: z.string(),
  /** What POST /api/billing/create-subscription-session takes. */
  price_id: z.string(),
});
export type Plan = z.infer<typeof planSchema>;
export const plansSchema = planSchema.array();

export const billingMessages = {
  priceIdRequired: 'Choose a plan',
  unknownPlan: 'No such plan',
  sessionNotFound: 'No such test payment session',
  sessionExpired: 'This test payment session has expired. Start the purchase again.',
  localProviderDisabled: 'Test payments are turned off: this server takes real payments',
  stripeNotConfigured: 'Stripe payments are not configured on this server',
  invalidSignature: 'Invalid webhook signature',
} as const;

export const checkoutRequestSchema = z.object({
  price_id: z
    .string({ error: billingMessages.priceIdRequired })
    .regex(NOT_BLANK, { error: billingMessages.priceIdRequired })
    .trim()
    .min(1, { error: billingMessages.priceIdRequired })
    .max(200),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({ checkout_url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** The local provider's session ids: "lcs_" and 32 URL-safe characters. */
export const LOCAL_SESSION_PATTERN = /^lcs_[A-Za-z0-9_-]{32}$/;
const localSessionId = z.string({ error: billingMessages.sessionNotFound }).regex(LOCAL_SESSION_PATTERN, { error: billingMessages.sessionNotFound });

export const localCompleteRequestSchema = z.object({ session: localSessionId });
export type LocalCompleteRequest = z.input<typeof localCompleteRequestSchema>;

/** A pending (or completed) test payment, for the confirmation page. */
export const localSessionSchema = z.object({
  session: z.string(),
  plan_name: z.string(),
  checks: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'completed', 'expired']),
  expires_at: z.string(),
});
export type LocalSession = z.infer<typeof localSessionSchema>;

export const localCompleteResponseSchema = z.object({
  purchase_id: z.string(),
  checks: z.number().int(),
  checks_left: z.number().int(),
  /** False when this session had already been completed: nothing was credited twice. */
  applied: z.boolean(),
});
export type LocalCompleteResponse = z.infer<typeof localCompleteResponseSchema>;

/** A row of the admin Purchases screen (spec §3 "Purchase"). */
export const purchaseSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  /** The plan's name. */
  type: z.string(),
  plan_id: z.string(),
  /** In currency units. */
  amount: z.number(),
  currency: z.string(),
  checks: z.number().int(),
  remaining_checks: z.number().int(),
  provider: z.enum(['stripe', 'local']),
  test: z.boolean().meta({ description: 'A test payment, no money moved (the built-in test-payment provider, or Stripe in test mode): not revenue' }),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchasesQuerySchema = z.object({
  email: z.string().trim().max(254).optional().meta({ description: "Case-insensitive substring of the buyer's e-mail" }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
