import { PageHeader } from '../../../components/page-header';

/** /dashboard/top-up: plans and purchase. */
export function TopUpPage() {
  return <PageHeader title="Upgrade Your Plan" description="Choose the plan that fits your needs" />;
}
