/**
 * FROZEN: walletscreen-risk-3.3.0's inputs as it was when version 3.4 replaced it (replays of
 * checks recorded under 3.3.0 run this). Do not change.
 *
 * The risk model's inputs, extracted from a check's stage evidence. One code path: the patterns
 * stage scores the check with these inputs, and a replay (replay.ts) re-runs a recorded model
 * version on the inputs extracted from the evidence as recorded. Pure, and reads older evidence
 * too (fields added later are read as empty, as the stages do).
 */
import { customFacts, delistedOf, type BlockchainEvidence, type IntelligenceEvidence, type SanctionsEvidence } from '../evidence';
import type { PatternEvidence } from '../patterns';
import type { ExposureCategory, IndirectExposure, RiskInputs } from './risk-model';

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
    ownCategories: intel.own.map((l) => l.category),
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
    unpricedAssets: patterns.valuation?.unpriced ?? [],
    unreadSources: unreadSourcesOf(evidence),
  };
}

/**
 * The sources that can mark an address that were enabled for the check but not read, in words:
 * each enabled feed with no version loaded, Chainabuse when it could not be reached, and the traced
 * addresses whose data could not be read (a partial trace). Checks recorded before feeds were
 * noted read as none.
 */
export function unreadSourcesOf(evidence: Pick<RiskEvidence, 'blockchain' | 'intelligence'>): string[] {
  const out: string[] = [];
  for (const feed of evidence.intelligence.feedsNotRead ?? []) out.push(`the intelligence feed "${feed.name}" (${feed.reason})`);
  if (evidence.intelligence.chainabuse.status === 'unavailable') out.push('Chainabuse (it could not be reached)');
  const trace = evidence.blockchain.ok ? evidence.blockchain.trace : undefined;
  const unread = (trace?.expansions ?? []).filter((e) => !e.ok).length;
  const timedOut = (trace?.notExpanded ?? []).filter((n) => n.reason.includes('time limit')).length;
  if (unread + timedOut > 0) {
    const n = unread + timedOut;
    out.push(`the trace (${n} traced ${n === 1 ? 'address' : 'addresses'} could not be read, so funds beyond ${n === 1 ? 'it are' : 'them are'} unknown)`);
  }
  return out;
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
