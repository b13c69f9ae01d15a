import { useEffect, useState } from 'react';
import { Alert, Box, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileSearch, IconHistory } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CheckDetailsModal } from '../../../components/check-history/check-details';
import { ExportHistoryButton, exportFileName, exportQuery } from '../../../components/check-history/export-history-button';
import { HistoryCards } from '../../../components/check-history/history-cards';
import { HistoryFilterBar } from '../../../components/check-history/history-filter-bar';
import { applyFilters } from '../../../components/check-history/history-filters';
import type { HistoryItem } from '../../../components/check-history/history-item';
import { HistoryTable } from '../../../components/check-history/history-table';
import { PageHeader } from '../../../components/page-header';
import { isReadOnlySession } from '../../../lib/session';
import { useAdminTransaction } from '../api/get-admin-transaction';
import { adminTransactionsListQueryKey, emptyAdminFilters, useAdminTransactions, type AdminHistoryFilters } from '../api/get-admin-transactions';

export const NO_RESULTS = 'No results found';

const casePath = (id: string) => `/admin/cases/${id}`;

/** /admin/history: every user's checks with their e-mail, filtered by the server, 10 at a time. */
export function AdminHistoryPage() {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<AdminHistoryFilters>(emptyAdminFilters);
  const [filters, setFilters] = useState<AdminHistoryFilters>(emptyAdminFilters);
  const [dateToError, setDateToError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const history = useAdminTransactions(filters);
  const detail = useAdminTransaction(open);
  const items = history.data?.pages.flat() ?? [];
  // An auditor sees a check's case but opens none.
  const caseLinks = { casePath, canOpen: !isReadOnlySession() };

  // Spec §8: a failed page load is logged; the list on screen stays as it was.
  useEffect(() => {
    if (history.error) console.error('Could not load the checks history', history.error);
  }, [history.error]);

  const search = () => {
    const applied = applyFilters(draft);
    if (!applied.ok) {
      setDateToError(applied.dateToError);
      return;
    }
    setDateToError(null);
    const next: AdminHistoryFilters = { ...applied.filters, email: draft.email.trim() };
    if (JSON.stringify(next) === JSON.stringify(filters)) {
      // The same filters again: start over from page 1.
      void queryClient.resetQueries({ queryKey: adminTransactionsListQueryKey(filters), exact: true });
    } else {
      setFilters(next);
    }
  };

  const showDetails = (item: HistoryItem) => setOpen(item.id);

  return (
    <>
      <PageHeader
        order={1}
        title="Admin: Wallet Checks History"
        description="Every customer's checks, newest first."
        actions={<ExportHistoryButton path="/admin/transactions.csv" query={exportQuery(filters, { email: filters.email || undefined })} fileName={exportFileName('all-checks')} />}
      />
      <Stack gap="md">
        <Paper p="md">
          <HistoryFilterBar
            draft={draft}
            onChange={(next) => {
              setDraft({ ...draft, ...next });
              if (dateToError) setDateToError(null);
            }}
            email={{ value: draft.email, onChange: (email) => setDraft({ ...draft, email }) }}
            onSearch={search}
            searching={history.isFetching && !history.isFetchingNextPage && !history.isPending}
            dateToError={dateToError}
          />
        </Paper>

        <Paper p="md" aria-busy={history.isFetching}>
          {history.isPending ? (
            <Center py="xl" role="status">
              <Group gap="sm">
                <Loader size="sm" aria-hidden="true" />
                <Text c="dimmed">Loading...</Text>
              </Group>
            </Center>
          ) : history.isError && items.length === 0 ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Could not load the history">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{history.error.message}</Text>
                <Button size="xs" variant="default" onClick={() => void history.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : items.length === 0 ? (
            <Center py="xl">
              <Stack align="center" gap={6}>
                <IconHistory size={28} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                <Text fw={600} data-testid="history-empty">
                  {NO_RESULTS}
                </Text>
              </Stack>
            </Center>
          ) : (
            <Stack gap="md">
              <Box visibleFrom="lg">
                <HistoryTable items={items} onDetails={showDetails} showEmail />
              </Box>
              <Box hiddenFrom="lg">
                <HistoryCards items={items} onDetails={showDetails} showEmail />
              </Box>
              {history.hasNextPage ? (
                <Stack align="center" gap={4}>
                  <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage} data-testid="history-load-more">
                    Load More
                  </Button>
                  {history.isFetchNextPageError ? (
                    <Text size="sm" c="dimmed" role="status">
                      The next page could not be loaded. Try again.
                    </Text>
                  ) : null}
                </Stack>
              ) : null}
            </Stack>
          )}
        </Paper>
      </Stack>

      <CheckDetailsModal
        checkId={open}
        onClose={() => setOpen(null)}
        detail={detail}
        caseLinks={caseLinks}
        actions={
          open ? (
            <Button component={Link} to={`/admin/checks/${encodeURIComponent(open)}`} size="xs" variant="default" leftSection={<IconFileSearch size={14} aria-hidden="true" />}>
              Evidence & replay
            </Button>
          ) : null
        }
      />
    </>
  );
}
