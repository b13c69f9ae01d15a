import { ApiError } from './api-client';
import { createFocusThrottle, createQueryClient, isSlowConnection, shouldRetry } from './query-client';

describe('query defaults', () => {
  it('keep the cache 5 minutes and deduplicate for 2 seconds', () => {
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.gcTime).toBe(300_000);
    expect(defaults.staleTime).toBe(2_000);
    expect(defaults.refetchOnWindowFocus).toBe(true);
  });

  it('retry 3 times, but never a refused (4xx) request', () => {
    expect(shouldRetry(0, new Error('network'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'down'))).toBe(true);
    expect(shouldRetry(3, new ApiError(503, 'down'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'missing'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'expired'))).toBe(false);
  });

  it('treat 2G-class or data-saving connections as slow', () => {
    expect(isSlowConnection({ connection: { effectiveType: '2g' } })).toBe(true);
    expect(isSlowConnection({ connection: { effectiveType: '4g', saveData: true } })).toBe(true);
    expect(isSlowConnection({ connection: { effectiveType: '4g' } })).toBe(false);
    expect(isSlowConnection({})).toBe(false);
  });
});

describe('the focus throttle', () => {
  it('lets a regained focus through at most once every 5 seconds', () => {
    let now = 0;
    const gate = createFocusThrottle(5_000, () => now);
    expect(gate(true)).toBe(true);
    now = 4_999;
    expect(gate(true)).toBe(false);
    now = 5_000;
    expect(gate(true)).toBe(true);
  });

  it('always lets a lost focus through', () => {
    const gate = createFocusThrottle(5_000, () => 0);
    expect(gate(true)).toBe(true);
    expect(gate(false)).toBe(true);
  });
});
