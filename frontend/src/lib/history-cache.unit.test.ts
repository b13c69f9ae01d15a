import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { walletAnalysisSchema, type HistoryItem } from '@walletscreen/contracts';
import { addSettledCheckToHistory, historyDetailOf } from './history-cache';
import { historyItemQueryKey, historyListQueryKey } from './query-keys';

const unfiltered = { address: '', riskLevel: '', dateFrom: null, dateTo: null, email: '' };
const highRisk = { ...unfiltered, riskLevel: 'High Risk' };

const row = (id: string): HistoryItem => ({
  id,
  wallet_address: 'bc1qolder',
  network: 'bitcoin',
  risk_level: 'Low Risk',
  risk_score: 5,
  aml_status: 'Compliant',
  created_at: '14.01.26 08:00',
  created_at_iso: '2026-01-14T08:00:00.000Z',
  access: 'Premium',
  status: 'completed',
});

const analysis = walletAnalysisSchema.parse({
  wallet_address: '0x8f3A21c6B7e94D05a1Cc92E4f7b60D3e5A9c41B2',
  risk_score: 71,
  risk_level: 'High Risk',
  aml_status: 'Non-compliant',
  sanctions: 'Listed on OFAC SDN',
  access_level: 'Premium',
  created_at: '2026-01-15T09:30:12.000Z',
  aml_report: '1. Overview',
  linked_wallets_addresses: ['0xabc'],
});
const check = { checkId: 'c-new', network: 'ethereum', analysis };

function seeded() {
  const client = new QueryClient();
  const pages = (ids: string[]): InfiniteData<HistoryItem[], number> => ({ pages: [ids.map(row)], pageParams: [0] });
  client.setQueryData(historyListQueryKey('user', unfiltered), pages(['a', 'b']));
  client.setQueryData(historyListQueryKey('user', highRisk), pages([]));
  client.setQueryData(historyListQueryKey('admin', unfiltered), pages(['x']));
  return client;
}

const listOf = (client: QueryClient, key: readonly unknown[]) =>
  client
    .getQueryData<InfiniteData<HistoryItem[], number>>(key)!
    .pages.flat()
    .map((r) => r.id);

describe('a settled check in the History cache', () => {
  it("goes at the top of the user's unfiltered History at once, with its Details", () => {
    const client = seeded();
    addSettledCheckToHistory(client, check);
    expect(listOf(client, historyListQueryKey('user', unfiltered))).toEqual(['c-new', 'a', 'b']);
    const top = client.getQueryData<InfiniteData<HistoryItem[], number>>(historyListQueryKey('user', unfiltered))!.pages[0]![0]!;
    expect(top).toEqual({
      id: 'c-new',
      wallet_address: analysis.wallet_address,
      network: 'ethereum',
      risk_level: 'High Risk',
      risk_score: 71,
      aml_status: 'Non-compliant',
      created_at: '15.01.26 09:30',
      created_at_iso: '2026-01-15T09:30:12.000Z',
      access: 'Premium',
      status: 'completed',
    });
    expect(client.getQueryData(historyItemQueryKey('user', 'c-new'))).toMatchObject({
      sanctions: 'Listed on OFAC SDN',
      linked_wallets: ['0xabc'],
      aml_report: '1. Overview',
    });
  });

  it('is not listed twice when the list already has it', () => {
    const client = seeded();
    addSettledCheckToHistory(client, check);
    addSettledCheckToHistory(client, check);
    expect(listOf(client, historyListQueryKey('user', unfiltered))).toEqual(['c-new', 'a', 'b']);
  });

  it('leaves filtered lists and the admins’ lists to the server, and marks every history query stale', () => {
    const client = seeded();
    addSettledCheckToHistory(client, check);
    expect(listOf(client, historyListQueryKey('user', highRisk))).toEqual([]);
    expect(listOf(client, historyListQueryKey('admin', unfiltered))).toEqual(['x']);
    for (const query of client.getQueryCache().findAll({ queryKey: ['history'] })) expect(query.state.isInvalidated).toBe(true);
  });

  it('dates the row by the analysis, or by now when the analysis has no time', () => {
    const now = new Date('2026-02-01T10:00:00.000Z');
    expect(historyDetailOf({ ...check, analysis: { ...analysis, created_at: '' } }, now)).toMatchObject({
      created_at: '01.02.26 10:00',
      created_at_iso: '2026-02-01T10:00:00.000Z',
    });
  });
});
