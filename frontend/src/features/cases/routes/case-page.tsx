import { Anchor, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { shortenAddress } from '@walletscreen/contracts';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/list-kit/error-state';
import { LoadingState } from '../../../components/list-kit/loading-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useProfile } from '../../../lib/get-profile';
import { isReadOnlySession } from '../../../lib/session';
import { useCase } from '../api/get-case';
import type { CasesArea } from '../case-filters';
import { CaseActions } from '../components/case-actions';
import { CaseCloseStatus } from '../components/case-close-status';
import { CaseHistory } from '../components/case-history';
import { CaseNotes } from '../components/case-notes';
import { CaseSummary } from '../components/case-summary';

function CaseView({ area, caseId, viewer, canAct }: { area: CasesArea; caseId: string; viewer: string | null; canAct: boolean }) {
  const found = useCase(area, caseId);
  const back = (
    <Anchor component={Link} to={area === 'admin' ? '/admin/cases' : '/dashboard/cases'} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden="true" />
        All cases
      </Group>
    </Anchor>
  );

  if (found.isPending) return <LoadingState label="Loading the case..." />;
  if (found.isError) {
    const missing = found.error instanceof ApiError && found.error.status === 404;
    return (
      <Stack gap="md" align="flex-start">
        {back}
        <ErrorState
          title={missing ? 'No such case' : 'Could not load the case'}
          message={missing ? 'This case does not exist, or it is not yours.' : found.error.message}
          onRetry={missing ? undefined : () => void found.refetch()}
          retrying={found.isFetching}
        />
      </Stack>
    );
  }

  const value = found.data;
  return (
    <>
      <Stack gap="xs" mb="md">
        {back}
      </Stack>
      <PageHeader
        title={`Case of ${shortenAddress(value.address)}`}
        description={value.subject.kind === 'alert' ? 'Opened on an alert' : 'Opened on a check'}
      />
      <Stack gap="md" aria-busy={found.isFetching} data-testid="case-view" data-case-id={value.id}>
        <CaseCloseStatus value={value} viewer={viewer} />
        <CaseSummary area={area} value={value} />
        <SimpleGrid cols={{ base: 1, lg: canAct ? 2 : 1 }} spacing="md">
          {canAct ? <CaseActions area={area} value={value} viewer={viewer} /> : null}
          <Stack gap="md">
            <CaseNotes area={area} value={value} canAct={canAct} />
            <CaseHistory value={value} />
          </Stack>
        </SimpleGrid>
      </Stack>
    </>
  );
}

function useCaseId(): string {
  return useParams().id ?? '';
}

/** /dashboard/cases/:id: the customer's own case, with its actions. */
export function CasePage() {
  const id = useCaseId();
  const profile = useProfile();
  return <CaseView key={id} area="user" caseId={id} viewer={profile.data?.email ?? null} canAct />;
}

/** /admin/cases/:id: any customer's case; an auditor sees it with no action at all. */
export function AdminCasePage() {
  const id = useCaseId();
  return <CaseView key={id} area="admin" caseId={id} viewer={null} canAct={!isReadOnlySession()} />;
}
