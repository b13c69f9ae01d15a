import { createLoginThrottle } from './login-throttle';

describe('login throttle', () => {
  let now = 1_000_000;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('lets a person mistype a few times, then makes that address wait, doubling', () => {
    const t = createLoginThrottle(clock);
    for (let i = 0; i < 4; i++) t.failure('ana@x.io', '10.0.0.1');
    expect(t.retryAfter('ana@x.io', '10.0.0.1')).toBe(0);
    t.failure('ana@x.io', '10.0.0.1');
    expect(t.retryAfter('ana@x.io', '10.0.0.1')).toBe(30);
    now += 30_000;
    expect(t.retryAfter('ana@x.io', '10.0.0.1')).toBe(0);
    for (let i = 0; i < 5; i++) t.failure('ana@x.io', '10.0.0.1');
    expect(t.retryAfter('ana@x.io', '10.0.0.1')).toBe(60);
  });

  it('an attacker failing from many addresses delays the real user by at most a minute', () => {
    const t = createLoginThrottle(clock);
    for (let i = 0; i < 200; i++) t.failure('ana@x.io', `203.0.113.${i}`);
    const wait = t.retryAfter('ana@x.io', '10.0.0.1');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    now += 60_000;
    expect(t.retryAfter('ana@x.io', '10.0.0.1')).toBe(0);
  });

  it('does not hold back the real user at an address they signed in from before', () => {
    const t = createLoginThrottle(clock);
    t.success('ana@x.io', '10.0.0.1');
    for (let i = 0; i < 200; i++) t.failure('ana@x.io', `203.0.113.${i}`);
    expect(t.retryAfter('ana@x.io', '10.0.0.1')).toBe(0);
    expect(t.retryAfter('ana@x.io', '10.0.0.2')).toBeGreaterThan(0);
  });

  it('throttles one address guessing across many accounts', () => {
    const t = createLoginThrottle(clock);
    for (let i = 0; i < 30; i++) t.failure(`user${i}@x.io`, '198.51.100.7');
    expect(t.retryAfter('someone-new@x.io', '198.51.100.7')).toBe(900);
    expect(t.retryAfter('someone-new@x.io', '198.51.100.8')).toBe(0);
  });

  it('forgets failures older than the window and clears the pair on success', () => {
    const t = createLoginThrottle(clock);
    for (let i = 0; i < 4; i++) t.failure('ana@x.io', '10.0.0.1');
    now += 16 * 60_000;
    t.failure('ana@x.io', '10.0.0.1');
    expect(t.retryAfter('ana@x.io', '10.0.0.1')).toBe(0);
    for (let i = 0; i < 3; i++) t.failure('ana@x.io', '10.0.0.1');
    t.success('ana@x.io', '10.0.0.1');
    t.failure('ana@x.io', '10.0.0.1');
    expect(t.retryAfter('ana@x.io', '10.0.0.1')).toBe(0);
    t.sweep();
  });
});
