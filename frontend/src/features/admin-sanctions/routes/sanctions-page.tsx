import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { isReadOnlySession } from '../../../lib/session';
import { CustomListsCard } from '../components/custom-lists-card';
import { OfacStatusCard } from '../components/ofac-status-card';

/** /admin/sanctions: the OFAC list in force, its sync and loading it from a file, and the custom block and allow lists. */
export function SanctionsPage() {
  const readOnly = isReadOnlySession();
  return (
    <>
      <PageHeader title="Sanctions & lists" description="The lists every check screens against: OFAC's SDN list and your own block and allow lists." />
      <Stack gap="md">
        <OfacStatusCard readOnly={readOnly} />
        <CustomListsCard readOnly={readOnly} />
      </Stack>
    </>
  );
}
