import type { StatsDayDoc } from '@walletscreen/projections/insights/queries';
import { aggregateStats, periodsOf, statsRange } from './stats-query';

const today = new Date('2026-03-15T12:00:00.000Z');
const day = (d: string, extra: Partial<StatsDayDoc> = {}): StatsDayDoc => ({
  id: d,
  day: d,
  month: d.slice(0, 7),
  checks: 0,
  completed: 0,
  failed: 0,
  refunds: 0,
  purchases: 0,
  checks_purchased: 0,
  revenue_cents: {},
  test_purchases: 0,
  test_amount_cents: {},
  risk: { low: 0, medium: 0, high: 0, unknown: 0 },
  customers: {},
  ...extra,
});

describe('the range of the stats', () => {
  it('defaults to the last 30 days by day and the last 12 months from the 1st by month, ending today', () => {
    expect(statsRange({ granularity: 'day' }, today)).toEqual({ from: '2026-02-14', to: '2026-03-15', granularity: 'day' });
    expect(statsRange({ granularity: 'month' }, today)).toEqual({ from: '2025-04-01', to: '2026-03-15', granularity: 'month' });
    expect(statsRange({ granularity: 'day', to: '2026-01-31' }, today)).toEqual({ from: '2026-01-02', to: '2026-01-31', granularity: 'day' });
    expect(statsRange({ granularity: 'day', from: '2026-03-01' }, today)).toEqual({ from: '2026-03-01', to: '2026-03-15', granularity: 'day' });
  });

  it('lists every period of the range', () => {
    expect(periodsOf({ from: '2026-01-30', to: '2026-02-02', granularity: 'day' })).toEqual(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']);
    expect(periodsOf({ from: '2025-11-15', to: '2026-02-02', granularity: 'month' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});

describe('aggregating the days of a range', () => {
  it('sums exactly in cents, fills empty periods with zero and ranks customers', () => {
    const days = [
      day('2026-03-01', {
        checks: 3,
        completed: 2,
        failed: 1,
        refunds: 1,
        purchases: 2,
        checks_purchased: 20,
        revenue_cents: { USD: 10 },
        risk: { low: 1, medium: 0, high: 1, unknown: 0 },
        customers: { a: { checks: 3, purchases: 1, revenue_cents: { USD: 1 } }, b: { checks: 0, purchases: 1, revenue_cents: { USD: 9 } } },
      }),
      day('2026-03-03', {
        checks: 2,
        completed: 2,
        refunds: 1,
        purchases: 1,
        revenue_cents: { USD: 20 },
        test_purchases: 2,
        test_amount_cents: { USD: 4990, EUR: 100 },
        // One of the two completed Incomplete: no verdict, counted apart.
        risk: { low: 0, medium: 1, high: 0, unknown: 0, incomplete: 1 },
        customers: { b: { checks: 1, purchases: 1, revenue_cents: { USD: 20 } } },
      }),
    ];
    const stats = aggregateStats(days, { from: '2026-03-01', to: '2026-03-03', granularity: 'day' });
    expect(stats.currency).toBe('USD');
    expect(stats.totals).toEqual({
      revenue: 0.3,
      revenue_by_currency: { USD: 0.3 },
      purchases: 3,
      checks_purchased: 20,
      checks: 5,
      completed: 3,
      incomplete: 1,
      failed: 1,
      refunds: 2,
      active_customers: 2,
      paying_customers: 2,
    });
    // Test payments are reported apart, in the stats' currency and by currency, and add nothing to revenue.
    expect(stats.test_payments).toEqual({ purchases: 2, amount: 49.9, amount_by_currency: { USD: 49.9, EUR: 1 } });
    expect(stats.series.map((p) => [p.period, p.checks, p.completed, p.incomplete, p.revenue])).toEqual([
      ['2026-03-01', 3, 2, 0, 0.1],
      ['2026-03-02', 0, 0, 0, 0],
      ['2026-03-03', 2, 1, 1, 0.2],
    ]);
    expect(stats.risk_distribution).toEqual({ low: 1, medium: 1, high: 1, incomplete: 1, unknown: 0 });
    expect(stats.top_customers_by_checks.map((c) => [c.user_id, c.checks])).toEqual([
      ['a', 3],
      ['b', 1],
    ]);
    expect(stats.top_customers_by_revenue.map((c) => [c.user_id, c.revenue])).toEqual([
      ['b', 0.29],
      ['a', 0.01],
    ]);
    const monthly = aggregateStats(days, { from: '2026-03-01', to: '2026-03-03', granularity: 'month' });
    expect(monthly.series).toEqual([
      expect.objectContaining({ period: '2026-03', checks: 5, completed: 3, incomplete: 1, revenue: 0.3, low: 1, medium: 1, high: 1 }),
    ]);
  });
});
