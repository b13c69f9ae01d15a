import type { StatsGranularity } from '@walletscreen/contracts';
import { formatDate } from '../../lib/format-date';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A period on a chart axis: "dd.MM" for a day, "Mon yyyy" for a month. */
export function periodLabel(period: string, granularity: StatsGranularity): string {
  const [y, m, d] = period.split('-');
  if (granularity === 'month') return `${MONTHS[Number(m) - 1] ?? m} ${y}`;
  return `${d}.${m}`;
}

/** A day as dd.MM.yyyy (spec §9). */
export const dayLabel = (day: string) => formatDate(day);

/** "$1,234.50" for USD, "1,234.50 EUR" otherwise. */
export function formatMoney(amount: number, currency: string): string {
  const n = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency === 'USD' ? `$${n}` : `${n} ${currency}`;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');
