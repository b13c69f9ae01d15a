/**
 * USD prices of the assets a check weighs against each other (assets.ts), from CoinGecko's
 * `simple/price` endpoint (or any server answering in its shape):
 *
 *   GET {base}/simple/price?ids=bitcoin,ethereum,tether,…&vs_currencies=usd
 *   → { "bitcoin": { "usd": 67187.34 }, "tether": { "usd": 1.0 }, … }
 *
 * (docs.coingecko.com, "Coin Price by IDs"). A key, when configured, goes in the header the plan
 * wants: `x-cg-pro-api-key` for pro-api.coingecko.com, `x-cg-demo-api-key` otherwise.
 *
 * Every asset's price is asked in one request and the table is shared by every check for
 * `freshMs` (ten minutes by default), so a busy installation asks a few times an hour whatever
 * its volume. When the source does not answer, the last table read stays in use for up to
 * `staleMs` (a day), marked stale with the time it was read; after that, or before any table
 * was read, checks are told why there are no prices. A failed refresh is not tried again for
 * `retryAfterFailureMs`, so an unreachable source costs a check nothing but the wait of one
 * request now and then.
 */
import { allPriceIds } from './assets';
import { ProviderError, createHttpClient, systemClock, type Clock, type HttpClient, type HttpTransport } from './http';
import { requestTransport } from './request-transport';
import { trimBase } from './provider';
import { obj } from './units';

export const PRICE_SOURCE = 'CoinGecko';
export const DEFAULT_PRICES_URL = 'https://api.coingecko.com/api/v3';
/** Why there are no prices when no price source is configured (PRICES_URL empty, or no source given to the stages). */
export const NO_PRICE_SOURCE = 'no price source is set up on this installation';

export interface PricesConfig {
  /** The API's base URL; null turns price lookups off. */
  url: string | null;
  apiKey?: string;
  timeoutMs: number;
  retries: number;
  /** How long a table is used before it is read again. */
  freshMs: number;
  /** How long the last table stays in use when the source does not answer. */
  staleMs: number;
  /** After a failed read, how long before the source is asked again. */
  retryAfterFailureMs: number;
}

export const defaultPricesConfig: PricesConfig = {
  url: DEFAULT_PRICES_URL,
  timeoutMs: 5_000,
  retries: 1,
  freshMs: 10 * 60_000,
  staleMs: 24 * 60 * 60_000,
  retryAfterFailureMs: 60_000,
};

export interface PriceTable {
  source: string;
  /** When the prices were read (ISO-8601). */
  asOf: string;
  /** USD per unit, by price id; an id the source did not price is absent. */
  usd: Readonly<Record<string, number>>;
}

export type PriceResult = { ok: true; table: PriceTable; stale: boolean } | { ok: false; reason: string };

export interface PriceSource {
  /** The table in use; never rejects. A read is shared by the checks waiting for it, so no one check's cancellation stops it (its time limit does). */
  prices(): Promise<PriceResult>;
}

/** The prices in a `simple/price` answer: every id with a finite, positive `usd`; anything else left out. */
export function parseSimplePrice(data: unknown): Record<string, number> {
  const usd: Record<string, number> = {};
  for (const [id, entry] of Object.entries(obj(data))) {
    const value = obj(entry).usd;
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) usd[id] = value;
  }
  return usd;
}

export function createPriceSource(
  config: PricesConfig,
  deps: {
    fetch?: HttpTransport;
    now?: () => number;
    sleep?: Clock['sleep'];
    /** Told of each failed read (the composition root logs it with the fix). */ onFailure?: (reason: string) => void;
  } = {},
): PriceSource {
  const now = deps.now ?? Date.now;
  const http: HttpClient = createHttpClient({
    fetch: deps.fetch ?? requestTransport,
    clock: { now, sleep: deps.sleep ?? systemClock.sleep },
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    cacheTtlMs: 0,
    rateFor: () => 0,
  });
  let last: { table: PriceTable; at: number } | null = null;
  let failure: { reason: string; at: number } | null = null;
  let inFlight: Promise<PriceResult> | null = null;

  const fromLast = (reason: string): PriceResult =>
    last && now() - last.at <= config.staleMs ? { ok: true, table: last.table, stale: true } : { ok: false, reason };

  async function read(): Promise<PriceResult> {
    const base = trimBase(config.url!);
    const key = config.apiKey;
    const header = key ? { [/^https?:\/\/pro-api\./.test(base) ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key']: key } : {};
    try {
      const answer = await http.json({
        provider: PRICE_SOURCE,
        url: `${base}/simple/price?ids=${allPriceIds.join(',')}&vs_currencies=usd`,
        headers: { accept: 'application/json', ...header },
        secrets: [key],
        cache: false,
        check: (data) =>
          typeof data === 'object' && data !== null && !Array.isArray(data) ? null : { fail: `${PRICE_SOURCE} sent an answer that is not a price table` },
      });
      const usd = parseSimplePrice(answer.data);
      if (Object.keys(usd).length === 0) throw new ProviderError(PRICE_SOURCE, `${PRICE_SOURCE} sent no price`, answer.attempts, 'invalid-response');
      const at = now();
      last = { table: { source: PRICE_SOURCE, asOf: new Date(at).toISOString(), usd }, at };
      failure = null;
      return { ok: true, table: last.table, stale: false };
    } catch (error) {
      const reason =
        error instanceof ProviderError ? error.reason : `${PRICE_SOURCE} could not be read (${error instanceof Error ? error.message : String(error)})`;
      failure = { reason, at: now() };
      deps.onFailure?.(reason);
      return fromLast(reason);
    }
  }

  return {
    async prices() {
      if (config.url === null) return { ok: false, reason: NO_PRICE_SOURCE };
      if (last && now() - last.at < config.freshMs) return { ok: true, table: last.table, stale: false };
      if (failure && now() - failure.at < config.retryAfterFailureMs) return fromLast(failure.reason);
      // One read at a time: checks arriving meanwhile share its answer.
      inFlight ??= read().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
