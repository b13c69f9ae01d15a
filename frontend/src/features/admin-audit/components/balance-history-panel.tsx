import { LineChart } from '@mantine/charts';
import { CloseButton, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { QueryStates } from '../../../components/list-kit/query-states';
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
        <QueryStates
          query={history}
          loading="Loading balance history..."
          errorTitle="Could not load the balance history"
          isEmpty={(found) => found.entries.length === 0}
          empty={<EmptyState title="No balance change recorded." compact />}
          py="md"
        >
          {() => (
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
        </QueryStates>
      </Stack>
    </Paper>
  );
}
