import { useEffect, useState } from 'react';
import { Alert, Box, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { historyListQueryKey, useHistory } from '../api/get-history';
import { HistoryCards } from '../../../components/check-history/history-cards';
import { HistoryDetailsModal } from '../components/history-details-modal';
import { ExportHistoryButton, exportFileName, exportQuery } from '../../../components/check-history/export-history-button';
import { HistoryFilterBar } from '../../../components/check-history/history-filter-bar';
import { HistoryTable } from '../../../components/check-history/history-table';
import { applyFilters, emptyFilters, type HistoryFilters } from '../../../components/check-history/history-filters';
import type { HistoryItem } from '../../../components/check-history/history-item';

export const NO_RESULTS = 'No results found';

/** /dashboard/history: the user's own checks, filtered by the server, 10 at a time. */
export function HistoryPage() {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<HistoryFilters>(emptyFilters);
  const [filters, setFilters] = useState<HistoryFilters>(emptyFilters);
  const [dateToError, setDateToError] = useState<string | null>(null);
  // `?check=<id>` (a link from an alert) opens that check's details.
  const [params, setParams] = useSearchParams();
  const linked = params.get('check');
  const [open, setOpen] = useState<string | null>(linked);
  const history = useHistory(filters);
  const items = history.data?.pages.flat() ?? [];

  // Spec §8: a failed page load is logged; the list on screen stays as it was.
  useEffect(() => {
    if (history.error) console.error('Could not load the check history', history.error);
  }, [history.error]);

  const search = () => {
    const applied = applyFilters(draft);
    if (!applied.ok) {
      setDateToError(applied.dateToError);
      return;
    }
    setDateToError(null);
    if (JSON.stringify(applied.filters) === JSON.stringify(filters)) {
      // The same filters again: start over from page 1.
      void queryClient.resetQueries({ queryKey: historyListQueryKey(filters), exact: true });
    } else {
      setFilters(applied.filters);
    }
  };

  const showDetails = (item: HistoryItem) => setOpen(item.id);

  return (
    <>
      <PageHeader
        title="Wallet Checks History"
        description="Every wallet you have checked, newest first."
        actions={<ExportHistoryButton path="/transactions/history.csv" query={exportQuery(filters)} fileName={exportFileName('history')} />}
      />
      <Stack gap="md">
        <Paper p="md">
          <HistoryFilterBar
            draft={draft}
            onChange={(next) => {
              setDraft(next);
              if (dateToError) setDateToError(null);
            }}
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
                <HistoryTable items={items} onDetails={showDetails} />
              </Box>
              <Box hiddenFrom="lg">
                <HistoryCards items={items} onDetails={showDetails} />
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

      <HistoryDetailsModal
        checkId={open}
        onClose={() => {
          setOpen(null);
          if (linked) setParams({}, { replace: true });
        }}
      />
    </>
  );
}
