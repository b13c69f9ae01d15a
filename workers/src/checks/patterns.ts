/**
 * Stage 5: transaction patterns. From the counterparties found in the blockchain data, with the
 * labels and sanctions hits found for them, works out the exposure by category (the source of
 * funds breakdown) and behaviour flags. Pure.
 */
import type { ChainData } from '../chain-data/types';
import { nativeValue, type Valuer } from '../chain-data/valuation';
import type { ExposureBreakdown } from './exposure';
import type { PatternFlag, RiskCategory } from './risk-model';

export interface CounterpartyFacts {
  categories: RiskCategory[];
  sanctioned: boolean;
  /** On one of the administrator's custom block lists (and not cleared by an allow list). */
  customBlocked?: boolean;
  /** Formerly on the sanctions list, since delisted (and not listed now). */
  delisted?: boolean;
}

export interface PatternEvidence {
  /** Share (0-1) of examined volume (received + sent) with each category. */
  exposure: Partial<Record<RiskCategory, number>>;
  /** Share (0-1) of examined incoming volume from each category: the source of funds. */
  incomingExposure: Partial<Record<RiskCategory, number>>;
  sanctionedCounterparties: number;
  sanctionedVolumeShare: number;
  /** Counterparties on a custom block list and on no sanctions list (absent in checks recorded before custom lists). */
  customBlockedCounterparties?: number;
  customBlockedVolumeShare?: number;
  /** Counterparties only on delisted entries (absent in checks recorded before delisting was tracked). */
  delistedCounterparties?: number;
  delistedVolumeShare?: number;
  flags: PatternFlag[];
  /** Why each flag was raised, in numbers. */
  notes: string[];
  /** Exposure by category, received and sent, direct and indirect (absent in checks recorded before tracing, and without blockchain data). */
  breakdown?: ExposureBreakdown;
  /**
   * How the shares weigh the assets that moved (valuation.ts): in USD, or in the one asset's
   * units; `unpriced` assets were left out of every share (absent in checks recorded before tokens were weighed).
   */
  valuation?: Pick<Valuer, 'mode' | 'unit' | 'weighed' | 'unpriced'>;
}

/** "Large volume" for a new wallet: USD 50,000 when the flows are weighed in USD, else roughly as much in each chain's native unit. */
const LARGE_VOLUME_USD = 50_000;
const LARGE_VOLUME: Record<string, number> = {
  BTC: 0.5,
  LTC: 500,
  DOGE: 250_000,
  BCH: 100,
  ETH: 15,
  BNB: 80,
  POL: 150_000,
  TRX: 200_000,
  SOL: 300,
  XRP: 25_000,
};
const NEW_WALLET_DAYS = 30;
const FAN = 25;
const DUST_COUNT = 10;

const num = (s: string | null | undefined) => (s ? Number(s) : 0);

/** @param valuer how the assets are weighed (valuation.ts); native amounts when absent */
export function analyzePatterns(chain: ChainData, facts: ReadonlyMap<string, CounterpartyFacts>, now: string, valuer?: Valuer): PatternEvidence {
  const valueOf = valuer ? (c: ChainData['counterparties'][number]) => valuer.value(c) : nativeValue;
  const values = new Map(chain.counterparties.map((c) => [c, valueOf(c)]));
  const totalVolume = chain.counterparties.reduce((s, c) => s + values.get(c)!.received + values.get(c)!.sent, 0);
  const totalIn = chain.counterparties.reduce((s, c) => s + values.get(c)!.received, 0);
  const exposure: Partial<Record<RiskCategory, number>> = {};
  const incomingExposure: Partial<Record<RiskCategory, number>> = {};
  let sanctionedCounterparties = 0;
  let sanctionedVolume = 0;
  let customBlockedCounterparties = 0;
  let customBlockedVolume = 0;
  let delistedCounterparties = 0;
  let delistedVolume = 0;
  for (const c of chain.counterparties) {
    const f = facts.get(c.address);
    if (!f) continue;
    const value = values.get(c)!;
    const volume = value.received + value.sent;
    if (f.sanctioned) {
      sanctionedCounterparties += 1;
      sanctionedVolume += volume;
    } else if (f.customBlocked) {
      customBlockedCounterparties += 1;
      customBlockedVolume += volume;
    }
    if (!f.sanctioned && f.delisted) {
      delistedCounterparties += 1;
      delistedVolume += volume;
    }
    for (const category of new Set(f.categories)) {
      if (totalVolume > 0) exposure[category] = (exposure[category] ?? 0) + volume / totalVolume;
      if (totalIn > 0) incomingExposure[category] = (incomingExposure[category] ?? 0) + value.received / totalIn;
    }
  }

  const flags: PatternFlag[] = [];
  const notes: string[] = [];
  // Pass-through compares the native coin's totals with its balance (in native units, whatever the shares are weighed in).
  const received = chain.totalReceived !== null ? num(chain.totalReceived) : chain.counterparties.reduce((s, c) => s + num(c.received), 0);
  const sent = chain.totalSent !== null ? num(chain.totalSent) : chain.counterparties.reduce((s, c) => s + num(c.sent), 0);
  if (chain.txCount >= 10 && received > 0 && sent / received >= 0.95 && num(chain.balance) <= received * 0.05) {
    flags.push('pass-through');
    notes.push(`${Math.round((sent / received) * 100)}% of everything received was sent on; the balance is ${chain.balance} ${chain.symbol}`);
  }
  const senders = chain.counterparties.filter((c) => c.direction !== 'out').length;
  const receivers = chain.counterparties.filter((c) => c.direction !== 'in').length;
  if (senders >= FAN) {
    flags.push('fan-in');
    notes.push(`${senders} distinct addresses sent funds in the transactions examined`);
  }
  if (receivers >= FAN) {
    flags.push('fan-out');
    notes.push(`${receivers} distinct addresses received funds in the transactions examined`);
  }
  const dust = chain.counterparties.filter((c) => c.direction === 'in' && c.txCount === 1 && totalIn > 0 && values.get(c)!.received / totalIn < 0.0001).length;
  if (dust >= DUST_COUNT) {
    flags.push('dusting');
    notes.push(`${dust} single tiny incoming transfers (under 0.01% of incoming volume each)`);
  }
  const ageDays = chain.firstSeen ? (Date.parse(now) - Date.parse(chain.firstSeen)) / 86_400_000 : null;
  const inUsd = valuer?.mode === 'usd';
  const large = inUsd ? LARGE_VOLUME_USD : LARGE_VOLUME[chain.symbol];
  const receivedValue = inUsd ? totalIn : received;
  if (ageDays !== null && ageDays <= NEW_WALLET_DAYS && large !== undefined && receivedValue >= large) {
    flags.push('new-wallet-large-volume');
    notes.push(
      `first seen ${Math.floor(ageDays)} days ago and received ${inUsd ? `USD ${Math.round(receivedValue).toLocaleString('en-US')} in the transfers examined` : `${received} ${chain.symbol}`}`,
    );
  }
  if ((exposure.mixer ?? 0) > 0) {
    flags.push('mixer-interaction');
    notes.push('transacted directly with an address labelled as a mixer');
  }
  return {
    exposure,
    incomingExposure,
    sanctionedCounterparties,
    sanctionedVolumeShare: totalVolume > 0 ? sanctionedVolume / totalVolume : 0,
    customBlockedCounterparties,
    customBlockedVolumeShare: totalVolume > 0 ? customBlockedVolume / totalVolume : 0,
    delistedCounterparties,
    delistedVolumeShare: totalVolume > 0 ? delistedVolume / totalVolume : 0,
    flags,
    notes,
    ...(valuer ? { valuation: { mode: valuer.mode, unit: valuer.unit, weighed: valuer.weighed, unpriced: valuer.unpriced } } : {}),
  };
}
