import { PageHeader } from '../../../components/page-header';

/** /admin/wallets: the screened wallets. */
export function WalletsPage() {
  return <PageHeader order={1} title="Wallets" />;
}
