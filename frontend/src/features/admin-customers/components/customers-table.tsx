import { Anchor, Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconKey, IconLock, IconLockOpen, IconPlus } from '@tabler/icons-react';
import { type Customer } from '@walletscreen/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { apiKeysText, type CustomerActionKind } from './confirm-action-modal';
import { RoleBadge } from './role-badge';

type OnAction = (kind: CustomerActionKind, customer: Customer) => void;

/** The customer's event stream in the stream browser (their balance at any position). */
function StreamLink({ customer }: { customer: Customer }) {
  return (
    <Anchor component={Link} to={`/admin/streams/${encodeURIComponent(`user-${customer.id}`)}`} size="xs" aria-label={`Event stream of ${customer.email}`}>
      Event stream
    </Anchor>
  );
}

/**
 * Top Up (not for auditors, who run no checks), Block or Unblock by role (an admin is neither), and
 * Re-enable keys for an unblocked customer whose API keys a block suspended. None for a read-only viewer.
 */
function CustomerActions({ customer, onAction, justify = 'flex-end' }: { customer: Customer; onAction: OnAction | null; justify?: 'flex-end' | 'flex-start' }) {
  if (!onAction) return null;
  return (
    <Group gap="xs" justify={justify} wrap="nowrap">
      {customer.suspended_api_keys > 0 && customer.role !== 'blocked' ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconKey size={14} aria-hidden="true" />}
          onClick={() => onAction('reenable', customer)}
          aria-label={`Re-enable the ${apiKeysText(customer.suspended_api_keys)} of ${customer.email}`}
          title={`${apiKeysText(customer.suspended_api_keys)} suspended by a block`}
        >
          Re-enable keys ({customer.suspended_api_keys})
        </Button>
      ) : null}
      {customer.role === 'auditor' ? null : (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => onAction('topup', customer)}
          aria-label={`Top up ${customer.email}`}
        >
          Top Up
        </Button>
      )}
      {customer.role === 'blocked' ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconLockOpen size={14} aria-hidden="true" />}
          onClick={() => onAction('unblock', customer)}
          aria-label={`Unblock ${customer.email}`}
        >
          Unblock
        </Button>
      ) : customer.role === 'user' || customer.role === 'auditor' ? (
        <Button
          size="xs"
          variant="default"
          color="red"
          leftSection={<IconLock size={14} aria-hidden="true" />}
          onClick={() => onAction('block', customer)}
          aria-label={`Block ${customer.email}`}
        >
          Block
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * The customers: a table from the small breakpoint (576 px) up, one card per customer below it, so
 * on a phone the actions are on screen rather than at the end of a table scrolled sideways.
 */
export function CustomersList({ customers, onAction }: { customers: Customer[]; onAction: OnAction | null }) {
  return (
    <>
      <Box visibleFrom="sm">
        <CustomersTable customers={customers} onAction={onAction} />
      </Box>
      <Box hiddenFrom="sm">
        <CustomersCards customers={customers} onAction={onAction} />
      </Box>
    </>
  );
}

/** One card per customer: e-mail (wrapped anywhere), role, checks left, registered, the actions. */
function CustomersCards({ customers, onAction }: { customers: Customer[]; onAction: OnAction | null }) {
  return (
    <Stack gap="sm" component="ul" aria-label="Customers" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {customers.map((customer) => (
        <Paper component="li" p="sm" key={customer.id} data-testid="customer-card" data-email={customer.email}>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {customer.email}
                </Text>
                <StreamLink customer={customer} />
              </Stack>
              <RoleBadge role={customer.role} />
            </Group>
            <Text size="sm" c="dimmed">
              <Text span inherit fw={700} c="var(--mantine-color-text)" className="ws-tabular">
                {customer.remaining_checks}
              </Text>{' '}
              checks left · registered {formatDate(customer.created_at)}
            </Text>
            <CustomerActions customer={customer} onAction={onAction} justify="flex-start" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Email, Role, Checks left (right-aligned), Registered (dd.MM.yyyy), Actions (Top Up; Block or Unblock by role). */
function CustomersTable({ customers, onAction }: { customers: Customer[]; onAction: OnAction | null }) {
  return (
    <Table.ScrollContainer minWidth={640}>
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
            {onAction ? (
              <Table.Th scope="col" ta="right">
                Actions
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((customer) => (
            <Table.Tr key={customer.id} data-testid="customer-row" data-email={customer.email}>
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {customer.email}
                </Text>
                <StreamLink customer={customer} />
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
              {onAction ? (
                <Table.Td>
                  <CustomerActions customer={customer} onAction={onAction} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
