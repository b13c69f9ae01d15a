import type { Plan } from '@walletscreen/contracts';

/** A plan as configured (PLANS): price in currency units, an optional Stripe Price to charge. */
export interface ConfiguredPlan {
  id: string;
  name: string;
  checks: number;
  price: number;
  currency: string;
  stripe_price_id?: string;
}

/** The catalogue: what GET /api/billing/get-plans lists and what a price_id names. */
export function createPlanCatalog(plans: readonly ConfiguredPlan[]) {
  const publicPlan = (p: ConfiguredPlan): Plan => ({
    id: p.id,
    name: p.name,
    checks: p.checks,
    price: p.price,
    currency: p.currency,
    price_id: p.stripe_price_id ?? p.id,
  });
  return {
    list: (): Plan[] => plans.map(publicPlan),
    /** The plan a price_id (or a plan id) names, if any. */
    find: (priceId: string): ConfiguredPlan | undefined => plans.find((p) => p.stripe_price_id === priceId) ?? plans.find((p) => p.id === priceId),
    byId: (id: string): ConfiguredPlan | undefined => plans.find((p) => p.id === id),
  };
}
export type PlanCatalog = ReturnType<typeof createPlanCatalog>;

/** Currencies Stripe counts in whole units (no cents). */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

/** An amount in currency units to Stripe's minor units (49.00 usd → 4900). */
export const toMinorUnits = (amount: number, currency: string) => Math.round(amount * (ZERO_DECIMAL.has(currency.toLowerCase()) ? 1 : 100));
/** Stripe's minor units back to currency units (4900 usd → 49). */
export const fromMinorUnits = (minor: number, currency: string) => minor / (ZERO_DECIMAL.has(currency.toLowerCase()) ? 1 : 100);
