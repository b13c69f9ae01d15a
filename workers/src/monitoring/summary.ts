/**
 * A completed check's verdict as the watchlist keeps it: score, level, status, the sanctions and
 * block-list hits of the wallet and its counterparties, and the list versions it was screened
 * against (from the sanctions stage's evidence). Pure: it reads the check's folded state.
 */
import { shownRiskScore, type SanctionsHit } from '@walletscreen/contracts';
import type { CheckState } from '@walletscreen/domain/check/state';
import type { CheckSummary } from '@walletscreen/domain/watch/events';
import type { BlockchainEvidence, SanctionsEvidence } from '../checks/evidence';

export function summarizeCheck(state: CheckState, completedAt: string): CheckSummary | null {
  if (state.status !== 'completed' || !state.result) return null;
  const s = state.stages.find((x) => x.key === 'sanctions')?.evidence as SanctionsEvidence | undefined;
  const b = state.stages.find((x) => x.key === 'blockchain')?.evidence as BlockchainEvidence | undefined;
  const hits: SanctionsHit[] = [];
  if (s) {
    for (const e of s.direct)
      hits.push({ relation: 'wallet', address: state.request.address, list: 'OFAC SDN', source: 'ofac', entity: e.entity, programs: [...e.programs] });
    for (const c of s.counterparties)
      for (const e of c.entries)
        hits.push({ relation: 'counterparty', address: c.address, list: 'OFAC SDN', source: 'ofac', entity: e.entity, programs: [...e.programs] });
    const custom = s.customLists;
    // An allow list clears a block list's hit (never an OFAC one): only block hits that stand are kept.
    if (custom && custom.allowed.length === 0)
      for (const h of custom.blocked)
        hits.push({ relation: 'wallet', address: state.request.address, list: h.name, source: 'custom', entity: h.note ?? '', programs: [] });
    for (const c of custom?.counterparties ?? []) {
      if (c.lists.some((l) => l.kind === 'allow')) continue;
      for (const l of c.lists)
        if (l.kind === 'block') hits.push({ relation: 'counterparty', address: c.address, list: l.name, source: 'custom', entity: l.note ?? '', programs: [] });
    }
  }
  const result = state.result;
  return {
    checkId: state.request.checkId,
    requestedAt: state.request.at,
    completedAt,
    score: shownRiskScore(result.risk_level, result.risk_score),
    level: result.risk_level,
    status: result.aml_status,
    sanctionsHits: hits,
    lists: {
      ofac: s?.list ? { sha256: s.list.sha256, publishedAt: s.list.publishedAt } : null,
      custom: (s?.customLists?.consulted ?? []).map((l) => ({ listId: l.listId, name: l.name, kind: l.kind, version: l.version })),
    },
    reusedChainEvidenceOf: b?.reusedFrom?.checkId ?? null,
  };
}
