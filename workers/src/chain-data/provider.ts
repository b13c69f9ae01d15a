/**
 * What every provider gets and the small pieces they share.
 */
import type { Network } from '@walletscreen/contracts';
import { ProviderError, type HttpClient } from './http';

export interface ProviderContext {
  http: HttpClient;
  now: () => Date;
  signal?: AbortSignal;
  /**
   * Requests of history this fetch may make (MAX_HISTORY_REQUESTS when absent). An address traced
   * beyond the wallet is read with 1: one page of recent history, no oldest-first lookup.
   */
  historyRequests?: number;
}

/** The request for one address on one network, with the address in canonical form. */
export interface AddressQuery {
  network: Network;
  address: string;
}

/**
 * Requests of history (transaction pages) one check may make to a provider, oldest-first lookups
 * included: enough to find counterparties and a wallet's age without hammering public APIs.
 */
export const MAX_HISTORY_REQUESTS = 4;

/** The history requests a fetch may make: the context's, at least 1. */
export const historyRequestsOf = (ctx: ProviderContext): number => Math.max(1, Math.floor(ctx.historyRequests ?? MAX_HISTORY_REQUESTS));

/** Pages of recent history to read when one request is kept for the oldest-first lookup (none kept when only one request is allowed). */
export const recentPagesOf = (ctx: ProviderContext): number => Math.max(1, historyRequestsOf(ctx) - 1);

/** Whether the oldest transaction may be looked up with a request of its own. */
export const mayLookUpOldest = (ctx: ProviderContext): boolean => historyRequestsOf(ctx) > 1;

/** The answer was 2xx JSON but not in the shape the provider documents. */
export function unexpectedShape(provider: string, what: string): ProviderError {
  return new ProviderError(provider, `${provider} sent an answer in an unexpected shape (${what})`, 1, 'invalid-response');
}

/**
 * Runs a request for more history: on failure the data read so far stands (marked incomplete)
 * instead of failing the whole fetch.
 */
export async function optional<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderError && error.kind !== 'cancelled') return null;
    throw error;
  }
}

/** A base URL without its trailing slashes. */
export const trimBase = (url: string) => url.replace(/\/+$/, '');

/** The host of a base URL, as a provider name ("mempool.space"). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
