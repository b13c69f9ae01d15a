/**
 * Weighing flows of several assets: the known tokens (valid contracts, known by contract only),
 * the valuer's four cases worked by hand, and properties over generated flows and prices.
 */
import fc from 'fast-check';
import { networks, parseAddress } from '@walletscreen/contracts';
import { allPriceIds, knownToken, knownTokens, nativePriceIds } from './assets';
import type { PriceResult } from './prices';
import { createValuer, valuationOf, type ValuedFlow } from './valuation';

const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDC_TRON = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
const table = (usd: Record<string, number>): PriceResult => ({ ok: true, stale: false, table: { source: 'CoinGecko', asOf: '2026-11-27T03:00:00.000Z', usd } });
const tronPrices = valuationOf('tron', 'TRX', table({ tron: 0.25, tether: 1, 'usd-coin': 1 }));
const usdt = (received: string, sent: string) => ({ token: 'USDT', contract: USDT_TRON, received, sent });
const flow = (received: string, sent: string, tokens?: ValuedFlow['tokens']): ValuedFlow => ({ received, sent, ...(tokens ? { tokens } : {}) });

describe('the known tokens', () => {
  it('are valid addresses on their networks (EIP-55 checksums and base58check included), each listed once', () => {
    for (const network of networks) {
      const contracts = knownTokens[network].map((t) => t.contract.toLowerCase());
      expect(new Set(contracts).size).toBe(contracts.length);
      for (const t of knownTokens[network]) {
        const parsed = parseAddress(t.contract, network);
        expect({ network, contract: t.contract, ok: parsed.ok }).toEqual({ network, contract: t.contract, ok: true });
      }
    }
  });

  it('are found by contract in any letter case on EVM networks, never by symbol', () => {
    expect(knownToken('ethereum', '0xdac17f958d2ee523a2206206994597c13d831ec7')?.symbol).toBe('USDT');
    expect(knownToken('ethereum', USDT_TRON)).toBeUndefined();
    expect(knownToken('tron', USDT_TRON.toLowerCase())).toBeUndefined();
    expect(allPriceIds).toEqual(expect.arrayContaining(Object.values(nativePriceIds)));
  });
});

describe('createValuer', () => {
  it('weighs TRX and USDT in USD at the recorded prices', () => {
    const v = createValuer('tron', 'TRX', tronPrices, [flow('4000', '0'), flow('0', '1000'), flow('0', '0', [usdt('500', '0')])]);
    expect(v).toMatchObject({ mode: 'usd', unit: 'USD', weighed: ['TRX', 'USDT'], unpriced: [] });
    expect(v.value(flow('4000', '0'))).toEqual({ received: 1000, sent: 0 });
    expect(v.value(flow('2', '0', [usdt('500', '10.5')]))).toEqual({ received: 500.5, sent: 10.5 });
  });

  it('weighs a single asset in its own units, needing no price', () => {
    const onlyTrx = createValuer('tron', 'TRX', undefined, [flow('4000', '0'), flow('0', '1000')]);
    expect(onlyTrx).toMatchObject({ mode: 'units', unit: 'TRX', weighed: ['TRX'], unpriced: [] });
    expect(onlyTrx.value(flow('4000', '1'))).toEqual({ received: 4000, sent: 1 });
    const onlyUsdt = createValuer('tron', 'TRX', valuationOf('tron', 'TRX', { ok: false, reason: 'no answer' }), [
      flow('0', '0', [usdt('500', '0')]),
      flow('0', '0', [usdt('0', '20')]),
    ]);
    expect(onlyUsdt).toMatchObject({ mode: 'units', unit: 'USDT', weighed: ['USDT'], unpriced: [] });
    expect(onlyUsdt.value(flow('7', '0', [usdt('500', '0')]))).toEqual({ received: 500, sent: 0 });
  });

  it('leaves out, and names, an asset without a price when others moved too', () => {
    const noUsdc = valuationOf('tron', 'TRX', table({ tron: 0.25, tether: 1 }));
    const usdc = { token: 'USDC', contract: USDC_TRON, received: '100', sent: '0' };
    const v = createValuer('tron', 'TRX', noUsdc, [flow('4', '0', [usdt('1', '0'), usdc])]);
    expect(v).toMatchObject({ mode: 'partial', unit: 'USD', weighed: ['TRX', 'USDT'], unpriced: ['USDC'] });
    expect(v.value(flow('4', '0', [usdt('1', '0'), usdc]))).toEqual({ received: 2, sent: 0 });
    // With no price at all, the coin alone is weighed.
    const none = createValuer('tron', 'TRX', valuationOf('tron', 'TRX', { ok: false, reason: 'CoinGecko did not answer' }), [flow('4', '0', [usdt('1', '0')])]);
    expect(none).toMatchObject({ mode: 'partial', unit: 'TRX', weighed: ['TRX'], unpriced: ['USDT'] });
    expect(none.value(flow('4', '0', [usdt('1', '0')]))).toEqual({ received: 4, sent: 0 });
  });

  it('never weighs a token it does not know by contract, whatever it calls itself', () => {
    const fake = { token: 'USDT', contract: 'TJaZcuzVrGW5J4oPsk38fYY45GLsmHSvvm', received: '1000000', sent: '0' };
    const v = createValuer('tron', 'TRX', tronPrices, [flow('4', '0'), flow('0', '0', [fake])]);
    expect(v).toMatchObject({ mode: 'usd', weighed: ['TRX'], unpriced: [] });
    expect(v.value(flow('0', '0', [fake]))).toEqual({ received: 0, sent: 0 });
  });
});

describe('properties', () => {
  const amount = fc.integer({ min: 0, max: 10_000_000 }).map((n) => (n / 100).toString());
  const flows = fc
    .array(fc.record({ received: amount, sent: amount, usdt: fc.option(fc.tuple(amount, amount), { nil: undefined }) }), { minLength: 1, maxLength: 12 })
    .map((list) => list.map((f) => flow(f.received, f.sent, f.usdt ? [usdt(f.usdt[0], f.usdt[1])] : undefined)));
  const price = fc.double({ min: 1e-4, max: 1e5, noNaN: true });
  const shares = (values: Array<{ received: number; sent: number }>) => {
    const total = values.reduce((s, v) => s + v.received + v.sent, 0);
    return values.map((v) => (total > 0 ? (v.received + v.sent) / total : 0));
  };

  it('shares do not change when every price is scaled alike (they are ratios of value)', () => {
    fc.assert(
      fc.property(flows, price, price, fc.double({ min: 0.01, max: 100, noNaN: true }), (fs, trx, tether, k) => {
        const a = createValuer('tron', 'TRX', valuationOf('tron', 'TRX', table({ tron: trx, tether })), fs);
        const b = createValuer('tron', 'TRX', valuationOf('tron', 'TRX', table({ tron: trx * k, tether: tether * k })), fs);
        const sa = shares(fs.map((f) => a.value(f)));
        const sb = shares(fs.map((f) => b.value(f)));
        sa.forEach((s, i) => expect(s).toBeCloseTo(sb[i]!, 9));
      }),
    );
  });

  it('flows of the coin alone get the same shares at any price, or none', () => {
    const coinOnly = fc
      .array(fc.record({ received: amount, sent: amount }), { minLength: 1, maxLength: 12 })
      .map((l) => l.map((f) => flow(f.received, f.sent)));
    fc.assert(
      fc.property(coinOnly, price, (fs, trx) => {
        const priced = shares(fs.map((f) => createValuer('tron', 'TRX', valuationOf('tron', 'TRX', table({ tron: trx, tether: 1 })), fs).value(f)));
        const unpriced = shares(fs.map((f) => createValuer('tron', 'TRX', undefined, fs).value(f)));
        priced.forEach((s, i) => expect(s).toBeCloseTo(unpriced[i]!, 9));
      }),
    );
  });

  it('every asset that moved is either weighed or named as unpriced, never both', () => {
    fc.assert(
      fc.property(flows, fc.boolean(), fc.boolean(), (fs, hasTrx, hasUsdt) => {
        const v = createValuer('tron', 'TRX', valuationOf('tron', 'TRX', table({ ...(hasTrx ? { tron: 0.25 } : {}), ...(hasUsdt ? { tether: 1 } : {}) })), fs);
        const moved = new Set<string>();
        for (const f of fs) {
          if (Number(f.received) > 0 || Number(f.sent) > 0) moved.add('TRX');
          if ((f.tokens ?? []).some((t) => Number(t.received) > 0 || Number(t.sent) > 0)) moved.add('USDT');
        }
        expect(new Set([...v.weighed, ...v.unpriced])).toEqual(moved.size > 0 ? moved : new Set(v.weighed));
        expect(v.weighed.filter((s) => v.unpriced.includes(s))).toEqual([]);
        for (const f of fs) {
          const value = v.value(f);
          expect(value.received).toBeGreaterThanOrEqual(0);
          expect(value.sent).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

it('records the prices of the network it is for, and why there are none', () => {
  expect(valuationOf('tron', 'TRX', table({ tron: 0.25, tether: 1 }))).toEqual({
    currency: 'USD',
    source: 'CoinGecko',
    asOf: '2026-11-27T03:00:00.000Z',
    native: { symbol: 'TRX', usd: 0.25 },
    tokens: [
      { symbol: 'USDT', contract: USDT_TRON, usd: 1 },
      { symbol: 'USDC', contract: USDC_TRON, usd: null },
    ],
  });
  expect(valuationOf('bitcoin', 'BTC', { ok: false, reason: 'no price source is set up on this installation' })).toEqual({
    currency: 'USD',
    source: null,
    asOf: null,
    native: { symbol: 'BTC', usd: null },
    tokens: [],
    unavailable: 'no price source is set up on this installation',
  });
});
