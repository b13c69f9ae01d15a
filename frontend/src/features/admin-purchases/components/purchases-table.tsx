import { Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { formatUsd, type Purchase } from '@walletscreen/contracts';
import { scrollRegion } from '../../../components/list-kit/scroll-region';
import { formatDate } from '../../../lib/format-date';

const amountText = (p: Purchase) => (p.currency === 'usd' ? formatUsd(p.amount) : `${p.amount.toFixed(2)} ${p.currency.toUpperCase()}`);

/**
 * User Email, Type, Amount (dollars), Remaining Checks, Created At, Expires At (spec §2 Admin
 * Purchases). A test payment's amount is marked "Test": no money moved, and Financial stats do not
 * count it as revenue.
 */
export function PurchasesTable({ purchases, now }: { purchases: Purchase[]; now: number }) {
  return (
    <Table.ScrollContainer minWidth={760} scrollAreaProps={scrollRegion('Purchases table')}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Purchases">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">User Email</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Remaining Checks
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Created At
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Expires At
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {purchases.map((p) => {
            const expired = Date.parse(p.expires_at) <= now;
            return (
              <Table.Tr key={p.id} data-testid="purchase-row" data-email={p.user_email}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {p.user_email || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{p.type}</Table.Td>
                <Table.Td ta="right" className="ws-tabular" data-testid="purchase-amount">
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    {p.test ? (
                      <Tooltip label="Test payment: no money moved, not counted as revenue">
                        <Badge size="sm" variant="outline" color="gray" data-testid="test-payment">
                          Test
                        </Badge>
                      </Tooltip>
                    ) : null}
                    {amountText(p)}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" className="ws-tabular" data-testid="purchase-remaining">
                  {p.remaining_checks}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    / {p.checks}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" className="ws-tabular">
                  {formatDate(p.created_at)}
                </Table.Td>
                <Table.Td ta="right" className="ws-tabular">
                  <Text span size="sm" c={expired ? 'dimmed' : undefined} td={expired ? 'line-through' : undefined} title={expired ? 'Expired' : undefined}>
                    {formatDate(p.expires_at)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
