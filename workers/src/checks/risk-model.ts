/**
 * The risk model: one engine for every version. A deterministic score 0-100 from weighted
 * evidence, its level and the AML status, or the Incomplete verdict when the evidence needed to
 * clear an address is missing; every point of a score is traced to a factor, so an auditor can see
 * why any score was given. Pure: no clock, no network; the same evidence always gives the same
 * verdict. docs/risk-model.md states the rules in prose.
 *
 * A version is a profile (risk-profile.ts): its weights, thresholds, categories, wording and rule
 * switches, as data (risk-profiles/<version>.ts). `assessRisk` scores inputs with a profile, the
 * current one (`CURRENT_RISK_PROFILE`, the one new checks are scored with) unless told otherwise;
 * risk-models.ts holds every version a replay can run. A rule added here is always behind a switch
 * of the profile that the earlier profiles keep off.
 *
 * Terms, as the field uses them: a counterparty the wallet transacted with (one hop away) is
 * **direct** exposure; exposure through intermediaries (two or more hops) is **indirect**.
 */
import { INCOMPLETE_AML_STATUS, INCOMPLETE_RISK_LEVEL } from '@walletscreen/contracts';
import { riskCategories } from '@walletscreen/domain/feed/events';
import type { ExposureCategory, LinearWeight, MissingEvidence, PatternFlag, RiskCategory, RiskProfile, SanctionedWeight } from './risk-profile';
import { riskProfile as current } from './risk-profiles/3.4.0';

/** The profile new checks are scored with. When the model changes, a new profile becomes current here (risk-models.ts keeps the old one). */
export const CURRENT_RISK_PROFILE: RiskProfile = current;
export const RISK_MODEL_VERSION = CURRENT_RISK_PROFILE.version;

/** Categories of labelled addresses, from the intelligence feeds (their entries record them: domain/src/feed/events.ts). */
export { riskCategories };
export type { ExposureCategory, MissingEvidence, PatternFlag, RiskCategory, RiskProfile };

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

/** Every kind of evidence without which an address cannot be cleared, in the order the engine names them. */
export const missingEvidenceKinds = ['blockchain-data', 'sanctions-list', 'token-values', 'unread-sources'] as const satisfies readonly MissingEvidence[];

/**
 * What the model reads, extracted from a check's evidence by risk-inputs.ts. The optional fields
 * are read only for the profiles whose rules use them.
 */
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
  /** The trace does not record `beyondFanOut`: recorded before 36e065c (see RiskProfile.indirect). */
  traceWithoutBeyondFanOut?: boolean;
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

/** Level thresholds of the current profile: High at 70 and above, Medium from 35, Low below. */
export const THRESHOLDS = CURRENT_RISK_PROFILE.thresholds;

/**
 * Labels an allow list never clears, on the wallet or on a counterparty, in the current profile: a
 * sanctions designation and terrorism financing are prohibitions, which no institution's own review
 * can lift. The exposure stages use it too (exposure.ts).
 */
export const ALWAYS_COUNTED: ReadonlySet<RiskCategory> = new Set<RiskCategory>(CURRENT_RISK_PROFILE.alwaysCounted);

const labelledAs = (profile: RiskProfile, category: RiskCategory) => profile.labelled[category] ?? `labelled ${category}`;
const addressesOf = (profile: RiskProfile, category: ExposureCategory) =>
  category === 'custom-block' ? 'addresses on your block lists' : (profile.addresses[category] ?? `${category} addresses`);

const linear = (w: LinearWeight, share: number) => w.floor + w.perShare * share;

/**
 * Points for exposure to sanctioned (or block-listed) parties holding `share` (0-1) of the examined
 * volume, as `weight` says (see SanctionedWeight). The current direct weight: 40 for any contact, +3
 * for each full percentage point up to 70 at 10 %, then +25 spread evenly over the remaining 90
 * percentage points (rounded down), up to 95 at 100 %.
 */
export function sanctionedExposurePoints(share: number, weight: SanctionedWeight = CURRENT_RISK_PROFILE.sanctionedExposure): number {
  const percent = Math.min(100, Math.max(0, share * 100));
  switch (weight.kind) {
    case 'linear':
      return Math.round(linear(weight, Math.min(1, Math.max(0, share))));
    case 'stepped-curve': {
      const highPercent = weight.highShare * 100;
      // A small epsilon keeps 10 % (0.1 * 100 = 10.000000000000002) and 42 % exact.
      if (percent < highPercent) return weight.floor + ((weight.high - weight.floor) / highPercent) * Math.floor(percent + 1e-9);
      return weight.high + Math.floor(((weight.max - weight.high) * (percent - highPercent)) / (100 - highPercent) + 1e-9);
    }
    case 'curve': {
      const highPercent = weight.highShare * 100;
      if (percent < highPercent) return weight.floor + ((weight.high - weight.floor) / highPercent) * percent;
      return weight.high + ((weight.max - weight.high) * (percent - highPercent)) / (100 - highPercent);
    }
    default: {
      const _exhaustive: never = weight;
      return _exhaustive;
    }
  }
}

const isSanctionLike = (category: ExposureCategory) => category === 'sanctioned' || category === 'custom-block';

/** How the profile weighs indirect exposure to sanctioned and block-listed parties, for these inputs. */
function indirectSanctioned(profile: RiskProfile, traceWithoutBeyondFanOut: boolean | undefined): SanctionedWeight | undefined {
  const indirect = profile.indirect;
  if (!indirect) return undefined;
  return (traceWithoutBeyondFanOut && indirect.sanctionedWithoutBeyondFanOut) || indirect.sanctioned;
}

/**
 * Points for indirect exposure to `category`, halved for each hop beyond the second and rounded; 0
 * when the category is not scored (or the profile scores no indirect exposure). Sanctioned and
 * block-listed parties (current profile): 10 + 2.5 per percentage point up to 35 at 10 %, then +40
 * spread over the remaining 90 points, up to 75 at 100 %, before the decay.
 */
export function indirectPoints(
  category: ExposureCategory,
  exposure: IndirectExposure,
  profile: RiskProfile = CURRENT_RISK_PROFILE,
  traceWithoutBeyondFanOut?: boolean,
): number {
  const indirect = profile.indirect;
  if (!indirect) return 0;
  const share = Math.min(1, Math.max(0, exposure.share));
  const w = category === 'custom-block' ? undefined : indirect.weights[category];
  const sanctioned = indirectSanctioned(profile, traceWithoutBeyondFanOut)!;
  const points = isSanctionLike(category)
    ? sanctioned.kind === 'linear'
      ? linear(sanctioned, share)
      : sanctionedExposurePoints(share, sanctioned)
    : w
      ? linear(w, share)
      : 0;
  const hops = Math.max(2, Math.floor(exposure.minHops));
  return Math.round(points * indirect.decayPerHop ** (hops - 2));
}

const pct = (share: number) => `${(share * 100).toFixed(share < 0.01 ? 2 : 1)}%`;
const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');
const counterparties = (n: number) => `${n} ${n === 1 ? 'counterparty' : 'counterparties'}`;
/** 1.x: "1 counterparty is", "2 counterparties are". */
const counterpartiesAre = (n: number) => `${n} counterpart${n > 1 ? 'ies are' : 'y is'}`;
const clamp01 = (share: number | undefined) => Math.min(1, Math.max(0, share ?? 0));

/** The evidence the inputs say was missing, of the kinds the profile counts (all kinds by default), in a fixed order. */
export function missingEvidenceOf(
  inputs: Pick<RiskInputs, 'blockchainDataAvailable' | 'sanctionsListLoaded' | 'unpricedAssets' | 'unreadSources'>,
  kinds: readonly MissingEvidence[] = missingEvidenceKinds,
): MissingEvidence[] {
  const missing: MissingEvidence[] = [];
  if (!inputs.sanctionsListLoaded) missing.push('sanctions-list');
  if (!inputs.blockchainDataAvailable) missing.push('blockchain-data');
  else if ((inputs.unpricedAssets ?? []).length > 0) missing.push('token-values');
  if ((inputs.unreadSources ?? []).length > 0) missing.push('unread-sources');
  return missing.filter((m) => kinds.includes(m));
}

/** Scores the inputs with a profile (by default the current one). */
export function assessRisk(inputs: RiskInputs, profile: RiskProfile = CURRENT_RISK_PROFILE): RiskAssessment {
  const named = profile.wording === '2.0';
  const alwaysCounted = new Set(profile.alwaysCounted);
  const factors: RiskFactor[] = [];
  const allowLists = profile.customLists ? [...new Set(inputs.allowLists ?? [])].sort() : [];
  const allowed = allowLists.length > 0;
  /** What an allow list kept out of the score, for its own (zero-point) factor. */
  const cleared: string[] = [];
  if (inputs.directSanctionHits > 0) {
    factors.push({
      code: 'sanctions.direct',
      points: profile.directSanction,
      reason: `The address is on a sanctions list (${inputs.directSanctionHits} listing${inputs.directSanctionHits > 1 ? 's' : ''})`,
    });
  }
  const delistedHits = profile.delisted ? (inputs.delistedHits ?? 0) : 0;
  if (profile.delisted && delistedHits > 0 && inputs.directSanctionHits === 0) {
    factors.push({
      code: 'sanctions.delisted',
      points: profile.delisted.own,
      reason: `The address was on a sanctions list and has been delisted (${delistedHits} former listing${delistedHits > 1 ? 's' : ''}): not a current sanctions hit`,
    });
  }
  const blockLists = profile.customLists ? [...new Set(inputs.customBlockLists ?? [])].sort() : [];
  if (profile.customLists && blockLists.length > 0) {
    if (allowed) cleared.push(`its block list${blockLists.length > 1 ? 's' : ''} ${quoted(blockLists)}`);
    else
      factors.push({
        code: 'custom.block',
        points: profile.customLists.direct,
        reason: `The address is on your block list${blockLists.length > 1 ? 's' : ''} ${quoted(blockLists)}`,
      });
  }
  for (const category of [...new Set(inputs.ownCategories)].sort()) {
    const points = profile.own[category];
    if (!points) continue;
    if (allowed && !alwaysCounted.has(category)) cleared.push(`its ${category} label`);
    else factors.push({ code: `label.${category}`, points, reason: `The address is ${labelledAs(profile, category)}` });
  }
  if (inputs.sanctionedCounterparties > 0) {
    const share = clamp01(inputs.sanctionedVolumeShare);
    const n = inputs.sanctionedCounterparties;
    factors.push({
      code: 'exposure.sanctioned',
      points: sanctionedExposurePoints(share, profile.sanctionedExposure),
      reason: named
        ? `Direct exposure: ${counterparties(n)} on a sanctions list (${pct(share)} of examined volume)`
        : `${counterpartiesAre(n)} sanctioned (${pct(share)} of examined volume)`,
    });
  }
  const customBlocked = profile.customLists ? (inputs.customBlockedCounterparties ?? 0) : 0;
  if (profile.customLists && customBlocked > 0) {
    const share = clamp01(inputs.customBlockedVolumeShare);
    factors.push({
      code: 'exposure.custom-block',
      points: sanctionedExposurePoints(share, profile.customLists.exposure),
      reason: named
        ? `Direct exposure: ${counterparties(customBlocked)} on your block lists (${pct(share)} of examined volume)`
        : `${counterpartiesAre(customBlocked)} on your block lists (${pct(share)} of examined volume)`,
    });
  }
  const delistedCounterparties = profile.delisted ? (inputs.delistedCounterparties ?? 0) : 0;
  if (profile.delisted && delistedCounterparties > 0) {
    const share = clamp01(inputs.delistedVolumeShare);
    factors.push({
      code: 'exposure.delisted',
      points: Math.round(linear(profile.delisted.exposure, share)),
      reason: `Direct exposure: ${counterparties(delistedCounterparties)} formerly on a sanctions list, since delisted (${pct(share)} of examined volume)`,
    });
  }
  for (const category of profile.categories) {
    if (category === 'sanctioned') continue;
    const w = profile.exposure[category];
    const share = inputs.exposure[category] ?? 0;
    if (!w || share < profile.minShare) continue;
    factors.push({
      code: `exposure.${category}`,
      points: Math.round(linear(w, Math.min(1, share))),
      reason: `${named ? 'Direct exposure: ' : ''}${pct(share)} of examined volume is with ${addressesOf(profile, category)}`,
    });
  }
  if (profile.indirect) {
    const indirect = profile.indirect;
    const order: readonly ExposureCategory[] = [...profile.categories, 'custom-block'];
    for (const category of order) {
      const e = inputs.indirectExposure?.[category];
      const weighed = isSanctionLike(category) || indirect.weights[category];
      if (!e || !weighed || e.share < indirect.minShare) continue;
      factors.push({
        code: `indirect.${category}`,
        points: indirectPoints(category, e, profile, inputs.traceWithoutBeyondFanOut),
        reason: `Indirect exposure: ${pct(e.share)} of examined volume traces to ${addressesOf(profile, category)} through unlabelled intermediaries (${e.minHops} hops)`,
      });
    }
  }
  if (profile.clustering) {
    const { factor } = profile.clustering;
    const clustered = (points: number) => Math.round(points * factor);
    for (const category of [...new Set(inputs.ownClusteredCategories ?? [])].sort()) {
      const points = profile.own[category];
      if (!points || inputs.ownCategories.includes(category)) continue;
      if (allowed && !alwaysCounted.has(category)) cleared.push(`its ${category} label by clustering`);
      else
        factors.push({
          code: `cluster.label.${category}`,
          points: clustered(points),
          reason: `By clustering: the address was spent together with an address ${labelledAs(profile, category)} (common-input ownership), so it is likely the same owner's`,
        });
    }
    for (const category of profile.categories) {
      const e = inputs.clusteredExposure?.[category];
      if (!e) continue;
      const direct = e.minHops <= 1;
      const weighed = isSanctionLike(category) || (direct ? profile.exposure[category] : profile.indirect?.weights[category]);
      if (!weighed || e.share < (direct ? profile.minShare : (profile.indirect?.minShare ?? profile.minShare))) continue;
      const share = Math.min(1, Math.max(0, e.share));
      const w = profile.exposure[category];
      const full = direct
        ? isSanctionLike(category)
          ? sanctionedExposurePoints(share, profile.sanctionedExposure)
          : w
            ? linear(w, share)
            : 0
        : indirectPoints(category, { share, minHops: e.minHops }, profile, inputs.traceWithoutBeyondFanOut);
      factors.push({
        code: `cluster.exposure.${category}`,
        points: clustered(full),
        reason: `By clustering: ${pct(share)} of examined volume ${direct ? 'is with' : `traces (${e.minHops} hops) to`} addresses spent together with ${addressesOf(profile, category)} (common-input ownership)`,
      });
    }
  }
  if (inputs.abuseReports > 0 && allowed) cleared.push(`${inputs.abuseReports} abuse report${inputs.abuseReports > 1 ? 's' : ''}`);
  else if (inputs.abuseReports > 0) {
    factors.push({
      code: 'reports.chainabuse',
      points: Math.min(profile.abuseReport.max, profile.abuseReport.each * inputs.abuseReports),
      reason: `${inputs.abuseReports} abuse report${inputs.abuseReports > 1 ? 's' : ''} on Chainabuse`,
    });
  }
  for (const flag of [...new Set(inputs.flags)].sort()) {
    factors.push({ code: `pattern.${flag}`, points: profile.flags[flag], reason: `Transaction pattern: ${flag.replace(/-/g, ' ')}` });
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
  const { high, medium } = profile.thresholds;
  const level: RiskLevelText = direct || score >= high ? 'High Risk' : score >= medium ? 'Medium Risk' : 'Low Risk';
  const missing = missingEvidenceOf(inputs, profile.missingEvidence.kinds);
  if (profile.missingEvidence.verdict === 'review') {
    // 1.x: the level stands; without the evidence a Low or Medium verdict asks for review.
    const status: AmlStatusText =
      level === 'High Risk' ? 'Non-compliant' : level === 'Medium Risk' || missing.length > 0 ? 'Requires further review' : 'Compliant';
    return { model: profile.version, score, level, status, factors };
  }
  // Every factor adds points, so missing evidence can only raise a score: a High verdict stands;
  // anything lower cannot be given without the evidence that would clear the address.
  if (missing.length > 0 && level !== 'High Risk') {
    return { model: profile.version, score, level: INCOMPLETE_RISK_LEVEL, status: INCOMPLETE_AML_STATUS, factors, missing };
  }
  const status: AmlStatusText = level === 'High Risk' ? 'Non-compliant' : level === 'Medium Risk' ? 'Requires further review' : 'Compliant';
  return { model: profile.version, score, level, status, factors, missing };
}
