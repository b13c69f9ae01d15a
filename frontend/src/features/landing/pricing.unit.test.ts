import { fromPricePerCheck } from './pricing';

const plan = (price: number, checks: number, currency = 'usd') => ({ price, checks, currency });

describe('the advertised price', () => {
  it('is the lowest price per check of the plans, rounded up to the cent', () => {
    // The default plans: $25 / 10, $99 / 50, $299 / 200 ($1.495 a check).
    expect(fromPricePerCheck([plan(25, 10), plan(99, 50), plan(299, 200)])).toBe('From $1.50 per check');
    expect(fromPricePerCheck([plan(25, 10), plan(99, 50)])).toBe('From $1.98 per check');
    expect(fromPricePerCheck([plan(9.9, 10)])).toBe('From $0.99 per check');
  });

  it('follows the plans configured, in their currency', () => {
    expect(fromPricePerCheck([plan(100, 40, 'eur'), plan(45, 10, 'eur'), plan(1, 100, 'usd')])).toBe('From 2.50 EUR per check');
  });

  it('advertises nothing without a paid plan', () => {
    expect(fromPricePerCheck([])).toBeNull();
    expect(fromPricePerCheck([plan(0, 10)])).toBeNull();
  });
});
