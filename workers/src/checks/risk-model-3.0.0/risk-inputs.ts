/**
 * FROZEN: walletscreen-risk-3.0.0's inputs as it was when version 3.1 replaced it (replays of
 * checks recorded under 3.0.0 run this). Do not change.
 *
 * The risk model's inputs, extracted from a check's stage evidence. One code path: the patterns
 * stage scores the check with these inputs, and a replay (replay.ts) re-runs a recorded model
 * version on the inputs extracted from the evidence as recorded. Pure, and reads older evidence
 * too (fields added later are read as empty, as the stages do).
 */
import type { PatternEvidence } from '../patterns';
import type { ExposureCategory, IndirectExposure, RiskInputs } from './risk-model';
import type { BlockchainEvidence, CustomListsEvidence, IntelligenceEvidence, SanctionsEvidence } from '../evidence';

const noCustomLists: CustomListsEvidence = { consulted: [], blocked: [], allowed: [], counterparties: [] };

/** The wallet's ended listings; empty in checks recorded before delisting was tracked. */
export const delistedOf = (s: SanctionsEvidence) => s.delisted ?? [];
/** Counterparties with ended listings; empty in checks recorded before delisting was tracked. */
export const delistedCounterpartiesOf = (s: SanctionsEvidence): NonNullable<SanctionsEvidence['delistedCounterparties']> => s.delistedCounterparties ?? [];

/**
 * The custom-list facts the later stages use. An allow list clears an address of the risk others'
 * judgements give it (its intelligence labels other than `sanctioned`, its abuse reports, custom
 * block lists), never of a sanctions hit: see WEIGHTS.customBlock in risk-model.ts.
 */
export function customFacts(s: SanctionsEvidence) {
  const custom = s.customLists ?? noCustomLists;
  const allowedCounterparties = new Set(custom.counterparties.filter((c) => c.lists.some((l) => l.kind === 'allow')).map((c) => c.address));
  const blockedCounterparties = new Set(
    custom.counterparties.filter((c) => !allowedCounterparties.has(c.address) && c.lists.some((l) => l.kind === 'block')).map((c) => c.address),
  );
  return { custom, allowedCounterparties, blockedCounterparties };
}

/** The evidence the risk model reads: the blockchain, sanctions and intelligence stages', and the patterns found. */
export interface RiskEvidence {
  blockchain: BlockchainEvidence;
  sanctions: SanctionsEvidence;
  intelligence: IntelligenceEvidence;
  patterns: PatternEvidence;
}

export function riskInputsOf(evidence: RiskEvidence): RiskInputs {
  const { sanctions: s, intelligence: intel, patterns } = evidence;
  const { custom } = customFacts(s);
  return {
    directSanctionHits: s.direct.length,
    delistedHits: delistedOf(s).length,
    delistedCounterparties: patterns.delistedCounterparties ?? 0,
    delistedVolumeShare: patterns.delistedVolumeShare ?? 0,
    sanctionedCounterparties: patterns.sanctionedCounterparties,
    sanctionedVolumeShare: patterns.sanctionedVolumeShare,
    // Categories added after this version (domain/src/feed/events.ts appends them) are read as recorded and score nothing here: a type-only cast.
    ownCategories: intel.own.map((l) => l.category) as RiskInputs['ownCategories'],
    exposure: patterns.exposure,
    abuseReports: intel.chainabuse.status === 'ok' ? intel.chainabuse.reports : 0,
    flags: patterns.flags,
    blockchainDataAvailable: evidence.blockchain.ok,
    sanctionsListLoaded: s.listLoaded,
    customBlockLists: custom.blocked.map((h) => h.name),
    customBlockedCounterparties: patterns.customBlockedCounterparties,
    customBlockedVolumeShare: patterns.customBlockedVolumeShare,
    allowLists: custom.allowed.map((h) => h.name),
    indirectExposure: indirectExposureOf(patterns),
  };
}

/** The indirect share of examined volume per category, with the fewest hops it took; empty in checks recorded before tracing. */
export function indirectExposureOf(patterns: PatternEvidence): Partial<Record<ExposureCategory, IndirectExposure>> {
  const out: Partial<Record<ExposureCategory, IndirectExposure>> = {};
  for (const [category, e] of Object.entries(patterns.breakdown?.byCategory ?? {}) as Array<
    [ExposureCategory, NonNullable<NonNullable<PatternEvidence['breakdown']>['byCategory'][ExposureCategory]>]
  >) {
    if (e.volume.indirect > 0 && e.minIndirectHops !== null) out[category] = { share: e.volume.indirect, minHops: e.minIndirectHops };
  }
  return out;
}
