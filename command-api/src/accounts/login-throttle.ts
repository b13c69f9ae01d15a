/**
 * Sign-in throttling, kept in memory of the API process.
 *
 * Three counters of failed attempts, each over a sliding 15-minute window:
 * - per client address: 30 failures, then that address waits (guessing across many accounts);
 * - per account and address: 5 failures, then that pair waits, doubling from 30 s up to 15 min;
 * - per account from all addresses: 20 failures, then every address waits at most 60 s.
 * A person typing their own password from their own address meets only the pair counter. Someone
 * else failing against their account from other addresses can delay them by a minute at a time,
 * and not at all from an address they signed in from successfully in the last 30 days. A success clears the pair's counter. Throttled attempts are refused before
 * the password is checked, with Retry-After.
 */
const WINDOW_MS = 15 * 60_000;
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

interface Counter {
  failures: number[];
  blockedUntil: number;
  strikes: number;
}

export interface ThrottleLimits {
  perAddress: number;
  perPair: number;
  perAccount: number;
  pairBaseDelayMs: number;
  pairMaxDelayMs: number;
  addressDelayMs: number;
  accountDelayMs: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  perAddress: 30,
  perPair: 5,
  perAccount: 20,
  pairBaseDelayMs: 30_000,
  pairMaxDelayMs: 15 * 60_000,
  addressDelayMs: 15 * 60_000,
  accountDelayMs: 60_000,
};

export function createLoginThrottle(clock: () => number = Date.now, limits: ThrottleLimits = defaultThrottleLimits) {
  const counters = new Map<string, Counter>();
  /** Account-and-address pairs that signed in successfully, with the moment. */
  const known = new Map<string, number>();

  const counter = (key: string) => {
    let c = counters.get(key);
    if (!c) {
      c = { failures: [], blockedUntil: 0, strikes: 0 };
      counters.set(key, c);
    }
    return c;
  };
  const prune = (c: Counter, now: number) => {
    while (c.failures.length > 0 && c.failures[0]! <= now - WINDOW_MS) c.failures.shift();
  };
  const keys = (account: string, address: string) => ({ addr: `a:${address}`, pair: `p:${account}|${address}`, acct: `u:${account}` });

  return {
    /** Seconds to wait before this attempt may be checked, or 0. */
    retryAfter(account: string, address: string): number {
      const now = clock();
      const k = keys(account, address);
      const knownPair = (known.get(k.pair) ?? -Infinity) > now - KNOWN_ADDRESS_MS;
      const applying = knownPair ? [k.addr, k.pair] : [k.addr, k.pair, k.acct];
      const wait = Math.max(...applying.map((key) => (counters.get(key)?.blockedUntil ?? 0) - now), 0);
      return Math.ceil(wait / 1000);
    },
    failure(account: string, address: string): void {
      const now = clock();
      const k = keys(account, address);
      const record = (key: string, limit: number, delay: (c: Counter) => number) => {
        const c = counter(key);
        prune(c, now);
        c.failures.push(now);
        if (c.failures.length >= limit) {
          c.blockedUntil = now + delay(c);
          c.strikes += 1;
          c.failures = [];
        }
      };
      record(k.addr, limits.perAddress, () => limits.addressDelayMs);
      record(k.pair, limits.perPair, (c) => Math.min(limits.pairBaseDelayMs * 2 ** c.strikes, limits.pairMaxDelayMs));
      record(k.acct, limits.perAccount, () => limits.accountDelayMs);
      if (counters.size > 100_000) this.sweep();
    },
    success(account: string, address: string): void {
      const pair = keys(account, address).pair;
      counters.delete(pair);
      known.delete(pair);
      known.set(pair, clock());
      if (known.size > 100_000) known.delete(known.keys().next().value!);
    },
    /** Forgets counters that no longer hold anything back. */
    sweep(): void {
      const now = clock();
      for (const [key, c] of counters) {
        prune(c, now);
        if (c.failures.length === 0 && c.blockedUntil <= now) counters.delete(key);
      }
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
