import { useState } from 'react';
import { Anchor, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatUsd, type AccountPurchase } from '@walletscreen/contracts';
import { notifyFailure } from '../../../components/notify';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { PageNav } from '../../../components/list-kit/pagination';
import { QueryStates } from '../../../components/list-kit/query-states';
import { formatDate } from '../../../lib/format-date';
import { useDownloadReceipt } from '../api/download-receipt';
import { PURCHASES_PAGE_SIZE, useAccountPurchases } from '../api/get-purchases';

const amountText = (p: AccountPurchase) => (p.currency === 'usd' ? formatUsd(p.amount) : `${p.amount.toFixed(2)} ${p.currency.toUpperCase()}`);

/** The user's purchases, newest first, a page at a time, each with its receipt. */
export function PurchasesPanel() {
  const [page, setPage] = useState(1);
  const purchases = useAccountPurchases(page);
  const receipt = useDownloadReceipt();

  const download = (p: AccountPurchase) =>
    receipt.mutate(p, {
      onError: notifyFailure('Could not download the receipt'),
    });

  return (
    <QueryStates
      query={purchases}
      loading="Loading purchases..."
      errorTitle="Could not load your purchases"
      isEmpty={(found) => found.total === 0}
      empty={
        <EmptyState
          icon={IconReceipt}
          title="No purchases yet"
          description={
            <>
              Plans you buy show here, each with its receipt.{' '}
              <Anchor component={Link} to="/dashboard/top-up" underline="always">
                See the plans
              </Anchor>
            </>
          }
        />
      }
      py="lg"
    >
      {({ items, total }) => (
        <>
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
          <PageNav page={page} pages={Math.ceil(total / PURCHASES_PAGE_SIZE)} onChange={setPage} />
        </>
      )}
    </QueryStates>
  );
}
