import { PageHeader } from '../../../components/page-header';

/** /dashboard/history: the user's own checks. */
export function HistoryPage() {
  return <PageHeader title="Wallet Checks History" />;
}
