/**
 * The engine's types: what a risk-model version is, as data. One engine (risk-model.ts) scores
 * every version; each version is a profile (risk-profiles/<version>.ts) that holds its weights,
 * thresholds, the label categories as it knew them, the wording of its reasons and the switches of
 * the rules it had. A profile imports nothing but these types (eslint.config.js holds it), so it is
 * plain data, identified by its version and the SHA-256 of its canonical JSON (risk-models.ts).
 *
 * A rule the engine gains is always behind a switch here that the earlier profiles keep off (a
 * field they do not set, or set to null), so their checks replay as they were recorded.
 */
import type { RiskCategory } from '@walletscreen/domain/feed/events';

export type { RiskCategory };

/** What an address at any hop can be known as: a category, or on the administrator's block lists. */
export type ExposureCategory = RiskCategory | 'custom-block';

export type PatternFlag = 'pass-through' | 'fan-in' | 'fan-out' | 'dusting' | 'new-wallet-large-volume' | 'mixer-interaction';

/** Evidence without which an address cannot be cleared. */
export type MissingEvidence = 'blockchain-data' | 'sanctions-list' | 'token-values' | 'unread-sources';

/** Points for any contact (`floor`) plus `perShare` times the share (0-1) of the examined volume. */
export interface LinearWeight {
  floor: number;
  perShare: number;
}

/**
 * Points by share on a curve: `floor` at any contact, rising evenly to `high` at `highShare` of the
 * examined volume, then evenly to `max` at all of it.
 */
export interface ShareCurve {
  floor: number;
  highShare: number;
  high: number;
  max: number;
}

/**
 * How exposure to sanctioned (or block-listed) parties is weighed:
 * - `linear`: round(floor + perShare × share) (1.x);
 * - `stepped-curve`: the curve in whole points, each full percentage point below `highShare`
 *   adding its part, then the rest spread over the remaining points, rounded down (2.0.0 on, direct);
 * - `curve`: the curve as it runs, rounded with the rest of the factor (3.0.0 on, indirect).
 */
export type SanctionedWeight = ({ kind: 'linear' } & LinearWeight) | ({ kind: 'stepped-curve' } & ShareCurve) | ({ kind: 'curve' } & ShareCurve);

/**
 * What the verdict does when evidence is missing:
 * - `review` (1.x): the level stands and the status is "Requires further review" unless the level
 *   is High; the assessment names nothing missing (it has no `missing`);
 * - `incomplete` (2.0.0 on): the verdict Incomplete unless the level is High, and `missing` lists
 *   the evidence that was missing (empty when none was).
 * Only the kinds listed count, in the engine's fixed order.
 */
export interface MissingEvidenceRule {
  verdict: 'review' | 'incomplete';
  kinds: readonly MissingEvidence[];
}

export interface RiskProfile {
  /** The version a check records (`RiskAssessment.model`, the first stage's `riskModel`). */
  version: string;
  /** The label categories as the version knew them, in its order: the order its factors are listed in. */
  categories: readonly RiskCategory[];
  /**
   * How the reasons of exposure factors are worded: '1.0' ("1 counterparty is sanctioned (…)",
   * "12.0% of examined volume is with mixer addresses"), '2.0' (named direct exposure: "Direct
   * exposure: 1 counterparty on a sanctions list (…)").
   */
  wording: '1.0' | '2.0';
  /** Level thresholds: High at `high` and above, Medium from `medium`, Low below. */
  thresholds: { high: number; medium: number };
  /** The wallet itself on the sanctions list: the maximum, High whatever else. */
  directSanction: number;
  /** The wallet's own label, by category (absent: not scored). */
  own: Partial<Record<RiskCategory, number>>;
  /** Direct exposure to counterparties of a category (absent: not scored). */
  exposure: Partial<Record<RiskCategory, LinearWeight>>;
  /** Direct exposure below this share is no exposure (never applied to sanctions). */
  minShare: number;
  /** Direct exposure to sanctioned counterparties. */
  sanctionedExposure: SanctionedWeight;
  abuseReport: { each: number; max: number };
  flags: Record<PatternFlag, number>;
  /** How the reasons name the wallet's own label where "labelled <category>" does not read. */
  labelled: Partial<Record<RiskCategory, string>>;
  /** How the reasons name addresses of a category where "<category> addresses" does not read. */
  addresses: Partial<Record<RiskCategory, string>>;
  /** Labels an allow list never clears (on the wallet, or on its marks by clustering). */
  alwaysCounted: readonly RiskCategory[];
  missingEvidence: MissingEvidenceRule;
  /**
   * 1.1.0: the administrator's custom lists. A wallet on a block list scores `direct` (High
   * whatever else unless an allow list clears it), a block-listed counterparty is weighed by
   * `exposure`; an allow list clears what others say about the wallet. Null: no custom lists.
   */
  customLists: { direct: number; exposure: SanctionedWeight } | null;
  /**
   * 2.0.0: delisted entries. The wallet formerly listed scores `own`, a formerly listed
   * counterparty `exposure`. Null: not scored.
   */
  delisted: { own: number; exposure: LinearWeight } | null;
  /**
   * 3.0.0: exposure through unlabelled intermediaries, by category, halved per hop beyond the
   * second, shares below `minShare` left out. `sanctionedWithoutBeyondFanOut`: how sanctioned and
   * block-listed parties were weighed in checks whose trace does not record `beyondFanOut`
   * (recorded by 72f61c8 before 36e065c, under the same version). Null: direct exposure only.
   */
  indirect: {
    sanctioned: SanctionedWeight;
    sanctionedWithoutBeyondFanOut?: SanctionedWeight;
    weights: Partial<Record<RiskCategory, LinearWeight>>;
    minShare: number;
    decayPerHop: number;
  } | null;
  /** 3.4.0: marks by co-spend clustering count `factor` of the points of the same label. Null: not read. */
  clustering: { factor: number } | null;
}
