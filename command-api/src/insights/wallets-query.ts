import type { WalletCheck, WalletDetail, WalletsPage, WalletsQuery, WalletSummary } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { findWalletChecks, type CheckDoc } from '@walletscreen/projections/checks/queries';
import { emailsOfUsers } from '@walletscreen/projections/customers/queries';
import { findWallet as findWalletDoc, findWallets, type WalletDoc } from '@walletscreen/projections/insights/queries';

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
  const { items, total } = await findWallets(readStore, query);
  return { items: items.map(summary), total };
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
export async function findWallet(
  readStore: ReadStore,
  network: string,
  address: string,
  page: { limit: number; offset: number },
): Promise<WalletDetail | null> {
  const wallet = await findWalletDoc(readStore, network, address);
  if (!wallet) return null;
  const { items: checks, total } = await findWalletChecks(readStore, wallet, page);
  const emails = await emailsOfUsers(
    readStore,
    checks.map((c) => c.user_id),
  );
  return { wallet: summary(wallet), checks: checks.map((c) => walletCheck(c, emails.get(c.user_id) ?? '')), total };
}
