import { Alert, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { CheckReplayResponse } from '@walletscreen/contracts';
import { replayVerdictView } from '../replay-display';

/** The replay's verdict, prominent: identical (with the score), differs (each field, recorded and replayed), or why it cannot be replayed. */
export function ReplayVerdict({ replay }: { replay: CheckReplayResponse }) {
  const view = replayVerdictView(replay);
  switch (view.kind) {
    case 'identical':
      return (
        <Alert
          color="teal"
          variant="light"
          role="status"
          icon={<IconCircleCheck size={20} aria-hidden="true" />}
          title={view.title}
          data-testid="replay-verdict"
          data-verdict="identical"
        >
          <Stack gap={6}>
            <Text size="sm">{view.detail}</Text>
            <Group gap="xl" wrap="wrap">
              <Text size="sm">
                Score{' '}
                <Text span fw={700} className="ws-tabular" data-testid="replay-score">
                  {view.score} / 100
                </Text>
              </Text>
              <Text size="sm">
                Level{' '}
                <Text span fw={700}>
                  {view.level}
                </Text>
              </Text>
              <Text size="sm">
                Status{' '}
                <Text span fw={700}>
                  {view.status}
                </Text>
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={320}>
              <Table aria-label="The recorded and the replayed verdict" verticalSpacing={4} withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Field</Table.Th>
                    <Table.Th ta="right">Recorded</Table.Th>
                    <Table.Th ta="right">Replayed</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {view.agreed.map((row) => (
                    <Table.Tr key={row.label}>
                      <Table.Td>{row.label}</Table.Td>
                      <Table.Td ta="right" className="ws-tabular">
                        {row.recorded}
                      </Table.Td>
                      <Table.Td ta="right" className="ws-tabular">
                        {row.replayed}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Alert>
      );
    case 'differs':
      return (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title={view.title}
          data-testid="replay-verdict"
          data-verdict="differs"
        >
          <Stack gap="sm">
            <Text size="sm">{view.detail}</Text>
            <Table.ScrollContainer minWidth={320}>
              <Table aria-label="Differences between the recorded and the replayed verdict" verticalSpacing={6} withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Field</Table.Th>
                    <Table.Th ta="right">Recorded</Table.Th>
                    <Table.Th ta="right">Replayed</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {view.differences.map((d) => (
                    <Table.Tr key={d.field} data-field={d.field}>
                      <Table.Td>
                        <Text size="sm">{d.label}</Text>
                        <Text size="xs" c="dimmed" className="ws-mono">
                          {d.field}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" className="ws-tabular" style={{ overflowWrap: 'anywhere' }}>
                        {d.recorded}
                      </Table.Td>
                      <Table.Td ta="right" className="ws-tabular" style={{ overflowWrap: 'anywhere' }}>
                        {d.replayed}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Alert>
      );
    case 'not-replayable':
      return (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          icon={<IconInfoCircle size={20} aria-hidden="true" />}
          title={`Not replayable: ${view.title}`}
          data-testid="replay-verdict"
          data-verdict="not-replayable"
        >
          <Text size="sm">{view.detail} No score is confirmed.</Text>
        </Alert>
      );
    default: {
      const _exhaustive: never = view;
      return _exhaustive;
    }
  }
}
