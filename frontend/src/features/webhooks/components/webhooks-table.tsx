import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconListDetails, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type WebhookEndpoint } from '@walletscreen/contracts';
import { StatusBadge } from '../../../components/list-kit/status-badge';
import { formatDate } from '../../../lib/format-date';
import { endpointStatus, eventLabels } from '../webhook-display';

/** URL (and description), Events, Created, Status, and the delivery log and Delete. */
export function WebhooksTable({ endpoints, onDelete }: { endpoints: WebhookEndpoint[]; onDelete: (endpoint: WebhookEndpoint) => void }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Webhook endpoints">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Endpoint</Table.Th>
            <Table.Th scope="col">Events</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {endpoints.map((endpoint) => (
            <Table.Tr key={endpoint.id} data-testid="webhook-row" data-webhook-id={endpoint.id}>
              <Table.Td maw={420}>
                <Text size="sm" className="ws-mono" truncate="end" title={endpoint.url}>
                  {endpoint.url}
                </Text>
                {endpoint.description ? (
                  <Text size="xs" c="dimmed" truncate="end" title={endpoint.description}>
                    {endpoint.description}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {endpoint.events.map((event) => (
                    <Badge key={event} variant="default" size="sm" tt="none">
                      {eventLabels[event]}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td className="ws-tabular" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(endpoint.created_at)}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={endpointStatus(endpoint)} testId="webhook-status" />
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end" gap="xs" wrap="nowrap">
                  <Button
                    component={Link}
                    to={`/dashboard/webhooks/${endpoint.id}`}
                    size="xs"
                    variant="default"
                    leftSection={<IconListDetails size={14} aria-hidden="true" />}
                    aria-label={`Delivery log of ${endpoint.url}`}
                  >
                    Delivery log
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden="true" />}
                    onClick={() => onDelete(endpoint)}
                    aria-label={`Delete ${endpoint.url}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
