import { PageHeader } from '../../../components/page-header';

/** /admin/history: every customer's checks. */
export function AdminHistoryPage() {
  return <PageHeader order={1} title="Admin: Wallet Checks History" />;
}
