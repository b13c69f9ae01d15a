import { Table, Text } from '@mantine/core';
import { formatDate, type Customer } from '@walletscreen/contracts';
import { RoleBadge } from './role-badge';

/** Email, Role, Checks left (right-aligned), Registered (dd.MM.yyyy). */
export function CustomersTable({ customers }: { customers: Customer[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
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
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((customer) => (
            <Table.Tr key={customer.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {customer.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <RoleBadge role={customer.role} />
              </Table.Td>
              <Table.Td ta="right" className="ws-tabular">
                {customer.remaining_checks}
              </Table.Td>
              <Table.Td ta="right" className="ws-tabular">
                {formatDate(customer.created_at)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
