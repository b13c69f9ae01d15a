import { PageHeader } from '../../../components/page-header';

/** /admin/purchases: every customer's purchases. */
export function PurchasesPage() {
  return <PageHeader order={1} title="Purchases" />;
}
