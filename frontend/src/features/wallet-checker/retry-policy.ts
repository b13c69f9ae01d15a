/**
 * The wallet check's retry policy (spec §7, §9): up to 4 attempts, waiting 700 ms × the attempt
 * number after each failure, on network errors and 5xx answers only. A refused request (4xx) gets
 * the same answer again and is not repeated. Neither is a 5xx naming a check (`check_id`): that
 * check ran and failed (and was refunded), which is an answer, not an outage.
 *
 * Every attempt of one check sends the same Idempotency-Key, so a retry after a lost answer
 * follows the check the server already started instead of paying for a second one.
 */
import { ApiError } from '../../lib/api-client';

export const MAX_ATTEMPTS = 4;
export const BACKOFF_STEP_MS = 700;

function namesACheck(error: ApiError): boolean {
  const body = error.body;
  return body !== null && typeof body === 'object' && typeof (body as Record<string, unknown>).check_id === 'string';
}

/** Whether a failed attempt is worth repeating. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0) return true;
  return error.status >= 500 && !namesACheck(error);
}

/** The pause after failed attempt number `attempt` (1-based): 700, 1400, 2100 ms. */
export function backoffDelay(attempt: number): number {
  return BACKOFF_STEP_MS * attempt;
}

export function isAbort(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** A pause that ends early, with an AbortError, when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryOptions {
  signal?: AbortSignal;
  /** The pause between attempts (tests pass a recorder). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Runs `attempt` (given its 1-based number) until it succeeds, fails for good, or runs out of attempts. */
export async function withRetry<T>(attempt: (n: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const pause = options.sleep ?? sleep;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= MAX_ATTEMPTS || !isRetryable(error) || options.signal?.aborted) throw error;
      await pause(backoffDelay(n), options.signal);
    }
  }
}
