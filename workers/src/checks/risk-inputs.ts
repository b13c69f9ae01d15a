/**
 * The risk model's inputs, extracted from a check's stage evidence. One code path: the patterns
 * stage scores the check with these inputs, and a replay (replay.ts) re-runs the profile a check
 * recorded on the inputs extracted from its evidence as recorded. Pure, and reads the evidence of
 * every version as it was recorded (fields added later are read as empty, as the stages do).
 *
 * What is read follows the profile's rules: a version reads only the evidence its rules use (no
 * custom lists for 1.0.0, no trace before 3.0.0, …), so its inputs are what it read then.
 */
import { customFacts, delistedOf, type BlockchainEvidence, type IntelligenceEvidence, type SanctionsEvidence } from './evidence';
import { addressKey } from '../chain-data/trace';
import type { CategoryExposure } from './exposure';
import type { PatternEvidence } from './patterns';
import { CURRENT_RISK_PROFILE, type ClusteredExposure, type ExposureCategory, type IndirectExposure, type RiskCategory, type RiskInputs } from './risk-model';
import type { RiskProfile } from './risk-profile';

/** The evidence the risk model reads: the blockchain, sanctions and intelligence stages', and the patterns found. */
export interface RiskEvidence {
  blockchain: BlockchainEvidence;
  sanctions: SanctionsEvidence;
  intelligence: IntelligenceEvidence;
  patterns: PatternEvidence;
}

export function riskInputsOf(evidence: RiskEvidence, profile: RiskProfile = CURRENT_RISK_PROFILE): RiskInputs {
  const { sanctions: s, intelligence: intel, patterns } = evidence;
  const kinds = profile.missingEvidence.kinds;
  const custom = profile.customLists ? customFacts(s).custom : null;
  // A delisting counts where the patterns stage weighed the delisted counterparties beside it: the
  // build of 5467f46 recorded the wallet's delisting (sanctions evidence) and scored nothing, until
  // 1eec8df scored both and recorded `delistedCounterparties`.
  const delisted = profile.delisted && patterns.delistedCounterparties !== undefined;
  const trace = evidence.blockchain.ok ? evidence.blockchain.trace : undefined;
  return {
    directSanctionHits: s.direct.length,
    ...(delisted
      ? {
          delistedHits: delistedOf(s).length,
          delistedCounterparties: patterns.delistedCounterparties ?? 0,
          delistedVolumeShare: patterns.delistedVolumeShare ?? 0,
        }
      : {}),
    sanctionedCounterparties: patterns.sanctionedCounterparties,
    sanctionedVolumeShare: patterns.sanctionedVolumeShare,
    ownCategories: intel.own.map((l) => l.category),
    exposure: patterns.exposure,
    abuseReports: intel.chainabuse.status === 'ok' ? intel.chainabuse.reports : 0,
    flags: patterns.flags,
    blockchainDataAvailable: evidence.blockchain.ok,
    // Before 2.0.0 a missing list was not evidence of its own (checks of 1.x recorded it all the same).
    sanctionsListLoaded: s.listLoaded,
    ...(custom
      ? {
          customBlockLists: custom.blocked.map((h) => h.name),
          customBlockedCounterparties: patterns.customBlockedCounterparties,
          customBlockedVolumeShare: patterns.customBlockedVolumeShare,
          allowLists: custom.allowed.map((h) => h.name),
        }
      : {}),
    ...(profile.indirect
      ? {
          indirectExposure: indirectExposureOf(patterns),
          ...(profile.indirect.sanctionedWithoutBeyondFanOut ? { traceWithoutBeyondFanOut: trace !== undefined && trace.beyondFanOut === undefined } : {}),
        }
      : {}),
    ...(profile.clustering ? clusteringInputsOf(evidence) : {}),
    ...(kinds.includes('token-values') ? { unpricedAssets: patterns.valuation?.unpriced ?? [] } : {}),
    ...(kinds.includes('unread-sources') ? { unreadSources: unreadSourcesOf(evidence) } : {}),
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

/**
 * What clustering adds: the categories the wallet itself takes from its cluster (those it does not
 * carry itself), and the exposure to addresses known only by clustering, by category, with the
 * fewest hops at which each was reached. Empty in checks recorded before clustering and where
 * nothing was marked by it.
 */
export function clusteringInputsOf(
  evidence: Pick<RiskEvidence, 'blockchain' | 'intelligence' | 'patterns'>,
): Pick<RiskInputs, 'ownClusteredCategories' | 'clusteredExposure'> {
  const b = evidence.blockchain;
  const marks = evidence.intelligence.clustering?.marks ?? [];
  const walletKey = b.ok ? addressKey(b.data.network, b.data.address) : null;
  const own = b.ok ? marks.filter((m) => addressKey(b.data.network, m.address) === walletKey).flatMap((m) => m.labels.map((l) => l.category)) : [];
  const exposure: Partial<Record<RiskCategory, ClusteredExposure>> = {};
  for (const [category, e] of Object.entries(evidence.patterns.breakdown?.byClustering ?? {}) as Array<[RiskCategory, CategoryExposure]>) {
    const share = e.volume.direct + e.volume.indirect;
    if (share > 0) exposure[category] = { share, minHops: e.minHops };
  }
  return {
    ...(own.length > 0 ? { ownClusteredCategories: [...new Set<RiskCategory>(own)].sort() } : {}),
    ...(Object.keys(exposure).length > 0 ? { clusteredExposure: exposure } : {}),
  };
}
