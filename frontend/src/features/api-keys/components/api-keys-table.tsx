import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import { type ApiKey } from '@walletscreen/contracts';
import { StatusBadge } from '../../../components/list-kit/status-badge';
import { formatDate } from '../../../lib/format-date';
import { expiresText, lastUsedText, NEVER, scopeLabels, statusBadge } from '../api-key-display';

/** Name, Prefix, Scopes, Created, Last used, Expires, Status, and Revoke for the keys working or suspended. */
export function ApiKeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="API keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Prefix</Table.Th>
            <Table.Th scope="col">Scopes</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Last used (UTC)</Table.Th>
            <Table.Th scope="col">Expires</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => {
            const lastUsed = lastUsedText(key);
            const expires = expiresText(key);
            return (
              <Table.Tr key={key.id} data-testid="api-key-row" data-key-id={key.id} data-status={key.status}>
                <Table.Td maw={240}>
                  <Text size="sm" fw={500} truncate="end" title={key.name}>
                    {key.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text component="span" className="ws-mono" style={{ whiteSpace: 'nowrap' }} title="The start of the key; the rest is never shown again">
                    {key.prefix}…
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {key.scopes.map((scope) => (
                      <Badge key={scope} variant="default" size="sm" tt="none">
                        {scopeLabels[scope]}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td className="ws-tabular" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(key.created_at)}
                </Table.Td>
                <Table.Td className="ws-tabular" style={{ whiteSpace: 'nowrap' }} c={lastUsed === NEVER ? 'dimmed' : undefined} data-testid="api-key-last-used">
                  {lastUsed}
                </Table.Td>
                <Table.Td className="ws-tabular" style={{ whiteSpace: 'nowrap' }} c={expires === NEVER ? 'dimmed' : undefined}>
                  {expires}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={statusBadge(key)} testId="api-key-status" />
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end" wrap="nowrap">
                    {key.status === 'active' || key.status === 'suspended' ? (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        leftSection={<IconKeyOff size={14} aria-hidden="true" />}
                        onClick={() => onRevoke(key)}
                        aria-label={`Revoke ${key.name}`}
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
