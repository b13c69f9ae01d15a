import { classifyRiskLabel, type RiskLevel } from '@walletscreen/contracts';
import type { CheckEvent } from '@walletscreen/domain/check/events';
import type { ChecksPurchasedData, UserEvent } from '@walletscreen/domain/user/events';
import type { RecordedEvent } from '@walletscreen/platform';
import { collection } from '../collection';
import type { Projection } from '../projection';

/** Amounts are kept in cents per currency, so sums are exact. */
export type CentsByCurrency = Record<string, number>;

export interface CustomerDay {
  checks: number;
  purchases: number;
  revenue_cents: CentsByCurrency;
}

export interface StatsDayDoc {
  id: string;
  day: string;
  /** YYYY-MM, for monthly totals. */
  month: string;
  /** Checks requested that day, and how many completed or failed that day. */
  checks: number;
  completed: number;
  failed: number;
  /** Checks whose credit was given back that day. */
  refunds: number;
  /** Paid purchases only: money that moved. */
  purchases: number;
  checks_purchased: number;
  revenue_cents: CentsByCurrency;
  /** Test payments (the local test-payment provider, Stripe in test mode): never revenue. */
  test_purchases: number;
  test_amount_cents: CentsByCurrency;
  /** Risk levels of the checks completed that day (`incomplete` only once there was one: documents from before it lack it). */
  risk: Record<Exclude<RiskLevel, 'incomplete'>, number> & { incomplete?: number };
  /** Who was active that day: the checks they requested and what they bought. */
  customers: Record<string, CustomerDay>;
}

/**
 * The Financial stats read model: one document per UTC day, keyed `YYYY-MM-DD`. v2 keeps test
 * payments apart from revenue; a new collection (and projection name) so it is folded afresh from
 * the first event rather than on top of v1's days, which counted test payments as revenue.
 */
export const statsDaily = collection<StatsDayDoc>('stats_daily_v2');

/** The events it folds: checks requested, completed, failed; refunds and purchases (on the user's stream). */
type Folded =
  | Extract<CheckEvent, { type: 'WalletCheckRequested' | 'WalletCheckCompleted' | 'WalletCheckFailed' }>
  | Extract<UserEvent, { type: 'CheckRefunded' | 'ChecksPurchased' }>;

export const toCents = (amount: number) => Math.round(amount * 100);

/** A payment that moved no money: marked so, or (recorded before the mark) made through the local test-payment provider. */
export const isTestPayment = (d: Pick<ChecksPurchasedData, 'provider' | 'test'>) => d.test ?? d.provider === 'local';
const addCents = (to: CentsByCurrency, currency: string, cents: number): CentsByCurrency => ({ ...to, [currency]: (to[currency] ?? 0) + cents });

const emptyDay = (day: string): StatsDayDoc => ({
  id: day,
  day,
  month: day.slice(0, 7),
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
});

const customerDay = (doc: StatsDayDoc, userId: string): CustomerDay => doc.customers[userId] ?? { checks: 0, purchases: 0, revenue_cents: {} };

export const statsDailyProjection: Projection<StatsDayDoc> = {
  name: 'stats-daily-v2',
  collection: statsDaily.name,
  handles: ['WalletCheckRequested', 'WalletCheckCompleted', 'WalletCheckFailed', 'CheckRefunded', 'ChecksPurchased'],
  keyOf(event: RecordedEvent) {
    const at: unknown = (event.data as Folded['data']).at;
    return typeof at === 'string' && /^\d{4}-\d{2}-\d{2}/.test(at) ? at.slice(0, 10) : null;
  },
  fold(current, recorded) {
    const event = { type: recorded.type, data: recorded.data } as Folded;
    // keyOf folds only events with a dated `at`.
    const day = event.data.at.slice(0, 10);
    const doc = current ?? emptyDay(day);
    switch (event.type) {
      case 'WalletCheckRequested': {
        const d = event.data;
        const c = customerDay(doc, d.userId);
        return { ...doc, checks: doc.checks + 1, customers: { ...doc.customers, [d.userId]: { ...c, checks: c.checks + 1 } } };
      }
      case 'WalletCheckCompleted': {
        const d = event.data;
        const level = classifyRiskLabel(d.result.risk_level).level;
        return { ...doc, completed: doc.completed + 1, risk: { ...doc.risk, [level]: (doc.risk[level] ?? 0) + 1 } };
      }
      case 'WalletCheckFailed':
        return { ...doc, failed: doc.failed + 1 };
      case 'CheckRefunded':
        return { ...doc, refunds: doc.refunds + 1 };
      case 'ChecksPurchased': {
        const d = event.data;
        const currency = (d.currency || 'USD').toUpperCase();
        const cents = toCents(d.amount);
        if (isTestPayment(d)) {
          return { ...doc, test_purchases: (doc.test_purchases ?? 0) + 1, test_amount_cents: addCents(doc.test_amount_cents ?? {}, currency, cents) };
        }
        const c = customerDay(doc, d.userId);
        return {
          ...doc,
          purchases: doc.purchases + 1,
          checks_purchased: doc.checks_purchased + d.checks,
          revenue_cents: addCents(doc.revenue_cents, currency, cents),
          customers: { ...doc.customers, [d.userId]: { ...c, purchases: c.purchases + 1, revenue_cents: addCents(c.revenue_cents, currency, cents) } },
        };
      }
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  indexes: [['day'], ['month']],
};
