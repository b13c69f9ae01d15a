import { useEffect, useState } from 'react';
import { Box, Paper, Stack } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { LoadMore } from '../../../components/list-kit/pagination';
import { QueryStates } from '../../../components/list-kit/query-states';
import { PageHeader } from '../../../components/page-header';
import { historyListQueryKey } from '../../../lib/query-keys';
import { browserStorage, readSession } from '../../../lib/session';
import { ExportHistoryButton, exportFileName, exportQuery } from '../components/export-history-button';
import { HistoryCards } from '../components/history-cards';
import { HistoryDetailsModal } from '../components/history-details-modal';
import { HistoryFilterBar } from '../components/history-filter-bar';
import { HistoryTable } from '../components/history-table';
import { applyFilters, emptyFilters, type HistoryFilters } from '../history-filters';
import { rowsOfPages, type HistoryRow } from '../history-item';
import { historyScopeOf, useHistory } from '../history-scope';

export const NO_RESULTS = 'No results found';

/**
 * /dashboard/history and /admin/history: the checks the signed-in role may see (a customer's own,
 * or every user's for admins and auditors, with the user's e-mail), filtered by the server, 10 at a
 * time. `?check=<id>` (a link from an alert or a batch) opens that check's Details.
 */
export function HistoryPage() {
  const scope = historyScopeOf(readSession(browserStorage()).role);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<HistoryFilters>(emptyFilters);
  const [filters, setFilters] = useState<HistoryFilters>(emptyFilters);
  const [dateToError, setDateToError] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const linked = params.get('check');
  const [open, setOpen] = useState<string | null>(linked);
  const history = useHistory(scope, filters);
  const items = rowsOfPages(history.data?.pages);

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
      void queryClient.resetQueries({ queryKey: historyListQueryKey(scope.area, filters), exact: true });
    } else {
      setFilters(applied.filters);
    }
  };

  const showDetails = (item: HistoryRow) => setOpen(item.id);

  return (
    <>
      <PageHeader
        title={scope.title}
        description={scope.description}
        actions={
          <ExportHistoryButton path={scope.exportPath} query={exportQuery(filters, { email: scope.byUser })} fileName={exportFileName(scope.exportName)} />
        }
      />
      <Stack gap="md">
        <Paper p="md">
          <HistoryFilterBar
            draft={draft}
            onChange={(next) => {
              setDraft(next);
              if (dateToError) setDateToError(null);
            }}
            withEmail={scope.byUser}
            onSearch={search}
            searching={history.isFetching && !history.isFetchingNextPage && !history.isPending}
            dateToError={dateToError}
          />
        </Paper>

        <Paper p="md">
          <QueryStates
            query={history}
            loading="Loading..."
            errorTitle="Could not load the history"
            isEmpty={() => items.length === 0}
            empty={<EmptyState icon={IconHistory} title={NO_RESULTS} testId="history-empty" />}
            gap="md"
          >
            {() => (
              <>
                <Box visibleFrom="lg">
                  <HistoryTable items={items} onDetails={showDetails} showEmail={scope.byUser} />
                </Box>
                <Box hiddenFrom="lg">
                  <HistoryCards items={items} onDetails={showDetails} showEmail={scope.byUser} />
                </Box>
                <LoadMore query={history} testId="history-load-more" />
              </>
            )}
          </QueryStates>
        </Paper>
      </Stack>

      <HistoryDetailsModal
        scope={scope}
        checkId={open}
        onClose={() => {
          setOpen(null);
          if (linked) setParams({}, { replace: true });
        }}
      />
    </>
  );
}
