import { useEffect, useState } from 'react';
import { Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconReceipt, IconSearch } from '@tabler/icons-react';
import { ClearableTextInput } from '../../../components/clearable-text-input';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { OffsetPager } from '../../../components/list-kit/pagination';
import { QueryStates } from '../../../components/list-kit/query-states';
import { PageHeader } from '../../../components/page-header';
import { usePurchases } from '../api/get-purchases';
import { PurchasesTable } from '../components/purchases-table';

export const PURCHASES_PAGE_SIZE = 50;
/** The search is sent to the server once typing pauses. */
export const SEARCH_DEBOUNCE_MS = 300;

/** /admin/purchases: every customer's purchases, searchable by e-mail. */
export function PurchasesPage() {
  const [search, setSearch] = useState('');
  const [email] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [offset, setOffset] = useState(0);
  useEffect(() => setOffset(0), [email]);
  const purchases = usePurchases({ email, limit: PURCHASES_PAGE_SIZE, offset });

  return (
    <>
      <PageHeader title="Purchases" description="Every plan bought, what is left of it and when it expires." />
      <Paper p="md">
        <Stack gap="md">
          <ClearableTextInput
            label="Search by e-mail"
            placeholder="name@company.com"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            onClear={() => setSearch('')}
            maw={420}
          />
          <QueryStates
            query={purchases}
            loading="Loading purchases..."
            errorTitle="Could not load purchases"
            isEmpty={(rows) => rows.length === 0}
            empty={
              <EmptyState icon={IconReceipt} title="No purchases found" description={email ? `No purchase by an e-mail containing “${email}”.` : undefined} />
            }
          >
            {(rows) => (
              <>
                <PurchasesTable purchases={rows} now={purchases.dataUpdatedAt} />
                <OffsetPager offset={offset} count={rows.length} pageSize={PURCHASES_PAGE_SIZE} onChange={setOffset} />
              </>
            )}
          </QueryStates>
        </Stack>
      </Paper>
    </>
  );
}
