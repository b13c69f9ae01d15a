/**
 * TanStack Query defaults (spec §9): cache kept 5 minutes, requests deduplicated for 2 seconds,
 * 3 retries 5 seconds apart (10 on slow connections) except for refused (4xx) requests, and
 * refetch on window focus at most once every 5 seconds.
 */
import { focusManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const CACHE_TIME_MS = 5 * 60_000;
export const DEDUPE_MS = 2_000;
export const FOCUS_THROTTLE_MS = 5_000;
export const RETRY_COUNT = 3;
export const RETRY_DELAY_MS = 5_000;
export const SLOW_RETRY_DELAY_MS = 10_000;

/** Whether a failed query is worth repeating: not when the server refused the request itself. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < RETRY_COUNT;
}

interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** 2G-class connections, as the browser reports them (Network Information API, where present). */
export function isSlowConnection(nav: { connection?: NetworkInformationLike } | undefined = globalThis.navigator as never): boolean {
  const connection = nav?.connection;
  return connection?.saveData === true || connection?.effectiveType === 'slow-2g' || connection?.effectiveType === '2g';
}

export function retryDelay(): number {
  return isSlowConnection() ? SLOW_RETRY_DELAY_MS : RETRY_DELAY_MS;
}

/**
 * A focus gate: reports a regained focus only when the previous report is at least `throttleMs`
 * old. Losing focus is always reported.
 */
export function createFocusThrottle(throttleMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return (focused: boolean): boolean => {
    if (!focused) return true;
    const t = now();
    if (t - last < throttleMs) return false;
    last = t;
    return true;
  };
}

/** Wires TanStack's focus manager to focus and visibility changes, throttled to one refetch per `throttleMs`. */
export function installFocusThrottle(throttleMs = FOCUS_THROTTLE_MS): void {
  const gate = createFocusThrottle(throttleMs);
  focusManager.setEventListener((setFocused) => {
    const onChange = () => {
      const focused = document.visibilityState === 'visible';
      if (gate(focused)) setFocused(focused);
    };
    window.addEventListener('visibilitychange', onChange, false);
    window.addEventListener('focus', onChange, false);
    return () => {
      window.removeEventListener('visibilitychange', onChange);
      window.removeEventListener('focus', onChange);
    };
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_TIME_MS,
        staleTime: DEDUPE_MS,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
