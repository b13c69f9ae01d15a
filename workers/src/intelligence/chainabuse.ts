/**
 * Chainabuse (operated by TRM Labs): community abuse reports about an address.
 *
 * The API, as its documentation describes it (docs.chainabuse.com "Screening addresses", the
 * OpenAPI document on docs.trmlabs.com, "Error handling"):
 * - `GET {base}/reports?address=…&page=1&perPage=50`, base `https://api.chainabuse.com/v0`;
 * - HTTP Basic authentication with the organization's API key in both the username and the
 *   password fields;
 * - 200 with `{ "reports": [ { id, scamCategory, createdAt, trusted, checked, addresses, … } ],
 *   "count": <total> }` (at most 50 reports a page);
 * - 401 when the key is wrong, 429 past the rate limit, 500/503 on their side.
 * The public page of an address is `https://www.chainabuse.com/address/<address>`.
 *
 * The client never throws for HTTP or network failures: it answers `unavailable` with a plain
 * sentence for the report, which never contains the key. It aborts an attempt after `timeoutMs`
 * and retries once on 429 and 5xx, after the server's Retry-After when it sends one.
 */
import type { Network } from '@walletscreen/contracts';
import { sleep as sleepFor } from '../shared/sleep';

export const CHAINABUSE_BASE_URL = 'https://api.chainabuse.com/v0';
/** What the report says when no key is set: customers never read a setting's name (the server log tells the administrator). */
export const CHAINABUSE_NOT_CONFIGURED = 'Not queried: Chainabuse is not set up on this installation' as const;

export type ChainabuseResult =
  | {
      status: 'ok';
      /** Reports about the address (Chainabuse's total, which may exceed the page read). */
      reports: number;
      /** The reports' scam categories, most frequent first, in words ("rug pull"). */
      categories: string[];
      /** The public Chainabuse page of the address. */
      url: string;
    }
  | { status: 'not-configured'; reason: typeof CHAINABUSE_NOT_CONFIGURED }
  | { status: 'unavailable'; reason: string };

export interface ChainabuseOptions {
  /** e.g. CHAINABUSE_BASE_URL; a loopback server in tests. */
  baseUrl: string;
  /** Absent or blank: the client answers `not-configured` and sends nothing. */
  apiKey?: string;
  /** Time limit of one attempt. */
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Waits before the retry; injected by tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The longest Retry-After honoured; a longer one ends the attempt as unavailable. Default 10 s. */
  maxRetryDelayMs?: number;
  /** The wait before the retry when the server gives no Retry-After. Default 1 s. */
  retryDelayMs?: number;
}

export interface ChainabuseClient {
  readonly configured: boolean;
  chainabuseReports(network: Network, address: string, signal?: AbortSignal): Promise<ChainabuseResult>;
}

/** The public Chainabuse page of an address. */
export const chainabusePageUrl = (address: string): string => `https://www.chainabuse.com/address/${encodeURIComponent(address.trim())}`;

const PER_PAGE = 50;

const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(2))} s`;

/** Retry-After in milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** "RUG_PULL" → "rug pull"; "Phishing" → "phishing". */
const categoryWords = (kind: string): string =>
  kind
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

type Attempt = { kind: 'answer'; response: Response; body: string } | { kind: 'timeout' } | { kind: 'network'; detail: string };

/** What the caller's signal carries when the caller, not our time limit, stopped the request. */
class Cancelled extends Error {
  constructor(readonly reason: unknown) {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

function networkDetail(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  switch (code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'its host name could not be resolved';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was closed before it answered';
    default:
      return code ? `a network error occurred (${code})` : 'a network error occurred';
  }
}

export function createChainabuseClient(options: ChainabuseOptions): ChainabuseClient {
  if (!URL.canParse(options.baseUrl) || !/^https?:$/.test(new URL(options.baseUrl).protocol)) {
    throw new Error(`The Chainabuse base URL must be an http(s) URL, got "${options.baseUrl}"`);
  }
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const apiKey = options.apiKey?.trim() ? options.apiKey.trim() : undefined;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? sleepFor;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const authorization = apiKey ? `Basic ${Buffer.from(`${apiKey}:${apiKey}`, 'utf8').toString('base64')}` : '';

  /** Reasons are written here, but a server could echo anything: the key never leaves. */
  const clean = (reason: string): string => (apiKey ? reason.split(apiKey).join('[key]') : reason);

  async function attempt(url: URL, signal: AbortSignal | undefined): Promise<Attempt> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const response = await doFetch(url, { headers: { accept: 'application/json', authorization }, signal: combined });
      const body = await response.text();
      return { kind: 'answer', response, body };
    } catch (error) {
      if (signal?.aborted) throw new Cancelled(signal.reason);
      if (timeout.aborted) return { kind: 'timeout' };
      return { kind: 'network', detail: networkDetail(error) };
    }
  }

  function parse(body: string, address: string): ChainabuseResult {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return { status: 'unavailable', reason: 'Chainabuse answered with something other than JSON' };
    }
    const page = Array.isArray(json) ? { reports: json, count: undefined } : (json as { reports?: unknown; count?: unknown } | null);
    if (!page || typeof page !== 'object' || !Array.isArray(page.reports)) {
      return { status: 'unavailable', reason: 'Chainabuse answered in an unexpected format (no list of reports)' };
    }
    const counts = new Map<string, number>();
    for (const report of page.reports as unknown[]) {
      const kind = (report as { scamCategory?: unknown } | null)?.scamCategory;
      if (typeof kind === 'string' && kind.trim() !== '') counts.set(categoryWords(kind), (counts.get(categoryWords(kind)) ?? 0) + 1);
    }
    const total = typeof page.count === 'number' && Number.isInteger(page.count) && page.count >= page.reports.length ? page.count : page.reports.length;
    const categories = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([kind]) => kind);
    return { status: 'ok', reports: total, categories, url: chainabusePageUrl(address) };
  }

  function failure(status: number): string {
    if (status === 401 || status === 403) return `Chainabuse refused this installation's API key (HTTP ${status}); ask your administrator to renew it`;
    if (status === 429) return 'Chainabuse is rate-limiting this API key (HTTP 429)';
    if (status >= 500) return `Chainabuse had a server error (HTTP ${status})`;
    return `Chainabuse rejected the request (HTTP ${status})`;
  }

  async function chainabuseReports(_network: Network, address: string, signal?: AbortSignal): Promise<ChainabuseResult> {
    if (!apiKey) return { status: 'not-configured', reason: CHAINABUSE_NOT_CONFIGURED };
    // The address alone selects the reports: Chainabuse's chain names differ from ours, and an EVM
    // address's reports matter on every EVM network.
    const url = new URL('reports', base);
    url.searchParams.set('address', address.trim());
    url.searchParams.set('page', '1');
    url.searchParams.set('perPage', String(PER_PAGE));

    try {
      for (let round = 1; ; round++) {
        const result = await attempt(url, signal);
        if (result.kind === 'timeout') return { status: 'unavailable', reason: `Chainabuse did not answer within ${seconds(options.timeoutMs)}` };
        if (result.kind === 'network') return { status: 'unavailable', reason: clean(`Chainabuse could not be reached: ${result.detail}`) };
        const { response, body } = result;
        if (response.ok) return parse(body, address);
        const retryable = response.status === 429 || response.status >= 500;
        if (!retryable || round === 2) return { status: 'unavailable', reason: clean(failure(response.status)) };
        const wait = retryAfterMs(response.headers.get('retry-after'), Date.now()) ?? retryDelayMs;
        if (wait > maxRetryDelayMs) {
          return { status: 'unavailable', reason: `${failure(response.status)}; it asked to wait ${seconds(wait)} before trying again` };
        }
        try {
          await sleep(wait, signal);
        } catch (error) {
          throw new Cancelled(signal?.aborted ? signal.reason : error);
        }
      }
    } catch (error) {
      if (error instanceof Cancelled) throw error.reason;
      throw error;
    }
  }

  return { configured: apiKey !== undefined, chainabuseReports };
}
