import { ConfigError, DEFAULT_PLANS, parseEnv } from './config';

describe('PLANS', () => {
  it('defaults to Starter, Professional and Enterprise', () => expect(parseEnv({}).PLANS).toEqual(DEFAULT_PLANS));
  it('reads a JSON array, with usd as the default currency', () =>
    expect(parseEnv({ PLANS: '[{"id":"team","name":"Team","checks":30,"price":49.5,"stripe_price_id":"price_123"}]' }).PLANS).toEqual([
      { id: 'team', name: 'Team', checks: 30, price: 49.5, currency: 'usd', stripe_price_id: 'price_123' },
    ]));
  it.each([
    ['not json', /PLANS: must be a JSON array/],
    ['{}', /PLANS: must be a JSON array/],
    ['[]', /at least one plan/],
    ['[{"id":"a","name":"A","checks":0,"price":1}]', /PLANS\.0\.checks/],
    ['[{"id":"a","name":"A","checks":1,"price":1.234}]', /at most 2 decimals/],
    ['[{"id":"a","name":"A","checks":1,"price":1},{"id":"a","name":"B","checks":2,"price":2}]', /used twice/],
  ])('refuses %s with a clear message', (plans, message) => {
    expect(() => parseEnv({ PLANS: plans })).toThrow(ConfigError);
    expect(() => parseEnv({ PLANS: plans })).toThrow(message);
  });
  it('reads PURCHASE_EXPIRY_DAYS (default 365) and the Stripe settings', () => {
    expect(parseEnv({}).PURCHASE_EXPIRY_DAYS).toBe(365);
    expect(parseEnv({ PURCHASE_EXPIRY_DAYS: '30', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toMatchObject({
      PURCHASE_EXPIRY_DAYS: 30,
      STRIPE_SECRET_KEY: 'sk_test_1',
    });
    expect(() => parseEnv({ STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
  });
});
