import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Pagination, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDownload, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatUsd, type AccountPurchase } from '@walletscreen/contracts';
import { formatDate } from '../../../lib/format-date';
import { useDownloadReceipt } from '../api/download-receipt';
import { PURCHASES_PAGE_SIZE, useAccountPurchases } from '../api/get-purchases';

const amountText = (p: AccountPurchase) => (p.currency === 'usd' ? formatUsd(p.amount) : `${p.amount.toFixed(2)} ${p.currency.toUpperCase()}`);

/** The user's purchases, newest first, a page at a time, each with its receipt. */
export function PurchasesPanel() {
  const [page, setPage] = useState(1);
  const purchases = useAccountPurchases(page);
  const receipt = useDownloadReceipt();

  if (purchases.isPending) {
    return (
      <Center py="lg" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">Loading purchases...</Text>
        </Group>
      </Center>
    );
  }
  if (purchases.isError) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Could not load your purchases">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{purchases.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void purchases.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { items, total } = purchases.data;
  if (total === 0) {
    return (
      <Center py="lg">
        <Stack align="center" gap={6} ta="center">
          <IconReceipt size={28} aria-hidden="true" color="var(--mantine-color-dimmed)" />
          <Text fw={600}>No purchases yet</Text>
          <Text size="sm" c="dimmed">
            Plans you buy show here, each with its receipt.{' '}
            <Anchor component={Link} to="/dashboard/top-up" underline="always">
              See the plans
            </Anchor>
          </Text>
        </Stack>
      </Center>
    );
  }
  const pages = Math.ceil(total / PURCHASES_PAGE_SIZE);
  const download = (p: AccountPurchase) =>
    receipt.mutate(p, {
      onError: (error) => notifications.show({ color: 'red', title: 'Could not download the receipt', message: error.message || 'Please try again.', icon: <IconAlertCircle size={18} aria-hidden="true" /> }),
    });

  return (
    <Stack gap="sm" aria-busy={purchases.isFetching}>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="sm" aria-label="Purchase history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">Plan</Table.Th>
              <Table.Th scope="col" ta="right">
                Checks
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
              <Table.Th scope="col">Receipt No.</Table.Th>
              <Table.Th scope="col" ta="right">
                Receipt
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((p) => (
              <Table.Tr key={p.id} data-testid="account-purchase-row">
                <Table.Td className="ws-tabular">{formatDate(p.created_at)}</Table.Td>
                <Table.Td>{p.type}</Table.Td>
                <Table.Td ta="right" className="ws-tabular">
                  {p.checks}
                </Table.Td>
                <Table.Td ta="right" className="ws-tabular">
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    {p.test ? (
                      <Tooltip label="Test payment: no money was charged">
                        <Badge size="sm" variant="outline" color="gray">
                          Test
                        </Badge>
                      </Tooltip>
                    ) : null}
                    {amountText(p)}
                  </Group>
                </Table.Td>
                <Table.Td className="ws-tabular">
                  <Text size="sm" ff="monospace">
                    {p.receipt_number}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconDownload size={14} aria-hidden="true" />}
                    loading={receipt.isPending && receipt.variables?.id === p.id}
                    onClick={() => download(p)}
                    aria-label={`Download receipt ${p.receipt_number} (PDF)`}
                  >
                    Download
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" getControlProps={(c) => ({ 'aria-label': `${c} page` })} /> : null}
    </Stack>
  );
}
