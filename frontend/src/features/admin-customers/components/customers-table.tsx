import { Button, Group, Table, Text } from '@mantine/core';
import { IconLock, IconLockOpen, IconPlus } from '@tabler/icons-react';
import { type Customer } from '@walletscreen/contracts';
import { formatDate } from '../../../lib/format-date';
import type { CustomerActionKind } from './confirm-action-modal';
import { RoleBadge } from './role-badge';

/** Email, Role, Checks left (right-aligned), Registered (dd.MM.yyyy), Actions (Top Up; Block or Unblock by role). */
export function CustomersTable({ customers, onAction }: { customers: Customer[]; onAction: (kind: CustomerActionKind, customer: Customer) => void }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Customers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col" ta="right">
              Checks left
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Registered
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((customer) => (
            <Table.Tr key={customer.id} data-testid="customer-row" data-email={customer.email}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {customer.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <RoleBadge role={customer.role} />
              </Table.Td>
              <Table.Td ta="right" className="ws-tabular" data-testid="customer-checks">
                {customer.remaining_checks}
              </Table.Td>
              <Table.Td ta="right" className="ws-tabular">
                {formatDate(customer.created_at)}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button size="xs" variant="default" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => onAction('topup', customer)} aria-label={`Top up ${customer.email}`}>
                    Top Up
                  </Button>
                  {customer.role === 'blocked' ? (
                    <Button size="xs" variant="default" leftSection={<IconLockOpen size={14} aria-hidden="true" />} onClick={() => onAction('unblock', customer)} aria-label={`Unblock ${customer.email}`}>
                      Unblock
                    </Button>
                  ) : customer.role === 'user' ? (
                    <Button size="xs" variant="default" color="red" leftSection={<IconLock size={14} aria-hidden="true" />} onClick={() => onAction('block', customer)} aria-label={`Block ${customer.email}`}>
                      Block
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
