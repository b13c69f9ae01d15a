/**
 * The admin insight calls: the Wallets screen (every screened address) and Financial stats.
 * Shared by the API (which validates queries with these) and the browser (which parses answers).
 */
import { z } from 'zod';
import { networks } from '../addresses/parse';
import { fundFlowSchema } from '../checks/analysis';
import { riskLevelLabels } from '../checks/risk-label';
import { riskLevelFilter } from '../checks/risk-level-filter';
import { dayFilter } from '../common/day';
import { NOT_BLANK } from '../common/text';

export const walletSorts = ['checks', 'latest', 'score'] as const;
export type WalletSort = (typeof walletSorts)[number];
export const WALLETS_PAGE_SIZE = 20;

export const walletsQuerySchema = z.object({
  address: z
    .string()
    .trim()
    .max(200, { error: 'The address filter may have at most 200 characters' })
    .optional()
    .meta({ description: 'Case-insensitive address substring' }),
  risk_level: riskLevelFilter().meta({ description: `The latest risk level: ${riskLevelLabels.join(', ')} or All (any case)` }),
  sort: z
    .enum(walletSorts, { error: `sort must be one of: ${walletSorts.join(', ')}` })
    .default('latest')
    .meta({ description: 'Most checked, most recently checked, or highest latest score first' }),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(WALLETS_PAGE_SIZE),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
});
export type WalletsQuery = z.output<typeof walletsQuerySchema>;

export const walletKeySchema = z.object({
  network: z.enum(networks, { error: 'Unknown network' }),
  address: z.string().regex(NOT_BLANK).trim().min(1).max(200),
});

export const walletChecksQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(WALLETS_PAGE_SIZE),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
});

/** A row of the Wallets screen. */
export const walletSummarySchema = z.object({
  network: z.string(),
  chain: z.string(),
  address: z.string(),
  checks: z.number(),
  completed: z.number(),
  failed: z.number(),
  customers: z.number(),
  first_checked_at: z.string(),
  last_checked_at: z.string(),
  latest_check_id: z.string().nullable(),
  latest_score: z.number().nullable(),
  latest_level: z.string().nullable(),
  latest_aml_status: z.string().nullable(),
  latest_at: z.string().nullable(),
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

export const walletsPageSchema = z.object({ items: z.array(walletSummarySchema), total: z.number() });
export type WalletsPage = z.infer<typeof walletsPageSchema>;

/** One check of a wallet, with who asked for it and its report. */
export const walletCheckSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  status: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  risk_score: z.number().nullable(),
  risk_level: z.string(),
  aml_status: z.string(),
  access: z.string(),
  error: z.string().nullable(),
  jurisdiction: z.string(),
  sanctions: z.string(),
  source_of_funds: z.string(),
  recommendation: z.string(),
  wallet_age: z.string(),
  linked_wallets: z.array(z.string()),
  aml_report: z.string(),
  /** The check's fund-flow graph; null without blockchain data and for checks recorded before it was kept. */
  fund_flow: fundFlowSchema.nullable(),
});
export type WalletCheck = z.infer<typeof walletCheckSchema>;

export const walletDetailSchema = z.object({ wallet: walletSummarySchema, checks: z.array(walletCheckSchema), total: z.number() });
export type WalletDetail = z.infer<typeof walletDetailSchema>;

export const statsGranularities = ['day', 'month'] as const;
export type StatsGranularity = (typeof statsGranularities)[number];
/** Defaults: the last 30 days by day, the last 12 months by month. */
export const STATS_DEFAULT_DAYS = 30;
export const STATS_DEFAULT_MONTHS = 12;
/** Longest range asked for at once. */
export const STATS_MAX_DAYS = 3660;

export const statsQuerySchema = z
  .object({
    from: dayFilter().meta({ description: 'First day, YYYY-MM-DD (default: 30 days, or 12 months from the 1st, before to)' }),
    to: dayFilter().meta({ description: 'Last day, inclusive (default: today)' }),
    granularity: z.enum(statsGranularities, { error: 'granularity must be day or month' }).default('day'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['to'] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STATS_MAX_DAYS, {
    error: `The range may span at most ${STATS_MAX_DAYS} days`,
    path: ['from'],
  });
export type StatsQuery = z.output<typeof statsQuerySchema>;

const riskCounts = { low: z.number(), medium: z.number(), high: z.number(), incomplete: z.number(), unknown: z.number() };

export const statsPointSchema = z.object({
  /** YYYY-MM-DD or YYYY-MM. */
  period: z.string(),
  revenue: z.number(),
  purchases: z.number(),
  checks: z.number(),
  /** Completed with a verdict; the Incomplete ones are counted in `incomplete`. */
  completed: z.number(),
  failed: z.number(),
  refunds: z.number(),
  ...riskCounts,
});
export type StatsPoint = z.infer<typeof statsPointSchema>;

export const topCustomerSchema = z.object({ user_id: z.string(), email: z.string(), checks: z.number(), purchases: z.number(), revenue: z.number() });
export type TopCustomer = z.infer<typeof topCustomerSchema>;

export const statsSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(statsGranularities),
  /** The currency of every revenue figure; purchases in other currencies are in `revenue_by_currency` only. */
  currency: z.string(),
  totals: z.object({
    /** Paid purchases only: test payments are in `test_payments`. */
    revenue: z.number(),
    revenue_by_currency: z.record(z.string(), z.number()),
    purchases: z.number(),
    checks_purchased: z.number(),
    checks: z.number(),
    /** Checks that completed with a verdict; those that came back Incomplete (no verdict, refunded) are in `incomplete`. */
    completed: z.number(),
    incomplete: z.number(),
    failed: z.number(),
    refunds: z.number(),
    active_customers: z.number(),
    paying_customers: z.number(),
  }),
  /** Payments that moved no money (the built-in test-payment provider, Stripe in test mode): counted here, never in revenue, purchases or paying customers. */
  test_payments: z.object({
    purchases: z.number(),
    /** In `currency`; test payments in other currencies are in `amount_by_currency` only. */
    amount: z.number(),
    amount_by_currency: z.record(z.string(), z.number()),
  }),
  series: z.array(statsPointSchema),
  risk_distribution: z.object(riskCounts),
  top_customers_by_checks: z.array(topCustomerSchema),
  top_customers_by_revenue: z.array(topCustomerSchema),
});
export type Stats = z.infer<typeof statsSchema>;
