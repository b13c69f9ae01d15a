import { useState } from 'react';
import { Box, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFolders } from '@tabler/icons-react';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { ListFooter, PageNav } from '../../../components/list-kit/pagination';
import { QueryStates } from '../../../components/list-kit/query-states';
import { PageHeader } from '../../../components/page-header';
import { useCases } from '../api/get-cases';
import { emptyCaseFilters, isFiltered, pageCount, type CaseFilters, type CasesArea } from '../case-filters';
import { CasesFilterBar } from '../components/cases-filter-bar';
import { CasesCards, CasesTable } from '../components/cases-table';

const headers = {
  user: { title: 'Cases', description: 'Checks and alerts you opened for review: their status, assignee and decision.' },
  admin: { title: 'Cases', description: "Every customer's cases, changed last first. Closing a high-risk case needs a second person." },
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

  return (
    <>
      <PageHeader title={header.title} description={header.description} />
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
          <QueryStates
            query={cases}
            loading="Loading cases..."
            errorTitle="Could not load the cases"
            isEmpty={() => rows.length === 0}
            empty={
              <EmptyState
                icon={IconFolders}
                title={isFiltered(debounced) ? 'No cases match these filters' : 'No cases yet'}
                description={
                  area === 'user'
                    ? "Open a case from a check's Details in History, or from an alert."
                    : "A case is opened from a check's Details or from an alert."
                }
                testId="cases-empty"
              />
            }
          >
            {() => (
              <>
                <Box visibleFrom="md">
                  <CasesTable area={area} cases={rows} />
                </Box>
                <Box hiddenFrom="md">
                  <CasesCards area={area} cases={rows} />
                </Box>
                <ListFooter summary={`${total.toLocaleString('en-US')} ${total === 1 ? 'case' : 'cases'}`} summaryTestId="cases-total">
                  <PageNav page={page} pages={pages} onChange={setPage} />
                </ListFooter>
              </>
            )}
          </QueryStates>
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
