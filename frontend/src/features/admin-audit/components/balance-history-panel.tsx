import { LineChart } from '@mantine/charts';
import { Alert, CloseButton, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/format-date';
import { useBalanceHistory } from '../api/get-balance-history';
import { EventTypeName } from './event-type-name';

/** A customer's balance over time: each change, folded from their event stream, with the balance after it. */
export function BalanceHistoryPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const history = useBalanceHistory(userId);
  const entries = history.data?.entries ?? [];
  const data = entries.map((e) => ({ when: formatDateTime(e.at), 'Checks left': e.remaining_checks }));
  return (
    <Paper p="md" aria-label="Balance history">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Balance history{history.data?.email ? `: ${history.data.email}` : ''}</Title>
          <CloseButton aria-label="Close balance history" onClick={onClose} />
        </Group>
        {history.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Loading balance history...</Text>
          </Group>
        ) : history.isError ? (
          <Alert color="red" variant="light" role="alert" title="Could not load the balance history">
            {history.error.message}
          </Alert>
        ) : entries.length === 0 ? (
          <Text c="dimmed">No balance change recorded.</Text>
        ) : (
          <>
            {entries.length > 1 ? (
              <div role="img" aria-label={`Checks left over time, from ${entries[0]!.remaining_checks} to ${entries[entries.length - 1]!.remaining_checks}`}>
                <LineChart h={180} data={data} dataKey="when" series={[{ name: 'Checks left', color: 'accent.6' }]} curveType="stepAfter" gridAxis="y" />
              </div>
            ) : null}
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing={4} aria-label="Balance changes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When (UTC)</Table.Th>
                    <Table.Th>Event</Table.Th>
                    <Table.Th ta="right">Change</Table.Th>
                    <Table.Th ta="right">Bonus</Table.Th>
                    <Table.Th ta="right">Purchased</Table.Th>
                    <Table.Th ta="right">Checks left</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((e) => (
                    <Table.Tr key={e.position}>
                      <Table.Td className="ws-tabular">{formatDateTime(e.at)}</Table.Td>
                      <Table.Td>
                        <EventTypeName type={e.type} />
                      </Table.Td>
                      <Table.Td ta="right" className="ws-tabular">
                        {e.delta > 0 ? `+${e.delta}` : e.delta}
                      </Table.Td>
                      <Table.Td ta="right" className="ws-tabular">
                        {e.bonus_checks}
                      </Table.Td>
                      <Table.Td ta="right" className="ws-tabular">
                        {e.purchased_checks}
                      </Table.Td>
                      <Table.Td ta="right" className="ws-tabular" fw={600}>
                        {e.remaining_checks}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}
