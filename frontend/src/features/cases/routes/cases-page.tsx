import { useState } from 'react';
import { Alert, Box, Button, Center, Group, Loader, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconFolders } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { useCases } from '../api/get-cases';
import { emptyCaseFilters, isFiltered, pageCount, type CaseFilters, type CasesArea } from '../case-filters';
import { CasesFilterBar } from '../components/cases-filter-bar';
import { CasesCards, CasesTable } from '../components/cases-table';

const headers = {
  user: { title: 'Cases', description: 'Checks and alerts you opened for review: their status, assignee and decision.', order: 2 },
  admin: { title: 'Cases', description: "Every customer's cases, changed last first. Closing a high-risk case needs a second person.", order: 1 },
} as const;

function Cases({ area }: { area: CasesArea }) {
  const [filters, setFilters] = useState<CaseFilters>(emptyCaseFilters);
  const [debounced] = useDebouncedValue(filters, 300);
  const [page, setPage] = useState(1);
  const cases = useCases(area, debounced, page);
  const rows = cases.data?.items ?? [];
  const total = cases.data?.total ?? 0;
  const pages = pageCount(total);
  const header = headers[area];

  let body;
  if (cases.isPending) {
    body = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">Loading cases...</Text>
        </Group>
      </Center>
    );
  } else if (cases.isError && rows.length === 0) {
    body = (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Could not load the cases">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{cases.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void cases.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Center py="xl">
        <Stack align="center" gap={6} maw={440} ta="center" data-testid="cases-empty">
          <IconFolders size={28} aria-hidden="true" color="var(--mantine-color-dimmed)" />
          <Text fw={600}>{isFiltered(debounced) ? 'No cases match these filters' : 'No cases yet'}</Text>
          <Text size="sm" c="dimmed">
            {area === 'user' ? "Open a case from a check's Details in History, or from an alert." : "A case is opened from a check's Details or from an alert."}
          </Text>
        </Stack>
      </Center>
    );
  } else {
    body = (
      <Stack gap="sm" style={{ opacity: cases.isPlaceholderData ? 0.6 : 1 }} aria-busy={cases.isFetching}>
        <Box visibleFrom="md">
          <CasesTable area={area} cases={rows} />
        </Box>
        <Box hiddenFrom="md">
          <CasesCards area={area} cases={rows} />
        </Box>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" className="ws-tabular" role="status" data-testid="cases-total">
            {total.toLocaleString('en-US')} {total === 1 ? 'case' : 'cases'}
          </Text>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" getControlProps={(c) => ({ 'aria-label': `${c} page` })} /> : null}
        </Group>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader order={header.order} title={header.title} description={header.description} />
      <Paper p="md">
        <Stack gap="md">
          <CasesFilterBar
            area={area}
            value={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
          {body}
        </Stack>
      </Paper>
    </>
  );
}

/** /dashboard/cases: the customer's own cases, filtered and paged by the server. */
export function CasesPage() {
  return <Cases area="user" />;
}

/** /admin/cases: every customer's cases (admins and auditors), with the owner's e-mail filter too. */
export function AdminCasesPage() {
  return <Cases area="admin" />;
}
