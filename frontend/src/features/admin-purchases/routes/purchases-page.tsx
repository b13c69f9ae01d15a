import { useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconReceipt, IconSearch } from '@tabler/icons-react';
import { ClearableTextInput } from '../../../components/clearable-text-input';
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
  const rows = purchases.data ?? [];
  const hasNext = rows.length === PURCHASES_PAGE_SIZE;

  return (
    <>
      <PageHeader order={1} title="Purchases" description="Every plan bought, what is left of it and when it expires." />
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
          {purchases.isPending ? (
            <Center py="xl" role="status">
              <Group gap="sm">
                <Loader size="sm" />
                <Text c="dimmed">Loading purchases...</Text>
              </Group>
            </Center>
          ) : purchases.isError ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Could not load purchases">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{purchases.error.message}</Text>
                <Button size="xs" variant="default" onClick={() => void purchases.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : rows.length === 0 ? (
            <Center py="xl">
              <Stack align="center" gap={6}>
                <IconReceipt size={28} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                <Text fw={600}>No purchases found</Text>
                {email ? <Text size="sm" c="dimmed">No purchase by an e-mail containing “{email}”.</Text> : null}
              </Stack>
            </Center>
          ) : (
            <Stack gap="sm" style={{ opacity: purchases.isPlaceholderData ? 0.6 : 1 }} aria-busy={purchases.isFetching}>
              <PurchasesTable purchases={rows} now={purchases.dataUpdatedAt} />
              {offset > 0 || hasNext ? (
                <Group justify="space-between">
                  <Text size="sm" c="dimmed" className="ws-tabular">
                    {offset + 1}–{offset + rows.length}
                  </Text>
                  <Group gap="xs">
                    <Button variant="default" size="xs" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PURCHASES_PAGE_SIZE))}>
                      Previous
                    </Button>
                    <Button variant="default" size="xs" disabled={!hasNext} onClick={() => setOffset(offset + PURCHASES_PAGE_SIZE)}>
                      Next
                    </Button>
                  </Group>
                </Group>
              ) : null}
            </Stack>
          )}
        </Stack>
      </Paper>
    </>
  );
}
