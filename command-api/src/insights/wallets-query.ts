import type { WalletCheck, WalletDetail, WalletsPage, WalletsQuery, WalletSummary } from '@walletscreen/contracts';
import type { ReadStore, Where } from '@walletscreen/platform';
import { findWalletChecks, type CheckDoc } from '@walletscreen/projections/checks/queries';
import { emailsOfUsers } from '@walletscreen/projections/customers/queries';

/** Collection the wallets projection writes (projections/src/insights). */
const WALLETS = 'wallets';

type WalletDoc = WalletSummary & { id: string; customer_ids: string[] };

const sorts: Record<WalletsQuery['sort'], Array<{ field: string; direction: 'asc' | 'desc' }>> = {
  checks: [{ field: 'checks', direction: 'desc' }, { field: 'last_checked_at', direction: 'desc' }],
  latest: [{ field: 'last_checked_at', direction: 'desc' }],
  score: [{ field: 'latest_score', direction: 'desc' }, { field: 'last_checked_at', direction: 'desc' }],
};

function summary(doc: WalletDoc): WalletSummary {
  return {
    network: doc.network,
    chain: doc.chain,
    address: doc.address,
    checks: doc.checks,
    completed: doc.completed,
    failed: doc.failed,
    customers: doc.customers,
    first_checked_at: doc.first_checked_at,
    last_checked_at: doc.last_checked_at,
    latest_check_id: doc.latest_check_id,
    latest_score: doc.latest_score,
    latest_level: doc.latest_level,
    latest_aml_status: doc.latest_aml_status,
    latest_at: doc.latest_at,
  };
}

/** Every screened address, filtered and sorted by the server, one page at a time. */
export async function listWallets(readStore: ReadStore, query: WalletsQuery): Promise<WalletsPage> {
  const where: Where = {
    address: query.address ? { contains: query.address } : undefined,
    latest_level: query.risk_level,
  };
  const [docs, total] = await Promise.all([
    readStore.find<WalletDoc>(WALLETS, { where, sort: sorts[query.sort], limit: query.limit, offset: query.offset }),
    readStore.count(WALLETS, where),
  ]);
  return { items: docs.map(summary), total };
}

function walletCheck(doc: CheckDoc, email: string): WalletCheck {
  const r = doc.result;
  return {
    id: doc.id,
    user_id: doc.user_id,
    user_email: email,
    status: doc.status,
    created_at: doc.created_at,
    completed_at: doc.completed_at,
    risk_score: doc.risk_score,
    risk_level: doc.risk_level ?? '',
    aml_status: doc.aml_status ?? '',
    access: r?.access_level ?? '',
    error: doc.error,
    jurisdiction: r?.jurisdiction ?? '',
    sanctions: r?.sanctions ?? '',
    source_of_funds: r?.source_of_funds ?? '',
    recommendation: r?.recommendation ?? '',
    wallet_age: r?.wallet_age ?? '',
    linked_wallets: r?.linked_wallets_addresses ?? [],
    aml_report: r?.aml_report ?? '',
    fund_flow: r?.fund_flow ?? null,
  };
}

/** One address and its checks, newest first, with the e-mail of the customer who asked; null when it was never checked. */
export async function findWallet(readStore: ReadStore, network: string, address: string, page: { limit: number; offset: number }): Promise<WalletDetail | null> {
  const wallet = await readStore.get<WalletDoc>(WALLETS, `${network}:${address}`);
  if (!wallet) return null;
  const { items: checks, total } = await findWalletChecks(readStore, wallet, page);
  const emails = await emailsOfUsers(readStore, checks.map((c) => c.user_id));
  return { wallet: summary(wallet), checks: checks.map((c) => walletCheck(c, emails.get(c.user_id) ?? '')), total };
}
