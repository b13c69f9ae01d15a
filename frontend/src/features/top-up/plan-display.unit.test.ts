import { formatPlanPrice, pricePerCheck, purchaseErrorText } from './plan-display';

describe('plan display', () => {
  it('shows prices in dollars with two decimals, and the price per check', () => {
    expect(formatPlanPrice(25, 'usd')).toBe('$25.00');
    expect(formatPlanPrice(pricePerCheck({ price: 99, checks: 50 }), 'usd')).toBe('$1.98');
    expect(formatPlanPrice(pricePerCheck({ price: 299, checks: 200 }), 'usd')).toBe('$1.50');
    expect(formatPlanPrice(10, 'eur')).toBe('10.00 EUR');
  });
  it('says why a purchase failed, or the spec sentence', () => {
    expect(purchaseErrorText(new Error('No such plan'))).toBe('No such plan');
    expect(purchaseErrorText(new Error(''))).toBe('Purchase failed. Please try again.');
    expect(purchaseErrorText('?')).toBe('Purchase failed. Please try again.');
  });
});
