import { PageHeader } from '../../../components/page-header';

/** /dashboard/wallet-checker: the wallet check screen. */
export function WalletCheckerPage() {
  return <PageHeader title="Check Wallet" />;
}
