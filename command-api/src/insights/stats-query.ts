import {
  STATS_DEFAULT_DAYS,
  STATS_DEFAULT_MONTHS,
  type Stats,
  type StatsGranularity,
  type StatsPoint,
  type StatsQuery,
  type TopCustomer,
} from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { emailsOfUsers } from '@walletscreen/projections/customers/queries';
import { findStatsDays, type CentsByCurrency, type StatsDayDoc } from '@walletscreen/projections/insights/queries';

export const TOP_CUSTOMERS = 10;

type Cents = CentsByCurrency;
type RiskCounts = { low: number; medium: number; high: number; incomplete: number; unknown: number };

export interface StatsRange {
  from: string;
  to: string;
  granularity: StatsGranularity;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** The range asked for, or the default one ending today: the last 30 days by day, the last 12 months (from the 1st) by month. */
export function statsRange(query: StatsQuery, today: Date): StatsRange {
  const to = query.to ?? (query.from && query.from > isoDay(today.getTime()) ? query.from : isoDay(today.getTime()));
  if (query.from) return { from: query.from, to, granularity: query.granularity };
  if (query.granularity === 'month') {
    const end = new Date(dayMs(to));
    const from = isoDay(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (STATS_DEFAULT_MONTHS - 1), 1));
    return { from, to, granularity: 'month' };
  }
  return { from: isoDay(dayMs(to) - (STATS_DEFAULT_DAYS - 1) * DAY_MS), to, granularity: 'day' };
}

/** Every period of the range, so days or months without activity show as zero. */
export function periodsOf(range: StatsRange): string[] {
  const out: string[] = [];
  for (let ms = dayMs(range.from); ms <= dayMs(range.to); ms += DAY_MS) {
    const p = range.granularity === 'day' ? isoDay(ms) : isoDay(ms).slice(0, 7);
    if (out[out.length - 1] !== p) out.push(p);
  }
  return out;
}

const sumInto = (to: Cents, from: Cents) => {
  for (const [currency, cents] of Object.entries(from)) to[currency] = (to[currency] ?? 0) + cents;
};
const units = (cents: number) => Math.round(cents) / 100;

/** Totals, a series, the risk distribution and the top customers (e-mails left blank) over the daily documents of a range. Pure. */
export function aggregateStats(days: readonly StatsDayDoc[], range: StatsRange): Stats {
  const revenueByCurrency: Cents = {};
  const testByCurrency: Cents = {};
  let testPurchases = 0;
  for (const d of days) {
    sumInto(revenueByCurrency, d.revenue_cents);
    sumInto(testByCurrency, d.test_amount_cents);
    testPurchases += d.test_purchases;
  }
  // Every figure is in the currency most revenue came in (USD when there was none).
  const currency = Object.entries(revenueByCurrency).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? 'USD';

  const zero = (period: string): StatsPoint => ({
    period,
    revenue: 0,
    purchases: 0,
    checks: 0,
    completed: 0,
    failed: 0,
    refunds: 0,
    low: 0,
    medium: 0,
    high: 0,
    incomplete: 0,
    unknown: 0,
  });
  const series = new Map(periodsOf(range).map((p) => [p, zero(p)]));
  const risk: RiskCounts = { low: 0, medium: 0, high: 0, incomplete: 0, unknown: 0 };
  const totals = { purchases: 0, checks_purchased: 0, checks: 0, completed: 0, incomplete: 0, failed: 0, refunds: 0 };
  const people = new Map<string, { checks: number; purchases: number; cents: number }>();

  for (const d of days) {
    const point = series.get(range.granularity === 'day' ? d.day : d.day.slice(0, 7));
    if (!point) continue;
    point.revenue += d.revenue_cents[currency] ?? 0;
    point.purchases += d.purchases;
    point.checks += d.checks;
    // A check that completed Incomplete delivered no verdict (and was refunded): counted apart from the completed ones.
    const incomplete = d.risk.incomplete ?? 0;
    const counts = {
      purchases: d.purchases,
      checks_purchased: d.checks_purchased,
      checks: d.checks,
      completed: d.completed - incomplete,
      incomplete,
      failed: d.failed,
      refunds: d.refunds,
    };
    point.completed += counts.completed;
    point.failed += d.failed;
    point.refunds += d.refunds;
    for (const level of ['low', 'medium', 'high', 'incomplete', 'unknown'] as const) {
      point[level] += d.risk[level] ?? 0;
      risk[level] += d.risk[level] ?? 0;
    }
    for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += counts[key];
    for (const [userId, c] of Object.entries(d.customers)) {
      const p = people.get(userId) ?? { checks: 0, purchases: 0, cents: 0 };
      people.set(userId, { checks: p.checks + c.checks, purchases: p.purchases + c.purchases, cents: p.cents + (c.revenue_cents[currency] ?? 0) });
    }
  }

  const top = (by: 'checks' | 'cents'): TopCustomer[] =>
    [...people]
      .filter(([, p]) => p[by] > 0)
      .sort((a, b) => b[1][by] - a[1][by] || (by === 'checks' ? b[1].cents - a[1].cents : b[1].checks - a[1].checks) || a[0].localeCompare(b[0]))
      .slice(0, TOP_CUSTOMERS)
      .map(([userId, p]) => ({ user_id: userId, email: '', checks: p.checks, purchases: p.purchases, revenue: units(p.cents) }));

  return {
    from: range.from,
    to: range.to,
    granularity: range.granularity,
    currency,
    totals: {
      revenue: units(revenueByCurrency[currency] ?? 0),
      revenue_by_currency: Object.fromEntries(Object.entries(revenueByCurrency).map(([c, cents]) => [c, units(cents)])),
      ...totals,
      active_customers: [...people.values()].filter((p) => p.checks > 0 || p.purchases > 0).length,
      paying_customers: [...people.values()].filter((p) => p.purchases > 0).length,
    },
    test_payments: {
      purchases: testPurchases,
      amount: units(testByCurrency[currency] ?? 0),
      amount_by_currency: Object.fromEntries(Object.entries(testByCurrency).map(([c, cents]) => [c, units(cents)])),
    },
    series: [...series.values()].map((p) => ({ ...p, revenue: units(p.revenue) })),
    risk_distribution: risk,
    top_customers_by_checks: top('checks'),
    top_customers_by_revenue: top('cents'),
  };
}

/** Financial stats over a range, from the daily read model; the customers' e-mails from the customers read model. */
export async function computeStats(readStore: ReadStore, range: StatsRange): Promise<Stats> {
  const days = await findStatsDays(readStore, range.from, range.to);
  const first = aggregateStats(days, range);
  const ids = [...first.top_customers_by_checks, ...first.top_customers_by_revenue].map((c) => c.user_id);
  const emails = await emailsOfUsers(readStore, ids);
  return {
    ...first,
    top_customers_by_checks: first.top_customers_by_checks.map((c) => ({ ...c, email: emails.get(c.user_id) ?? '' })),
    top_customers_by_revenue: first.top_customers_by_revenue.map((c) => ({ ...c, email: emails.get(c.user_id) ?? '' })),
  };
}
