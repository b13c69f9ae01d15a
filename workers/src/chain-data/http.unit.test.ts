import { RateLimiter, TtlCache, type Clock } from './http';

function manualClock(): Clock & { t: number } {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
    },
  };
  return clock;
}

describe('RateLimiter: a token bucket per provider', () => {
  it('spaces N calls so that no window of one second holds more than the rate', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(clock, () => 5);
    const times: number[] = [];
    for (let i = 0; i < 12; i++) {
      await limiter.acquire('etherscan');
      times.push(clock.t);
    }
    for (let i = 0; i + 5 < times.length; i++) expect(times[i + 5]! - times[i]!).toBeGreaterThanOrEqual(1000);
    expect(times[11]).toBe(2200);
  });

  it('makes concurrent callers wait their turn', async () => {
    const waits: number[] = [];
    const frozen: Clock = { now: () => 0, sleep: async (ms) => void waits.push(ms) };
    const limiter = new RateLimiter(frozen, () => 10);
    await Promise.all([0, 1, 2, 3].map(() => limiter.acquire('trongrid')));
    expect(waits).toEqual([100, 200, 300]);
  });

  it('keeps one bucket per provider, and lets a burst through when configured', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(clock, (key) => (key === 'slow' ? 1 : 100), 3);
    for (let i = 0; i < 3; i++) await limiter.acquire('slow');
    expect(clock.t).toBe(0);
    await limiter.acquire('fast');
    expect(clock.t).toBe(0);
    await limiter.acquire('slow');
    expect(clock.t).toBe(1000);
  });

  it('does not wait for a rate of 0 (unlimited)', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(clock, () => 0);
    for (let i = 0; i < 50; i++) await limiter.acquire('self-hosted');
    expect(clock.t).toBe(0);
  });
});

describe('TtlCache', () => {
  it('forgets entries after their time to live', () => {
    let t = 0;
    const cache = new TtlCache<string>(60_000, 10, () => t);
    cache.set('a', 'answer');
    t = 59_999;
    expect(cache.get('a')).toBe('answer');
    t = 60_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the least recently used entry when full', () => {
    const cache = new TtlCache<number>(60_000, 2, () => 0);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('stores nothing with a TTL of 0', () => {
    const cache = new TtlCache<number>(0, 10, () => 0);
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});
