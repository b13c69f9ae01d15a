/**
 * Weighing a wallet's flows when they move more than one asset: TRX and USDT on TRON, ETH and
 * ERC-20 stablecoins on EVM networks. Every share of "examined volume" (exposure, source of funds,
 * the trace's order, the fund-flow picture) is a ratio of values, so:
 * - flows of a single asset are weighed in that asset's own units: no price is needed, and the
 *   shares are exactly what they were before tokens were counted;
 * - flows of several assets are weighed in USD at the prices recorded with the check (`Valuation`);
 * - an asset that moved without a price while others moved too is left out of every share and
 *   named (`unpriced`): the check then lacks evidence (its verdict cannot be Low or Medium), as the
 *   shares could be far off without it. With no price at all, the native coin alone is weighed
 *   (or, when it did not move, the first token by symbol).
 * Tokens are known by contract (assets.ts); a transfer of any other contract is never weighed.
 * Pure: prices come in with the valuation recorded by stage 2.
 */
import type { Network } from '@walletscreen/contracts';
import { contractKey, knownToken, knownTokens, nativePriceIds } from './assets';
import type { PriceResult } from './prices';
import type { CounterpartyTokenFlow } from './types';

/** The prices a check used, as recorded with its blockchain data. */
export interface Valuation {
  currency: 'USD';
  /** Where the prices come from and when they were read; null when there are none. */
  source: string | null;
  asOf: string | null;
  /** The source did not answer: these are the last prices read (see `asOf`). */
  stale?: true;
  native: { symbol: string; usd: number | null };
  /** The network's known tokens, each with its price (null: not priced). */
  tokens: Array<{ symbol: string; contract: string; usd: number | null }>;
  /** Why there are no prices, in a customer's words. */
  unavailable?: string;
}

/** What the prices recorded for `network` are, from a price lookup's answer. */
export function valuationOf(network: Network, symbol: string, result: PriceResult): Valuation {
  const usd = result.ok ? result.table.usd : {};
  const price = (id: string) => usd[id] ?? null;
  return {
    currency: 'USD',
    source: result.ok ? result.table.source : null,
    asOf: result.ok ? result.table.asOf : null,
    ...(result.ok && result.stale ? { stale: true as const } : {}),
    native: { symbol, usd: price(nativePriceIds[network]) },
    tokens: knownTokens[network].map((t) => ({ symbol: t.symbol, contract: t.contract, usd: price(t.priceId) })),
    ...(result.ok ? {} : { unavailable: result.reason }),
  };
}

/** A flow as valuation reads it: native amounts and token flows (decimal strings). */
export interface ValuedFlow {
  received: string;
  sent: string;
  tokens?: readonly CounterpartyTokenFlow[];
}

export interface FlowValue {
  received: number;
  sent: number;
}

export interface Valuer {
  /** `usd`: every asset weighed at its price; `units`: one asset, in its own units; `partial`: some assets left out (`unpriced`). */
  mode: 'usd' | 'units' | 'partial';
  /** What values are in: "USD", or the one asset's symbol. */
  unit: string;
  /** Symbols of the assets that moved and were weighed. */
  weighed: string[];
  /** Symbols of the assets that moved and were left out of every share for want of a price. */
  unpriced: string[];
  value(flow: ValuedFlow): FlowValue;
  /** What the flow carries both ways: value received plus sent (for orders and shares of volume). */
  volume(flow: ValuedFlow): number;
}

const amount = (s: string | null | undefined) => {
  const n = s ? Number(s) : 0;
  return Number.isFinite(n) && n > 0 ? n : 0;
};

const NATIVE = '';

/** The value of a flow with native only, as before tokens were counted (and for checks recorded before). */
export const nativeValue = (f: Pick<ValuedFlow, 'received' | 'sent'>): FlowValue => ({ received: amount(f.received), sent: amount(f.sent) });
/** The native amount a flow carries both ways. */
export const nativeVolume = (f: Pick<ValuedFlow, 'received' | 'sent'>): number => amount(f.received) + amount(f.sent);

/**
 * How the flows of one check are weighed: decided once over every flow the check read (the
 * wallet's and the traced addresses'), so every share of the check is in the same unit.
 */
export function createValuer(network: Network, symbol: string, valuation: Valuation | undefined, flows: Iterable<ValuedFlow>): Valuer {
  // The assets that moved, by contract key (NATIVE for the coin), with their symbols.
  const moved = new Map<string, string>();
  for (const f of flows) {
    if (amount(f.received) > 0 || amount(f.sent) > 0) moved.set(NATIVE, symbol);
    for (const t of f.tokens ?? []) {
      const known = knownToken(network, t.contract);
      if (known && (amount(t.received) > 0 || amount(t.sent) > 0)) moved.set(contractKey(network, t.contract), known.symbol);
    }
  }
  const prices = new Map<string, number>();
  if (valuation?.native.usd) prices.set(NATIVE, valuation.native.usd);
  for (const t of valuation?.tokens ?? []) if (t.usd) prices.set(contractKey(network, t.contract), t.usd);

  const assets = [...moved.keys()];
  const priced = assets.filter((k) => prices.has(k));
  const symbols = (keys: string[]) => keys.map((k) => moved.get(k)!).sort();
  let weights: Map<string, number>;
  let mode: Valuer['mode'];
  let unit: string;
  if (assets.length > 0 && priced.length === assets.length) {
    weights = new Map(priced.map((k) => [k, prices.get(k)!]));
    mode = 'usd';
    unit = 'USD';
  } else if (assets.length <= 1) {
    const only = assets[0] ?? NATIVE;
    weights = new Map([[only, 1]]);
    mode = 'units';
    unit = moved.get(only) ?? symbol;
  } else if (priced.length > 0) {
    weights = new Map(priced.map((k) => [k, prices.get(k)!]));
    mode = 'partial';
    unit = 'USD';
  } else {
    const first = moved.has(NATIVE) ? NATIVE : [...moved.entries()].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))[0]![0];
    weights = new Map([[first, 1]]);
    mode = 'partial';
    unit = moved.get(first)!;
  }
  const native = weights.get(NATIVE) ?? 0;
  const value = (f: ValuedFlow): FlowValue => {
    let received = native * amount(f.received);
    let sent = native * amount(f.sent);
    for (const t of f.tokens ?? []) {
      const weight = weights.get(contractKey(network, t.contract));
      if (!weight) continue;
      received += weight * amount(t.received);
      sent += weight * amount(t.sent);
    }
    return { received, sent };
  };
  return {
    mode,
    unit,
    weighed: symbols(assets.filter((k) => weights.has(k))),
    unpriced: symbols(assets.filter((k) => !weights.has(k))),
    value,
    volume(f) {
      const v = value(f);
      return v.received + v.sent;
    },
  };
}
