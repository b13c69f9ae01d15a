import { Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEyeOff, IconPencil } from '@tabler/icons-react';
import { networkNames, type Watch } from '@walletscreen/contracts';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { Link } from 'react-router';
import { CopyAddress } from '../../../components/copy-address';
import { AmlStatusBadge, RiskBadge } from '../../../components/risk-badge';
import { intervalText } from '../interval';

function NextRescreen({ watch }: { watch: Watch }) {
  if (watch.pending_check_id) return <Badge variant="light">Re-screening…</Badge>;
  return (
    <Stack gap={2}>
      <Text size="sm" className="ws-tabular" style={{ whiteSpace: 'nowrap' }}>
        {watch.next_rescreen_at ? formatDateTime(watch.next_rescreen_at) : '—'}
      </Text>
      {watch.skipped ? (
        <Tooltip label={watch.skipped.reason} multiline w={280}>
          <Badge color="orange" variant="light" data-testid="watch-skipped" tt="none">
            Skipped {formatDate(watch.skipped.slot)}: {watch.skipped.reason}
          </Badge>
        </Tooltip>
      ) : null}
    </Stack>
  );
}

/** Wallet, reference and tags, interval, last screened and verdict, next re-screen (or why the last one was skipped), open alerts, actions. */
export function WatchlistTable({ watches, onEdit, onUnwatch }: { watches: Watch[]; onEdit: (watch: Watch) => void; onUnwatch: (watch: Watch) => void }) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Watched wallets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Wallet</Table.Th>
            <Table.Th scope="col">Reference and tags</Table.Th>
            <Table.Th scope="col">Re-screen</Table.Th>
            <Table.Th scope="col">Last screened (UTC)</Table.Th>
            <Table.Th scope="col">Last verdict</Table.Th>
            <Table.Th scope="col">Next re-screen (UTC)</Table.Th>
            <Table.Th scope="col" ta="right">
              Open alerts
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {watches.map((w) => (
            <Table.Tr key={w.id} data-testid="watch-row" data-watch-id={w.id}>
              <Table.Td maw={260}>
                <CopyAddress address={w.address} shorten />
                <Text size="xs" c="dimmed">
                  {networkNames[w.network]}
                </Text>
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" truncate="end" title={w.reference ?? undefined} c={w.reference ? undefined : 'dimmed'}>
                  {w.reference ?? 'No reference'}
                </Text>
                <Group gap={4} mt={2}>
                  {w.tags.map((t) => (
                    <Badge key={t} size="xs" variant="default" tt="none">
                      {t}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{intervalText(w.interval_hours)}</Table.Td>
              <Table.Td className="ws-tabular" style={{ whiteSpace: 'nowrap' }}>
                {w.last_screened_at ? (
                  formatDateTime(w.last_screened_at)
                ) : (
                  <Text c="dimmed" span size="sm">
                    Not yet
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {w.last_level ? (
                  <Stack gap={4} align="flex-start">
                    <Group gap={6} wrap="nowrap">
                      <RiskBadge value={w.last_level} />
                      {w.last_score !== null ? (
                        <Text size="sm" className="ws-tabular">
                          {w.last_score}
                        </Text>
                      ) : null}
                    </Group>
                    <AmlStatusBadge value={w.last_status} />
                  </Stack>
                ) : (
                  <Text c="dimmed" size="sm">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <NextRescreen watch={w} />
              </Table.Td>
              <Table.Td ta="right" className="ws-tabular">
                {w.open_alerts > 0 ? (
                  <Badge color="red" variant="light" component={Link} to="/dashboard/alerts" style={{ cursor: 'pointer' }}>
                    {w.open_alerts}
                  </Badge>
                ) : (
                  0
                )}
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end" gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconPencil size={14} aria-hidden="true" />}
                    onClick={() => onEdit(w)}
                    aria-label={`Edit ${w.address}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconEyeOff size={14} aria-hidden="true" />}
                    onClick={() => onUnwatch(w)}
                    aria-label={`Unwatch ${w.address}`}
                  >
                    Unwatch
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
