/**
 * Aggregates the transfers read from a provider into counterparties ("linked wallets"): per other
 * address, what the wallet received from it and sent to it, in how many transactions, and when.
 * Amounts stay BigInt in the smallest unit until the list is produced.
 */
import { MAX_COUNTERPARTIES, type Counterparty, type CounterpartyTokenFlow, type TokenTransferSummary } from './types';
import { earliest, formatUnits, latest } from './units';

interface TokenFlow {
  token: string;
  contract: string;
  decimals: number;
  received: bigint;
  sent: bigint;
}

interface Entry {
  address: string;
  received: bigint;
  sent: bigint;
  inbound: boolean;
  outbound: boolean;
  txids: Set<string>;
  firstSeen: string | null;
  lastSeen: string | null;
  tokens: Map<string, TokenFlow>;
}

export interface Transfer {
  /** The other address, as it should be shown. */
  counterparty: string;
  /** `in`: the wallet received; `out`: the wallet sent. */
  direction: 'in' | 'out';
  /** Smallest unit; 0 for a transaction that moved no native value (a contract call, a failed transaction). */
  amount: bigint;
  txid: string;
  time: string | null;
}

export interface TokenTransfer extends Omit<Transfer, 'amount'> {
  token: string;
  contract: string;
  decimals: number;
  amount: bigint;
}

export class CounterpartyBook {
  private readonly entries = new Map<string, Entry>();
  private readonly tokenTotals = new Map<string, TokenFlow>();

  /**
   * @param decimals of the native unit
   * @param key how addresses compare (lower-case for EVM, as is elsewhere)
   * @param weighed whether a token contract is one a check weighs (assets.ts): its flows rank counterparties like the coin's
   */
  constructor(
    private readonly decimals: number,
    private readonly key: (address: string) => string = (a) => a,
    private readonly weighed: (contract: string) => boolean = () => false,
  ) {}

  private entry(address: string, txid: string, time: string | null, direction: 'in' | 'out'): Entry {
    const k = this.key(address);
    let e = this.entries.get(k);
    if (!e) {
      e = { address, received: 0n, sent: 0n, inbound: false, outbound: false, txids: new Set(), firstSeen: null, lastSeen: null, tokens: new Map() };
      this.entries.set(k, e);
    }
    e.txids.add(txid);
    if (direction === 'in') e.inbound = true;
    else e.outbound = true;
    e.firstSeen = earliest(e.firstSeen, time);
    e.lastSeen = latest(e.lastSeen, time);
    return e;
  }

  add(t: Transfer): void {
    const e = this.entry(t.counterparty, t.txid, t.time, t.direction);
    if (t.direction === 'in') e.received += t.amount;
    else e.sent += t.amount;
  }

  addToken(t: TokenTransfer): void {
    const e = this.entry(t.counterparty, t.txid, t.time, t.direction);
    const contractKey = this.key(t.contract);
    for (const map of [e.tokens, this.tokenTotals]) {
      let flow = map.get(contractKey);
      if (!flow) {
        flow = { token: t.token, contract: t.contract, decimals: t.decimals, received: 0n, sent: 0n };
        map.set(contractKey, flow);
      }
      if (t.direction === 'in') flow.received += t.amount;
      else flow.sent += t.amount;
    }
  }

  /**
   * Sorted by the largest share each counterparty holds of any asset a check weighs: of the
   * native volume, or of a weighed token's volume (so that a counterparty that moved only USDT,
   * the bulk of value on TRON, is not cut off behind small TRX payments: the weighing in USD comes
   * later, with the prices). Without weighed tokens that is the native volume's order. Ties by
   * native volume, then by token volume in whole token units, then by transactions, then by
   * address. At most `limit`.
   */
  list(limit = MAX_COUNTERPARTIES): Counterparty[] {
    const tokenVolume = (e: Entry) => [...e.tokens.values()].reduce((s, f) => s + (f.received + f.sent) * 10n ** BigInt(Math.max(0, 36 - f.decimals)), 0n);
    const nativeTotal = [...this.entries.values()].reduce((s, e) => s + e.received + e.sent, 0n);
    const weighedTotals = new Map([...this.tokenTotals].filter(([, f]) => this.weighed(f.contract)).map(([k, f]) => [k, f.received + f.sent]));
    const ratio = (part: bigint, total: bigint | undefined) => (total && total > 0n ? Number((part * 1_000_000_000_000n) / total) / 1e12 : 0);
    const rank = new Map<Entry, number>();
    for (const e of this.entries.values()) {
      let r = ratio(e.received + e.sent, nativeTotal);
      for (const [k, f] of e.tokens) if (weighedTotals.has(k)) r = Math.max(r, ratio(f.received + f.sent, weighedTotals.get(k)));
      rank.set(e, r);
    }
    const tokenList = (tokens: Map<string, TokenFlow>): CounterpartyTokenFlow[] =>
      [...tokens.values()]
        .sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : a.contract < b.contract ? -1 : 1))
        .map((f) => ({ token: f.token, contract: f.contract, received: formatUnits(f.received, f.decimals), sent: formatUnits(f.sent, f.decimals) }));
    return [...this.entries.values()]
      .sort((a, b) => {
        if (weighedTotals.size > 0 && rank.get(a) !== rank.get(b)) return rank.get(b)! - rank.get(a)!;
        const va = a.received + a.sent;
        const vb = b.received + b.sent;
        if (va !== vb) return va > vb ? -1 : 1;
        const ta = tokenVolume(a);
        const tb = tokenVolume(b);
        if (ta !== tb) return ta > tb ? -1 : 1;
        if (a.txids.size !== b.txids.size) return b.txids.size - a.txids.size;
        return a.address < b.address ? -1 : a.address > b.address ? 1 : 0;
      })
      .slice(0, limit)
      .map((e) => ({
        address: e.address,
        direction: e.inbound && e.outbound ? 'both' : e.inbound ? 'in' : 'out',
        txCount: e.txids.size,
        received: formatUnits(e.received, this.decimals),
        sent: formatUnits(e.sent, this.decimals),
        firstSeen: e.firstSeen,
        lastSeen: e.lastSeen,
        ...(e.tokens.size > 0 ? { tokens: tokenList(e.tokens) } : {}),
      }));
  }

  /** Token flows over every token transfer added, one per contract, sorted by symbol. */
  tokenTransfers(): TokenTransferSummary[] {
    return [...this.tokenTotals.values()]
      .sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : a.contract < b.contract ? -1 : 1))
      .map((f) => ({ token: f.token, contract: f.contract, received: formatUnits(f.received, f.decimals), sent: formatUnits(f.sent, f.decimals) }));
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Splits `amount` among `weights` in proportion, exactly: the parts sum to `amount`, the rounding
 * remainder going to the largest weight.
 */
export function splitProportionally(amount: bigint, weights: bigint[]): bigint[] {
  const total = weights.reduce((s, w) => s + w, 0n);
  if (weights.length === 0) return [];
  if (total <= 0n) return weights.map((_, i) => (i === 0 ? amount : 0n));
  const parts = weights.map((w) => (amount * w) / total);
  const rest = amount - parts.reduce((s, p) => s + p, 0n);
  let largest = 0;
  weights.forEach((w, i) => {
    if (w > weights[largest]!) largest = i;
  });
  parts[largest] = parts[largest]! + rest;
  return parts;
}
