import fc from 'fast-check';
import { plansSchema, publicConfigSchema } from '@walletscreen/contracts';
import { readContactEmail, readPlanPrices } from './use-public-data';

const planArb = fc.record({
  id: fc.string(),
  name: fc.string(),
  checks: fc.integer({ min: 1, max: 1_000_000 }),
  price: fc.double({ min: 0, max: 1e6, noNaN: true }),
  currency: fc.constantFrom('usd', 'eur', 'USD'),
  price_id: fc.string(),
});

describe("the landing page's reading of the public calls (without zod)", () => {
  it("reads every answer the plans' schema accepts, keeping each plan's price, checks and currency", () => {
    fc.assert(
      fc.property(fc.array(planArb, { maxLength: 6 }), (plans) => {
        const parsed = plansSchema.parse(plans);
        expect(readPlanPrices(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed.map(({ price, checks, currency }) => ({ price, checks, currency })));
      }),
    );
  });

  it('claims nothing from an answer that is not a list of plans', () => {
    for (const body of [null, {}, 'plans', [{ price: '25', checks: 10, currency: 'usd' }], [{ price: 25, currency: 'usd' }], [null]]) {
      expect(readPlanPrices(body)).toBeUndefined();
    }
  });

  it('reads the contact address of the config, and nothing that is not one', () => {
    const config = publicConfigSchema.parse({ contact_email: 'compliance@example.com', sales_email: 'sales@example.com' });
    expect(readContactEmail(config)).toBe('compliance@example.com');
    for (const body of [null, [], {}, { contact_email: 42 }, { contact_email: '' }, { contact_email: 'not an address' }]) {
      expect(readContactEmail(body)).toBeUndefined();
    }
  });
});
