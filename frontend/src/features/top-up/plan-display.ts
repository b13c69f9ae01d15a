import { formatUsd, type Plan } from '@walletscreen/contracts';

/** Price divided by checks (spec §9), unrounded; shown with two decimals. */
export const pricePerCheck = (plan: Pick<Plan, 'price' | 'checks'>) => plan.price / plan.checks;

/** "$49.00" for dollars (the spec's display); other currencies as "49.00 EUR". */
export function formatPlanPrice(amount: number, currency: string): string {
  return currency.toLowerCase() === 'usd' ? formatUsd(amount) : `${amount.toFixed(2)} ${currency.toUpperCase()}`;
}

/** The purchase alert of spec §8: the server's error or the error's message, else the spec's sentence. */
export function purchaseErrorText(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return 'Purchase failed. Please try again.';
}
