/**
 * Registration's rate limits, on the same limiter as the API keys' (rate-limiter-flexible: in
 * memory for one process, shared by API replicas in the read models' store):
 * - per client address: so many registrations an hour (an IPv6 address counts by its /64 network,
 *   which one client usually holds whole);
 * - in total: so many an hour from every address together, a ceiling on the free checks a flood
 *   from many addresses can claim;
 * - per account: the e-mail confirmation links asked for again (5 an hour).
 * A registration refused for its fields (400) counts against neither budget; one refused because
 * the e-mail is taken (409) does, so trying e-mails one after another stays limited.
 */
import ipaddr from 'ipaddr.js';
import { accountMessages } from '@walletscreen/contracts';
import { Invalid, TooManyRequests } from '@walletscreen/domain/errors';
import type { RateLimiter } from '@walletscreen/platform/rate-limit/rate-limiter';

export interface RegistrationLimiters {
  /** Registrations an hour from one client address (its key: `addressKey`). */
  perAddress: RateLimiter;
  /** Registrations an hour from every address together (one key). */
  total: RateLimiter;
  /** Confirmation links asked for again, per account. */
  confirmationLinks: RateLimiter;
}

/** Confirmation links a user may ask for again per hour. */
export const CONFIRMATION_LINKS_PER_HOUR = 5;

/** The key a client address counts under: an IPv4 address (IPv4-mapped ones too) whole, an IPv6 address by its /64 network. */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Runs the registration within both budgets: refused with 429 (and the seconds to wait) when the
 * address's or the overall budget is spent; a registration refused for its fields is given back.
 */
export async function withinRegistrationBudget<T>(limiters: RegistrationLimiters, address: string, register: () => Promise<T>): Promise<T> {
  const key = addressKey(address);
  const mine = await limiters.perAddress.consume(key);
  if (!mine.allowed) throw new TooManyRequests(accountMessages.tooManyRegistrations, seconds(mine.resetMs));
  const all = await limiters.total.consume('all');
  if (!all.allowed) {
    await limiters.perAddress.refund(key);
    throw new TooManyRequests(accountMessages.registrationsBusy, seconds(all.resetMs));
  }
  try {
    return await register();
  } catch (error) {
    if (error instanceof Invalid) await Promise.all([limiters.perAddress.refund(key), limiters.total.refund('all')]);
    throw error;
  }
}

/** Counts one more confirmation link asked for by the user: 429 beyond the hourly budget. */
export async function withinConfirmationLinkBudget(limiters: RegistrationLimiters, userId: string): Promise<void> {
  const outcome = await limiters.confirmationLinks.consume(userId);
  if (!outcome.allowed) throw new TooManyRequests(accountMessages.tooManyConfirmationRequests, seconds(outcome.resetMs));
}
