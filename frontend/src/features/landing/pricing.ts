/** The price the landing page advertises, from the plans on offer (PLANS on the server), never a fixed figure. */
import { formatUsd, type Plan } from '@walletscreen/contracts';

/**
 * "From $1.50 per check": the lowest price per check of the paid plans, in the currency most plans
 * use, rounded up to the cent so the page never promises less than a plan charges. Null when no
 * plan has a price (nothing to advertise).
 */
export function fromPricePerCheck(plans: readonly Pick<Plan, 'price' | 'checks' | 'currency'>[]): string | null {
  const paid = plans.filter((p) => p.price > 0 && p.checks > 0);
  if (paid.length === 0) return null;
  const counts = new Map<string, number>();
  for (const p of paid) counts.set(p.currency.toLowerCase(), (counts.get(p.currency.toLowerCase()) ?? 0) + 1);
  const currency = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  // Cents per check, up to the next cent; the small tolerance keeps 99 / 50 at 198 cents, not 199.
  const cents = Math.min(...paid.filter((p) => p.currency.toLowerCase() === currency).map((p) => Math.ceil((p.price * 100) / p.checks - 1e-9)));
  const amount = cents / 100;
  const price = currency === 'usd' ? formatUsd(amount) : `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  return `From ${price} per check`;
}
