/**
 * A settled check goes into the History cache at once: at the top of the user's unfiltered History
 * list and as its Details, so History shows it without waiting for the read model. The lists it
 * was added to are only marked stale (refetched on their next use, by when the read model holds the
 * check); the lists it could not be placed in (filtered ones) are refetched now, as before.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { formatHistoryTimestamp, type HistoryDetail, type HistoryItem, type WalletAnalysis } from '@walletscreen/contracts';
import { historyItemQueryKey, historyQueryKey } from './query-keys';

export interface SettledCheck {
  checkId: string;
  network: string;
  analysis: WalletAnalysis;
}

/** The check's Details as the server will list it (its case, if any, comes with the next fetch). */
export function historyDetailOf({ checkId, network, analysis }: SettledCheck, now: Date): HistoryDetail {
  const at = analysis.created_at && !Number.isNaN(Date.parse(analysis.created_at)) ? new Date(analysis.created_at) : now;
  return {
    id: checkId,
    wallet_address: analysis.wallet_address,
    network,
    risk_level: analysis.risk_level,
    risk_score: analysis.risk_score,
    aml_status: analysis.aml_status,
    created_at: formatHistoryTimestamp(at),
    created_at_iso: at.toISOString(),
    access: analysis.access_level,
    status: 'completed',
    jurisdiction: analysis.jurisdiction,
    sanctions: analysis.sanctions,
    source_of_funds: analysis.source_of_funds,
    recommendation: analysis.recommendation,
    wallet_age: analysis.wallet_age,
    linked_wallets: analysis.linked_wallets_addresses,
    aml_report: analysis.aml_report,
    external_links: analysis.external_links,
    chainabuse_report: analysis.chainabuse_report,
    missing_evidence: analysis.missing_evidence,
    linked_wallets_details: analysis.linked_wallets_details,
    fund_flow: analysis.fund_flow,
  };
}

/** The row of a detail: the fields a History list carries. */
function rowOf(detail: HistoryDetail): HistoryItem {
  const { id, wallet_address, network, risk_level, risk_score, aml_status, created_at, created_at_iso, access, status } = detail;
  return { id, wallet_address, network, risk_level, risk_score, aml_status, created_at, created_at_iso, access, status };
}

/** A list key's filters that leave every check in (nothing typed, no level, no dates). */
function unfiltered(filters: unknown): boolean {
  return filters !== null && typeof filters === 'object' && Object.values(filters).every((value) => value === '' || value === null || value === undefined);
}

/** Puts a check that just completed into the user's History cache (see above). */
export function addSettledCheckToHistory(client: QueryClient, check: SettledCheck, now = new Date()): void {
  const detail = historyDetailOf(check, now);
  const row = rowOf(detail);
  const placed = new Set<string>();
  for (const query of client.getQueryCache().findAll({ queryKey: [...historyQueryKey, 'user', 'list'] })) {
    if (!unfiltered(query.queryKey[3])) continue;
    client.setQueryData<InfiniteData<HistoryItem[], number>>(query.queryKey, (data) =>
      data ? { ...data, pages: [[row, ...(data.pages[0] ?? []).filter((r) => r.id !== row.id)], ...data.pages.slice(1)] } : data,
    );
    placed.add(query.queryHash);
  }
  const detailKey = historyItemQueryKey('user', check.checkId);
  if (client.getQueryData(detailKey) === undefined) client.setQueryData(detailKey, detail);
  void client.invalidateQueries({ queryKey: historyQueryKey, refetchType: 'none' });
  void client.invalidateQueries({ queryKey: historyQueryKey, predicate: (query) => query.queryKey[2] === 'list' && !placed.has(query.queryHash) });
}
