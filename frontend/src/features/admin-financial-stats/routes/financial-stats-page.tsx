import { PageHeader } from '../../../components/page-header';

/** /admin/financial-stats: revenue and check usage. */
export function FinancialStatsPage() {
  return <PageHeader order={1} title="Financial Stats" />;
}
