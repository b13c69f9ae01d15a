/**
 * The risk model: a deterministic score 0-100 from weighted evidence, its level and the AML
 * status, or the Incomplete verdict when the evidence needed to clear an address is missing.
 * Every weight and threshold lives in this file with its rationale, and every point of a score is
 * traced to a factor, so an auditor can see why any score was given. Pure: no clock, no network;
 * the same evidence always gives the same verdict. docs/risk-model.md states the rules in prose.
 *
 * Terms, as the field uses them: a counterparty the wallet transacted with (one hop away) is
 * **direct** exposure; exposure through intermediaries (two or more hops) is **indirect**. Version
 * 3 scores both, indirect always below direct of the same share (see WEIGHTS.indirect).
 * Version 3.1 weighs token transfers (USDT, USDC, …) with the native coin, in USD, and does not
 * clear a wallet whose flows moved an asset that could not be weighed (see `unpricedAssets`).
 * Version 3.2 does not clear a wallet when a source that can mark it was enabled but not read for
 * the check: an intelligence feed not loaded, Chainabuse unreachable, a traced address whose data
 * could not be read (see `unreadSources`).
 * Version 3.3 weighs the label categories the feeds gained with attribution at depth (issue 28):
 * terrorism, exploit, phishing, sextortion, frozen (by a stablecoin issuer) and coinjoin; miner is
 * not a risk. A terrorism label, like a sanctioned one, is never cleared by an allow list (see
 * `ALWAYS_COUNTED`).
 * Version 3.4 adds co-spend clustering on UTXO chains (checks/clustering.ts): a label the wallet, or
 * an address its funds reached, takes from its cluster ("by clustering") counts at half the points
 * of the same label on the address itself (see WEIGHTS.clustering).
 */
import { INCOMPLETE_AML_STATUS, INCOMPLETE_RISK_LEVEL } from '@walletscreen/contracts';
import { riskCategories, type RiskCategory } from '@walletscreen/domain/feed/events';

export const RISK_MODEL_VERSION = 'walletscreen-risk-3.4.0';

/** Categories of labelled addresses, from the intelligence feeds (their entries record them: domain/src/feed/events.ts). */
export { riskCategories, type RiskCategory };

/** What an address at any hop can be known as: a category, or on the administrator's block lists. */
export type ExposureCategory = RiskCategory | 'custom-block';

/** Indirect exposure to one category: its share (0-1) of examined volume, and the fewest hops at which it was reached (2 or more). */
export interface IndirectExposure {
  share: number;
  minHops: number;
}

/** Exposure to addresses known only by clustering: its share (0-1) of examined volume, and the fewest hops at which it was reached (1: a direct counterparty). */
export interface ClusteredExposure {
  share: number;
  minHops: number;
}

/** Evidence without which an address cannot be cleared. */
export const missingEvidenceKinds = ['blockchain-data', 'sanctions-list', 'token-values', 'unread-sources'] as const;
export type MissingEvidence = (typeof missingEvidenceKinds)[number];

export interface RiskInputs {
  /** Entries of the sanctions list in force matching the wallet itself. */
  directSanctionHits: number;
  /** Entries that matched the wallet itself but have left the list (delisted): evidence of their own kind. */
  delistedHits?: number;
  /** Counterparties on the sanctions list in force (direct exposure), and their share (0-1) of the wallet's examined volume. */
  sanctionedCounterparties: number;
  sanctionedVolumeShare: number;
  /** Counterparties only on delisted entries, and their share (0-1) of examined volume. */
  delistedCounterparties?: number;
  delistedVolumeShare?: number;
  /** Categories the wallet itself is labelled with. */
  ownCategories: readonly RiskCategory[];
  /** Share (0-1) of examined volume exchanged directly with counterparties of each category. */
  exposure: Partial<Record<RiskCategory, number>>;
  /** Reports about the wallet on Chainabuse (0 when unknown). */
  abuseReports: number;
  /** Behaviour flags from the transaction patterns. */
  flags: readonly PatternFlag[];
  /** False when the blockchain data could not be fetched: counterparties and patterns are unknown. */
  blockchainDataAvailable: boolean;
  /** False when no sanctions list was loaded: the address and its counterparties were not screened. */
  sanctionsListLoaded: boolean;
  /** Names of the administrator's custom block lists the wallet itself is on. */
  customBlockLists?: readonly string[];
  /** Counterparties on a custom block list (and on no sanctions list), and their share (0-1) of examined volume. */
  customBlockedCounterparties?: number;
  customBlockedVolumeShare?: number;
  /** Names of the administrator's custom allow lists the wallet itself is on. */
  allowLists?: readonly string[];
  /** Exposure through unlabelled intermediaries, by category (absent or empty: none found, or not traced). */
  indirectExposure?: Partial<Record<ExposureCategory, IndirectExposure>>;
  /** Categories the wallet takes from its cluster (spent together with addresses labelled so), those it does not carry itself. */
  ownClusteredCategories?: readonly RiskCategory[];
  /** Exposure to addresses known only by clustering, by the category they take from their cluster (absent or empty: none). */
  clusteredExposure?: Partial<Record<RiskCategory, ClusteredExposure>>;
  /**
   * Assets the wallet's flows moved alongside others that had no price, so they were left out of
   * every share of volume (valuation.ts). The shares could be far off without them: evidence is
   * missing. Empty or absent: every asset that moved was weighed.
   */
  unpricedAssets?: readonly string[];
  /**
   * Sources that can mark an address, enabled for the check, that were not read (an intelligence
   * feed with no version loaded, Chainabuse unreachable, traced addresses whose data could not be
   * read), in words. A mark they hold would not show: evidence is missing. Empty or absent: every
   * enabled source was read.
   */
  unreadSources?: readonly string[];
}

export type PatternFlag = 'pass-through' | 'fan-in' | 'fan-out' | 'dusting' | 'new-wallet-large-volume' | 'mixer-interaction';

export interface RiskFactor {
  code: string;
  points: number;
  reason: string;
}

export type RiskLevelText = 'Low Risk' | 'Medium Risk' | 'High Risk' | typeof INCOMPLETE_RISK_LEVEL;
export type AmlStatusText = 'Compliant' | 'Requires further review' | 'Non-compliant' | typeof INCOMPLETE_AML_STATUS;

export interface RiskAssessment {
  model: string;
  /**
   * The points of the evidence found, 0-100. For an Incomplete verdict it is a lower bound (missing
   * evidence can only add risk), and screens show the verdict, not this number.
   */
  score: number;
  level: RiskLevelText;
  status: AmlStatusText;
  factors: RiskFactor[];
  /** The evidence that was missing; empty for a complete check (absent in checks recorded before model 2). */
  missing?: MissingEvidence[];
}

/**
 * Weights, in points of the 0-100 score.
 * - A direct sanctions match is a legal prohibition, not a matter of degree: the maximum.
 * - A wallet that is itself a mixer, darknet market or ransomware address is presumed to launder;
 *   scam and theft addresses hold proceeds of crime; gambling is a regulated-risk industry.
 * - The categories added in 3.3, the wallet's own label (`own`), one line each:
 *   - terrorism 100: financing terrorism is a prohibition like a sanctions listing: the maximum,
 *     High / Non-compliant whatever else, and never cleared by an allow list (`ALWAYS_COUNTED`);
 *   - exploit 75: the attacker of a hacked service or a DeFi exploit holds stolen funds, often
 *     large and quickly laundered (above theft's 65): High;
 *   - phishing 70: phishing sites and wallet drainers take victims' funds by deception, at scale
 *     and repeatedly (above scam's 65): High;
 *   - sextortion 65: an extortion scam, proceeds of crime like scam: Medium, review;
 *   - frozen 60: an issuer (Tether, Circle) froze the address, on a law-enforcement request or a
 *     link to theft: adverse evidence from the issuer itself, not a legal finding: Medium, review;
 *   - coinjoin 35: the wallet is a CoinJoin coordinator or fee collector, an obfuscation service
 *     (not the users who joined): Medium, review; below a mixer's 80, since a coordinator takes
 *     no custody of the coins and CoinJoin has lawful privacy uses;
 *   - miner 0: mining-pool payouts and coinbase addresses are newly minted coins, not a risk.
 * - Direct exposure to them (floor + per share): terrorism 40 + 55 (any contact is Medium, as
 *   for sanctioned counterparties; High from about 54 % of the volume); exploit 18 + 45 (above
 *   theft); phishing 15 + 40 (like theft); sextortion 12 + 40 (like scam); frozen 15 + 40 (funds
 *   an issuer judged tainted); coinjoin 8 + 30 (obfuscation, below a mixer's 20 + 50). Miner
 *   exposure, like exchange, DeFi, bridge and other, is not scored.
 * - Direct exposure to a sanctioned counterparty: any contact is reportable, so 40 points (Medium)
 *   whatever the amount; then the share of volume weighs heavily: +3 points per full percentage point
 *   up to 70 (High) at 10 % of the examined volume, then +25 spread over the rest, up to 95 when
 *   all of it is with sanctioned parties (42 % → 78, High). See `sanctionedExposurePoints`.
 * - Other exposure counts per category with a floor for any contact plus a part proportional to
 *   the share of volume.
 * - A delisted entry (an address that has left the sanctions list, as Tornado Cash's did in March
 *   2025) is not a sanctions hit: no prohibition applies any more. Its past designation is still
 *   adverse history: the wallet itself formerly listed is 40 (Medium: review before dealing with
 *   it); a formerly listed counterparty is 20 plus 50 × its share (Medium from 30 %).
 * - Behaviour flags are weak signals on their own and only add up.
 */
export const WEIGHTS = {
  directSanction: 100,
  /**
   * Custom lists are the institution's own decisions. An address on one of its block lists is
   * refused like a sanctioned one: the maximum, and High / Non-compliant whatever else is found.
   * A counterparty on a block list is exposure weighed like a sanctioned counterparty.
   * An allow list is the institution's own clearance of an address after review: it removes the
   * risk that comes from what others say about that address (its own intelligence labels,
   * Chainabuse reports, custom block lists). It never removes a sanctions hit (OFAC or a
   * `sanctioned` label) nor a `terrorism` label (`ALWAYS_COUNTED`), nor what the address does
   * (its exposure and transaction patterns).
   */
  customBlock: { direct: 100 },
  /** Direct exposure to sanctioned (or block-listed) counterparties, by share of examined volume. */
  sanctionedExposure: { floor: 40, highShare: 0.1, high: 70, max: 95 },
  delisted: { own: 40, exposure: { floor: 20, perShare: 50 } },
  own: {
    sanctioned: 100,
    mixer: 80,
    darknet: 80,
    ransomware: 85,
    scam: 65,
    theft: 65,
    gambling: 20,
    terrorism: 100,
    exploit: 75,
    phishing: 70,
    sextortion: 65,
    frozen: 60,
    coinjoin: 35,
  } as Partial<Record<RiskCategory, number>>,
  exposure: {
    mixer: { floor: 20, perShare: 50 },
    darknet: { floor: 25, perShare: 50 },
    ransomware: { floor: 30, perShare: 50 },
    scam: { floor: 12, perShare: 40 },
    theft: { floor: 15, perShare: 40 },
    gambling: { floor: 4, perShare: 15 },
    terrorism: { floor: 40, perShare: 55 },
    exploit: { floor: 18, perShare: 45 },
    phishing: { floor: 15, perShare: 40 },
    sextortion: { floor: 12, perShare: 40 },
    frozen: { floor: 15, perShare: 40 },
    coinjoin: { floor: 8, perShare: 30 },
  } as Partial<Record<RiskCategory, { floor: number; perShare: number }>>,
  /**
   * Indirect exposure (funds that reached, or came from, a category through unlabelled
   * intermediaries, attributed in proportion: see exposure.ts) is weaker evidence than direct
   * contact: the wallet's owner may not know where its counterparties' funds went. So it weighs
   * less than direct exposure of the same category for every share (a property test holds this),
   * and each hop beyond the second halves its points. Shares below 0.1 % are not scored: at two
   * hops, tiny attributions are the norm for any busy address.
   * - Sanctioned parties (and your block lists) follow a curve like the direct one, lower:
   *   10 points at the smallest scored share, +2.5 per percentage point up to 35 (Medium: review)
   *   at 10 % of the examined volume, then +40 spread over the rest, up to 75 (High) at 100 %.
   *   Direct contact is 40 at any share and 70 at 10 %. See `indirectSanctionedPoints`.
   * - Other categories: a floor plus a part per share, below their direct weights. The 3.3
   *   categories keep their direct order, at most a third of the direct floor and under two
   *   thirds of the direct per-share weight: terrorism 12 + 35 (Medium from about 64 % of the
   *   volume at two hops), exploit 6 + 28, phishing 5 + 25, sextortion 4 + 25, frozen 5 + 25,
   *   coinjoin 2 + 12.
   */
  indirect: {
    sanctioned: { floor: 10, highShare: 0.1, high: 35, max: 75 },
    weights: {
      mixer: { floor: 8, perShare: 35 },
      darknet: { floor: 10, perShare: 35 },
      ransomware: { floor: 12, perShare: 35 },
      scam: { floor: 5, perShare: 25 },
      theft: { floor: 6, perShare: 25 },
      gambling: { floor: 0, perShare: 8 },
      terrorism: { floor: 12, perShare: 35 },
      exploit: { floor: 6, perShare: 28 },
      phishing: { floor: 5, perShare: 25 },
      sextortion: { floor: 4, perShare: 25 },
      frozen: { floor: 5, perShare: 25 },
      coinjoin: { floor: 2, perShare: 12 },
    } as Partial<Record<ExposureCategory, { floor: number; perShare: number }>>,
    minShare: 0.001,
    decayPerHop: 0.5,
  },
  /**
   * Marks by clustering (3.4): an address spent together with a labelled address in one transaction
   * is taken as the same owner's (the common-input-ownership heuristic; CoinJoin-shaped
   * transactions and those with a CoinJoin coordinator are left out). The heuristic is strong but
   * fallible (a CoinJoin the shape test misses, PayJoin, a custodian spending customers' coins
   * together), so a mark by clustering counts `factor` (half) of the points the same label would
   * on the address itself, rounded: the wallet's own (a mixer by clustering: 40, Medium), and
   * exposure to an address marked by clustering, as direct exposure at one hop and as indirect
   * exposure beyond. One mark by clustering alone never makes High; with other evidence it may.
   */
  clustering: { factor: 0.5 },
  abuseReport: { each: 10, max: 30 },
  flags: { 'pass-through': 10, 'fan-in': 5, 'fan-out': 5, dusting: 4, 'new-wallet-large-volume': 10, 'mixer-interaction': 10 } as Record<PatternFlag, number>,
  /** Exposure below this share is treated as no exposure (rounding noise of tiny transfers); never applied to sanctions. */
  minShare: 0.0005,
} as const;

/** Level thresholds: High at 70 and above, Medium from 35, Low below. */
export const THRESHOLDS = { high: 70, medium: 35 } as const;

/**
 * Labels an allow list never clears, on the wallet or on a counterparty: a sanctions designation
 * and terrorism financing are prohibitions, which no institution's own review can lift. Every
 * other label is what others say about an address, and the institution's clearance removes it.
 */
export const ALWAYS_COUNTED: ReadonlySet<RiskCategory> = new Set<RiskCategory>(['sanctioned', 'terrorism']);

/**
 * How the factors' reasons name the categories whose name alone does not read; the others read
 * "labelled <category>" and "<category> addresses".
 */
const LABELLED: Partial<Record<RiskCategory, string>> = {
  terrorism: 'labelled terrorism financing',
  exploit: 'labelled exploit (an attacker of a hacked service or a DeFi protocol)',
  phishing: 'labelled phishing (a phishing site or wallet drainer)',
  sextortion: 'labelled sextortion (named in sextortion spam)',
  frozen: 'frozen by a stablecoin issuer (labelled frozen)',
  coinjoin: 'labelled CoinJoin (a coordinator or fee collector)',
};
const ADDRESSES: Partial<Record<ExposureCategory, string>> = {
  terrorism: 'terrorism-financing addresses',
  exploit: 'exploit addresses (attackers of hacked services and DeFi protocols)',
  frozen: 'addresses frozen by a stablecoin issuer',
  coinjoin: 'CoinJoin coordinator addresses',
};
const labelledAs = (category: RiskCategory) => LABELLED[category] ?? `labelled ${category}`;
const addressesOf = (category: ExposureCategory) =>
  category === 'custom-block' ? 'addresses on your block lists' : (ADDRESSES[category] ?? `${category} addresses`);

/**
 * Points for direct exposure to sanctioned counterparties holding `share` (0-1) of the examined
 * volume, in whole points: 40 for any contact, +3 for each full percentage point up to 70 at 10 %,
 * then +25 spread evenly over the remaining 90 percentage points (rounded down), up to 95 at 100 %.
 */
export function sanctionedExposurePoints(share: number): number {
  const w = WEIGHTS.sanctionedExposure;
  const percent = Math.min(100, Math.max(0, share * 100));
  const highPercent = w.highShare * 100;
  // A small epsilon keeps 10 % (0.1 * 100 = 10.000000000000002) and 42 % exact.
  if (percent < highPercent) return w.floor + ((w.high - w.floor) / highPercent) * Math.floor(percent + 1e-9);
  return w.high + Math.floor(((w.max - w.high) * (percent - highPercent)) / (100 - highPercent) + 1e-9);
}

/**
 * Points for indirect exposure to sanctioned (or block-listed) parties holding `share` (0-1) of
 * the examined volume, before the per-hop decay: 10 + 2.5 per percentage point up to 35 at 10 %,
 * then +40 spread over the remaining 90 points, up to 75 at 100 %.
 */
export function indirectSanctionedPoints(share: number): number {
  const w = WEIGHTS.indirect.sanctioned;
  const percent = Math.min(100, Math.max(0, share * 100));
  const highPercent = w.highShare * 100;
  if (percent < highPercent) return w.floor + ((w.high - w.floor) / highPercent) * percent;
  return w.high + ((w.max - w.high) * (percent - highPercent)) / (100 - highPercent);
}

const isSanctionLike = (category: ExposureCategory) => category === 'sanctioned' || category === 'custom-block';

/** Points for indirect exposure to `category`, halved for each hop beyond the second and rounded; 0 when the category is not scored. */
export function indirectPoints(category: ExposureCategory, exposure: IndirectExposure): number {
  const share = Math.min(1, Math.max(0, exposure.share));
  const w = WEIGHTS.indirect.weights[category];
  const points = isSanctionLike(category) ? indirectSanctionedPoints(share) : w ? w.floor + w.perShare * share : 0;
  const hops = Math.max(2, Math.floor(exposure.minHops));
  return Math.round(points * WEIGHTS.indirect.decayPerHop ** (hops - 2));
}

/** The scored indirect exposures, in a fixed order: categories with weights, above the minimum share. */
function indirectFactors(indirect: RiskInputs['indirectExposure']): Array<[ExposureCategory, IndirectExposure]> {
  const order: readonly ExposureCategory[] = [...riskCategories, 'custom-block'];
  return order.flatMap((category) => {
    const e = indirect?.[category];
    return e && (isSanctionLike(category) || WEIGHTS.indirect.weights[category]) && e.share >= WEIGHTS.indirect.minShare
      ? [[category, e] as [ExposureCategory, IndirectExposure]]
      : [];
  });
}

/** The scored exposures by clustering, in a fixed order: categories with weights, above the minimum share. */
function clusteredFactors(exposure: RiskInputs['clusteredExposure']): Array<[RiskCategory, ClusteredExposure]> {
  return riskCategories.flatMap((category) => {
    const e = exposure?.[category];
    const weighed = isSanctionLike(category) || (e && e.minHops <= 1 ? WEIGHTS.exposure[category] : WEIGHTS.indirect.weights[category]);
    return e && weighed && e.share >= (e.minHops <= 1 ? WEIGHTS.minShare : WEIGHTS.indirect.minShare)
      ? [[category, e] as [RiskCategory, ClusteredExposure]]
      : [];
  });
}

const pct = (share: number) => `${(share * 100).toFixed(share < 0.01 ? 2 : 1)}%`;

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');
const counterparties = (n: number) => `${n} ${n === 1 ? 'counterparty' : 'counterparties'}`;
const clamp01 = (share: number | undefined) => Math.min(1, Math.max(0, share ?? 0));

/** The evidence the inputs say was missing, in a fixed order. */
export function missingEvidenceOf(
  inputs: Pick<RiskInputs, 'blockchainDataAvailable' | 'sanctionsListLoaded' | 'unpricedAssets' | 'unreadSources'>,
): MissingEvidence[] {
  const missing: MissingEvidence[] = [];
  if (!inputs.sanctionsListLoaded) missing.push('sanctions-list');
  if (!inputs.blockchainDataAvailable) missing.push('blockchain-data');
  else if ((inputs.unpricedAssets ?? []).length > 0) missing.push('token-values');
  if ((inputs.unreadSources ?? []).length > 0) missing.push('unread-sources');
  return missing;
}

export function assessRisk(inputs: RiskInputs): RiskAssessment {
  const factors: RiskFactor[] = [];
  const allowLists = [...new Set(inputs.allowLists ?? [])].sort();
  const allowed = allowLists.length > 0;
  /** What an allow list kept out of the score, for its own (zero-point) factor. */
  const cleared: string[] = [];
  if (inputs.directSanctionHits > 0) {
    factors.push({
      code: 'sanctions.direct',
      points: WEIGHTS.directSanction,
      reason: `The address is on a sanctions list (${inputs.directSanctionHits} listing${inputs.directSanctionHits > 1 ? 's' : ''})`,
    });
  }
  const delistedHits = inputs.delistedHits ?? 0;
  if (delistedHits > 0 && inputs.directSanctionHits === 0) {
    factors.push({
      code: 'sanctions.delisted',
      points: WEIGHTS.delisted.own,
      reason: `The address was on a sanctions list and has been delisted (${delistedHits} former listing${delistedHits > 1 ? 's' : ''}): not a current sanctions hit`,
    });
  }
  const blockLists = [...new Set(inputs.customBlockLists ?? [])].sort();
  if (blockLists.length > 0) {
    if (allowed) cleared.push(`its block list${blockLists.length > 1 ? 's' : ''} ${quoted(blockLists)}`);
    else
      factors.push({
        code: 'custom.block',
        points: WEIGHTS.customBlock.direct,
        reason: `The address is on your block list${blockLists.length > 1 ? 's' : ''} ${quoted(blockLists)}`,
      });
  }
  for (const category of [...new Set(inputs.ownCategories)].sort()) {
    const points = WEIGHTS.own[category];
    if (!points) continue;
    if (allowed && !ALWAYS_COUNTED.has(category)) cleared.push(`its ${category} label`);
    else factors.push({ code: `label.${category}`, points, reason: `The address is ${labelledAs(category)}` });
  }
  if (inputs.sanctionedCounterparties > 0) {
    const share = clamp01(inputs.sanctionedVolumeShare);
    factors.push({
      code: 'exposure.sanctioned',
      points: sanctionedExposurePoints(share),
      reason: `Direct exposure: ${counterparties(inputs.sanctionedCounterparties)} on a sanctions list (${pct(share)} of examined volume)`,
    });
  }
  const customBlocked = inputs.customBlockedCounterparties ?? 0;
  if (customBlocked > 0) {
    const share = clamp01(inputs.customBlockedVolumeShare);
    factors.push({
      code: 'exposure.custom-block',
      points: sanctionedExposurePoints(share),
      reason: `Direct exposure: ${counterparties(customBlocked)} on your block lists (${pct(share)} of examined volume)`,
    });
  }
  const delistedCounterparties = inputs.delistedCounterparties ?? 0;
  if (delistedCounterparties > 0) {
    const share = clamp01(inputs.delistedVolumeShare);
    const w = WEIGHTS.delisted.exposure;
    factors.push({
      code: 'exposure.delisted',
      points: Math.round(w.floor + w.perShare * share),
      reason: `Direct exposure: ${counterparties(delistedCounterparties)} formerly on a sanctions list, since delisted (${pct(share)} of examined volume)`,
    });
  }
  for (const category of riskCategories) {
    if (category === 'sanctioned') continue;
    const w = WEIGHTS.exposure[category];
    const share = inputs.exposure[category] ?? 0;
    if (!w || share < WEIGHTS.minShare) continue;
    factors.push({
      code: `exposure.${category}`,
      points: Math.round(w.floor + w.perShare * Math.min(1, share)),
      reason: `Direct exposure: ${pct(share)} of examined volume is with ${addressesOf(category)}`,
    });
  }
  for (const [category, exposure] of indirectFactors(inputs.indirectExposure)) {
    factors.push({
      code: `indirect.${category}`,
      points: indirectPoints(category, exposure),
      reason: `Indirect exposure: ${pct(exposure.share)} of examined volume traces to ${addressesOf(category)} through unlabelled intermediaries (${exposure.minHops} hops)`,
    });
  }
  const clustered = (points: number) => Math.round(points * WEIGHTS.clustering.factor);
  for (const category of [...new Set(inputs.ownClusteredCategories ?? [])].sort()) {
    const points = WEIGHTS.own[category];
    if (!points || inputs.ownCategories.includes(category)) continue;
    if (allowed && !ALWAYS_COUNTED.has(category)) cleared.push(`its ${category} label by clustering`);
    else
      factors.push({
        code: `cluster.label.${category}`,
        points: clustered(points),
        reason: `By clustering: the address was spent together with an address ${labelledAs(category)} (common-input ownership), so it is likely the same owner's`,
      });
  }
  for (const [category, e] of clusteredFactors(inputs.clusteredExposure)) {
    const share = Math.min(1, Math.max(0, e.share));
    const w = WEIGHTS.exposure[category];
    const full =
      e.minHops <= 1
        ? isSanctionLike(category)
          ? sanctionedExposurePoints(share)
          : w
            ? w.floor + w.perShare * share
            : 0
        : indirectPoints(category, { share, minHops: e.minHops });
    factors.push({
      code: `cluster.exposure.${category}`,
      points: clustered(full),
      reason: `By clustering: ${pct(share)} of examined volume ${e.minHops <= 1 ? 'is with' : `traces (${e.minHops} hops) to`} addresses spent together with ${addressesOf(category)} (common-input ownership)`,
    });
  }
  if (inputs.abuseReports > 0 && allowed) cleared.push(`${inputs.abuseReports} abuse report${inputs.abuseReports > 1 ? 's' : ''}`);
  else if (inputs.abuseReports > 0) {
    factors.push({
      code: 'reports.chainabuse',
      points: Math.min(WEIGHTS.abuseReport.max, WEIGHTS.abuseReport.each * inputs.abuseReports),
      reason: `${inputs.abuseReports} abuse report${inputs.abuseReports > 1 ? 's' : ''} on Chainabuse`,
    });
  }
  for (const flag of [...new Set(inputs.flags)].sort()) {
    factors.push({ code: `pattern.${flag}`, points: WEIGHTS.flags[flag], reason: `Transaction pattern: ${flag.replace(/-/g, ' ')}` });
  }

  if (allowed) {
    factors.push({
      code: 'custom.allow',
      points: 0,
      reason: `The address is on your allow list${allowLists.length > 1 ? 's' : ''} ${quoted(allowLists)}: ${cleared.length > 0 ? `${cleared.join(', ')} ${cleared.length > 1 ? 'were' : 'was'} not scored` : 'nothing needed clearing'}; sanctions hits, exposure and patterns still count`,
    });
  }

  const direct = inputs.directSanctionHits > 0 || (blockLists.length > 0 && !allowed);
  const score = direct
    ? 100
    : Math.min(
        100,
        factors.reduce((sum, f) => sum + f.points, 0),
      );
  const missing = missingEvidenceOf(inputs);
  const level: RiskLevelText = direct || score >= THRESHOLDS.high ? 'High Risk' : score >= THRESHOLDS.medium ? 'Medium Risk' : 'Low Risk';
  // Every factor adds points, so missing evidence can only raise a score: a High verdict stands;
  // anything lower cannot be given without the evidence that would clear the address.
  if (missing.length > 0 && level !== 'High Risk') {
    return { model: RISK_MODEL_VERSION, score, level: INCOMPLETE_RISK_LEVEL, status: INCOMPLETE_AML_STATUS, factors, missing };
  }
  const status: AmlStatusText = level === 'High Risk' ? 'Non-compliant' : level === 'Medium Risk' ? 'Requires further review' : 'Compliant';
  return { model: RISK_MODEL_VERSION, score, level, status, factors, missing };
}
