/**
 * The one JSON-over-HTTP helper every chain-data provider uses:
 * - a time limit per attempt (AbortSignal.timeout), combined with the caller's signal;
 * - retries with exponential back-off and jitter on network errors, timeouts, 429 and 5xx (and
 *   on what a provider says is throttling, such as Etherscan's "NOTOK … rate limit" in a 200),
 *   honouring Retry-After up to a cap; no retry on other 4xx;
 * - a token bucket per provider: a request waits for a token before each attempt;
 * - a small TTL + LRU cache of successful answers, keyed by method, URL and body;
 * - failures as a ProviderError whose `reason` is a plain sentence for the report, with every
 *   configured secret (API keys) blanked out.
 * Clock, sleep and randomness are injected so that tests can drive time.
 */
import { sleep } from '../shared/sleep';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep,
};

export type ProviderErrorKind = 'timeout' | 'network' | 'rate-limited' | 'server' | 'rejected' | 'invalid-response' | 'cancelled' | 'budget';

/** Why a provider could not give an answer. `reason` is written for the report. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
    readonly attempts: number,
    readonly kind: ProviderErrorKind,
    readonly status?: number,
    /** The start of the response body (secrets blanked), for providers that read error bodies. */
    readonly body?: string,
  ) {
    super(reason);
    this.name = 'ProviderError';
  }
}

/** A token bucket per key: `rate` tokens per second, holding at most `burst`. Waiters reserve in order. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly rateFor: (key: string) => number,
    private readonly burst = 1,
  ) {}

  async acquire(key: string, signal?: AbortSignal): Promise<void> {
    const rate = this.rateFor(key);
    if (!(rate > 0) || !Number.isFinite(rate)) return;
    const now = this.clock.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) * rate) / 1000) - 1;
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 0) await this.clock.sleep((-bucket.tokens * 1000) / rate, signal);
  }
}

/** Successful answers for `ttlMs`, at most `maxEntries`, the least recently used evicted first. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0 || this.maxEntries <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * JSON.parse, except that integer literals too large for a double (lamports, sun, satoshi sums
 * of big wallets) come back as decimal strings instead of being rounded.
 */
export function parseJsonExact(text: string): unknown {
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  const isDigit = (c: number) => c >= 48 && c <= 57;
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i++;
      while (i < text.length) {
        const d = text.charCodeAt(i);
        i += d === 92 ? 2 : 1;
        if (d === 34) break;
      }
      continue;
    }
    if (c === 45 || isDigit(c)) {
      let j = c === 45 ? i + 1 : i;
      while (j < text.length && isDigit(text.charCodeAt(j))) j++;
      const integerEnd = j;
      if (text[j] === '.') for (j++; j < text.length && isDigit(text.charCodeAt(j)); j++);
      if (text[j] === 'e' || text[j] === 'E') {
        j++;
        if (text[j] === '+' || text[j] === '-') j++;
        while (j < text.length && isDigit(text.charCodeAt(j))) j++;
      }
      const literal = text.slice(i, integerEnd);
      if (j === integerEnd && literal.replace('-', '').length >= 16 && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(copied, i)}"${literal}"`;
        copied = integerEnd;
      }
      i = j;
      continue;
    }
    i++;
  }
  return JSON.parse(out + text.slice(copied));
}

export interface JsonRequest {
  /** The provider's name, as it appears in reasons ("mempool.space", "etherscan-v2"). */
  provider: string;
  /** The rate-limit bucket; the provider's name by default. */
  rateKey?: string;
  url: string;
  method?: 'GET' | 'POST';
  /** A JSON body (POST). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Values that must never appear in a reason (API keys). */
  secrets?: readonly (string | undefined)[];
  signal?: AbortSignal;
  /**
   * Looks at a parsed 2xx answer: `{ retry }` when it is a throttling message to retry (the
   * sentence is the reason if retries run out), `{ fail }` when it is an error not worth retrying.
   * Answers it objects to are not cached.
   */
  check?: (data: unknown) => { retry: string } | { fail: string } | null;
  /** A non-2xx, non-429, non-5xx answer that still means "slow down" (TronGrid's 403 throttling). */
  retryStatus?: (status: number, body: string) => boolean;
  /** Default true. */
  cache?: boolean;
  /** Answer from the cache or not at all (a ProviderError of kind `budget`): no request is sent. */
  cacheOnly?: boolean;
}

export interface JsonResponse<T> {
  data: T;
  /** Attempts made; 0 when served from the cache. */
  attempts: number;
  cached: boolean;
}

/** What the helper needs of an HTTP answer: `fetch`'s Response has it, and so does `requestTransport`'s. */
export interface HttpAnswer {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** How a request is sent: the global `fetch` fits, as does `requestTransport` (undici's `request`, the default). */
export type HttpTransport = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal }) => Promise<HttpAnswer>;

export interface HttpClientOptions {
  fetch: HttpTransport;
  clock: Clock;
  timeoutMs: number;
  retries: number;
  cacheTtlMs: number;
  cacheMaxEntries?: number;
  /** Requests per second for a rate key. */
  rateFor: (key: string) => number;
  burst?: number;
  /** First back-off delay; doubles on each retry, up to `maxBackoffMs`, plus jitter. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** A Retry-After longer than this ends the retries instead of waiting. */
  maxRetryAfterMs?: number;
  random?: () => number;
}

export interface HttpClient {
  json<T = unknown>(request: JsonRequest): Promise<JsonResponse<T>>;
}

/** Counts the requests (attempts; answers from the cache are free) made for one piece of work, and may cap them. */
export interface RequestMeter {
  used: number;
  /** No request is started once `used` reaches it (absent: no cap). */
  limit?: number;
}

/**
 * A view of `http` that counts every attempt on `meter` and, once the meter's limit is reached,
 * refuses further requests with a ProviderError of kind `budget` (answers from the cache are
 * still given: they cost no request).
 */
export function meteredHttp(http: HttpClient, meter: RequestMeter): HttpClient {
  return {
    async json<T>(request: JsonRequest): Promise<JsonResponse<T>> {
      if (meter.limit !== undefined && meter.used >= meter.limit) {
        const cached = await http.json<T>({ ...request, cacheOnly: true }).catch(() => null);
        if (cached) return cached;
        throw new ProviderError(request.provider, `${request.provider} was not asked: the check's request budget for tracing is spent`, 0, 'budget');
      }
      try {
        const answer = await http.json<T>(request);
        meter.used += answer.attempts;
        return answer;
      } catch (error) {
        if (error instanceof ProviderError) meter.used += error.attempts;
        throw error;
      }
    },
  };
}

interface Failure {
  kind: ProviderErrorKind;
  retryable: boolean;
  status?: number;
  body?: string;
  detail?: string;
  retryAfterMs?: number;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(ms < 1000 ? 2 : 1))} s`;
export const attemptsText = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

function causeOf(error: unknown): string {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null && 'cause' in e && (e as { cause?: unknown }).cause; depth++) {
    e = e.cause;
  }
  const o = (typeof e === 'object' && e !== null ? e : {}) as { code?: unknown; message?: unknown };
  if (typeof o.code === 'string' && o.code !== '') return o.code;
  return typeof o.message === 'string' && o.message !== '' ? o.message : String(e);
}

function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.round(Number(header.trim()) * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** A short, single-line message out of an error body: its JSON `message`/`error`/`result`, or its text. */
function messageOf(body: string): string {
  let text = body;
  try {
    const data = JSON.parse(body) as unknown;
    if (typeof data === 'object' && data !== null) {
      const d = data as Record<string, unknown>;
      const found = [d.message, d.error, d.Error, d.result].find((v) => typeof v === 'string' && v !== '');
      if (typeof found === 'string') text = found;
      else if (typeof d.error === 'object' && d.error !== null && typeof (d.error as { message?: unknown }).message === 'string')
        text = (d.error as { message: string }).message;
    }
  } catch {
    // not JSON: the text itself
  }
  text = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { clock } = options;
  const random = options.random ?? Math.random;
  const backoffBase = options.backoffBaseMs ?? 300;
  const maxBackoff = options.maxBackoffMs ?? 4000;
  const maxRetryAfter = options.maxRetryAfterMs ?? 10_000;
  const limiter = new RateLimiter(clock, options.rateFor, options.burst ?? 1);
  const cache = new TtlCache<unknown>(options.cacheTtlMs, options.cacheMaxEntries ?? 500, () => clock.now());

  const redact = (text: string, secrets: JsonRequest['secrets']) => (secrets ?? []).reduce<string>((t, s) => (s ? t.split(s).join('***') : t), text);

  async function attempt(request: JsonRequest): Promise<{ ok: true; data: unknown } | { ok: false; failure: Failure }> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const response = await options.fetch(request.url, {
        method: request.method ?? 'GET',
        headers: { accept: 'application/json', ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}), ...request.headers },
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        signal,
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      text = await response.text();
    } catch (error) {
      if (request.signal?.aborted) return { ok: false, failure: { kind: 'cancelled', retryable: false } };
      if (timeout.aborted) return { ok: false, failure: { kind: 'timeout', retryable: true } };
      return { ok: false, failure: { kind: 'network', retryable: true, detail: causeOf(error) } };
    }
    const body = redact(text.slice(0, 2000), request.secrets);
    if (status === 429)
      return { ok: false, failure: { kind: 'rate-limited', retryable: true, status, body, retryAfterMs: retryAfterMs(retryAfter, clock.now()) } };
    if (status >= 500) return { ok: false, failure: { kind: 'server', retryable: true, status, body, retryAfterMs: retryAfterMs(retryAfter, clock.now()) } };
    if (status < 200 || status >= 300) {
      if (request.retryStatus?.(status, text)) {
        return {
          ok: false,
          failure: { kind: 'rate-limited', retryable: true, status, body, detail: messageOf(body), retryAfterMs: retryAfterMs(retryAfter, clock.now()) },
        };
      }
      return { ok: false, failure: { kind: 'rejected', retryable: false, status, body, detail: messageOf(body) } };
    }
    let data: unknown;
    try {
      data = parseJsonExact(text);
    } catch {
      return { ok: false, failure: { kind: 'invalid-response', retryable: false, status, body } };
    }
    const verdict = request.check?.(data) ?? null;
    if (verdict && 'retry' in verdict)
      return { ok: false, failure: { kind: 'rate-limited', retryable: true, status, body, detail: redact(verdict.retry, request.secrets) } };
    if (verdict && 'fail' in verdict)
      return { ok: false, failure: { kind: 'rejected', retryable: false, status, body, detail: redact(verdict.fail, request.secrets) } };
    return { ok: true, data };
  }

  function reasonFor(provider: string, f: Failure, attempts: number, stoppedByRetryAfter: boolean): string {
    const n = attemptsText(attempts);
    switch (f.kind) {
      case 'timeout':
        return `${provider} did not answer within ${seconds(options.timeoutMs)} (${n})`;
      case 'network':
        return `${provider} could not be reached (${f.detail ?? 'network error'}; ${n})`;
      case 'rate-limited':
        if (stoppedByRetryAfter && f.retryAfterMs !== undefined)
          return `${provider} is limiting our requests and asked us to wait ${seconds(f.retryAfterMs)} (${n})`;
        return f.detail
          ? `${provider} kept limiting our requests: "${f.detail}" (${n})`
          : `${provider} kept answering "too many requests" (HTTP ${f.status ?? 429}; ${n})`;
      case 'server':
        if (stoppedByRetryAfter && f.retryAfterMs !== undefined)
          return `${provider} is unavailable (HTTP ${f.status}) and asked us to come back in ${seconds(f.retryAfterMs)}`;
        return `${provider} failed with a server error (HTTP ${f.status}; ${n})`;
      case 'rejected':
        return f.status !== undefined && (f.status < 200 || f.status >= 300)
          ? `${provider} refused the request (HTTP ${f.status}${f.detail ? `: ${f.detail}` : ''})`
          : `${provider} returned an error: ${f.detail ?? 'unknown error'}`;
      case 'invalid-response':
        return `${provider} sent an answer that is not JSON (HTTP ${f.status})`;
      case 'cancelled':
        return `The request to ${provider} was cancelled`;
      case 'budget':
        return `${provider} was not asked: the request budget is spent`;
      default: {
        const _exhaustive: never = f.kind;
        return _exhaustive;
      }
    }
  }

  return {
    async json<T>(request: JsonRequest): Promise<JsonResponse<T>> {
      const method = request.method ?? 'GET';
      const key = `${method} ${request.url} ${request.body === undefined ? '' : JSON.stringify(request.body)}`;
      const useCache = request.cache !== false;
      if (useCache) {
        const hit = cache.get(key);
        if (hit !== undefined) return { data: hit as T, attempts: 0, cached: true };
      }
      if (request.cacheOnly) throw new ProviderError(request.provider, `${request.provider} was not asked: the answer was not at hand`, 0, 'budget');
      const fail = (f: Failure, attempts: number, stopped = false) =>
        new ProviderError(request.provider, redact(reasonFor(request.provider, f, attempts, stopped), request.secrets), attempts, f.kind, f.status, f.body);
      let attempts = 0;
      for (;;) {
        try {
          await limiter.acquire(request.rateKey ?? request.provider, request.signal);
        } catch {
          throw fail({ kind: 'cancelled', retryable: false }, attempts);
        }
        attempts++;
        const outcome = await attempt(request);
        if (outcome.ok) {
          if (useCache) cache.set(key, outcome.data);
          return { data: outcome.data as T, attempts, cached: false };
        }
        const f = outcome.failure;
        if (!f.retryable || attempts > options.retries) throw fail(f, attempts);
        if (f.retryAfterMs !== undefined && f.retryAfterMs > maxRetryAfter) throw fail(f, attempts, true);
        const exponential = Math.min(maxBackoff, backoffBase * 2 ** (attempts - 1));
        const delay = f.retryAfterMs ?? exponential / 2 + (random() * exponential) / 2;
        try {
          await clock.sleep(delay, request.signal);
        } catch {
          throw fail({ kind: 'cancelled', retryable: false }, attempts);
        }
      }
    },
  };
}
