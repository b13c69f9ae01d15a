import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight, IconCheck, IconEye, IconFolderOpen } from '@tabler/icons-react';
import { alertReasonText, networkNames, type Alert, type Verdict } from '@walletscreen/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { Link } from 'react-router';
import { CopyAddress } from '../../../components/copy-address';
import { AmlStatusBadge, RiskBadge } from '../../../components/risk-badge';

const statusColors = { open: 'red', acknowledged: 'orange', resolved: 'gray' } as const;
const triggerText = { schedule: 'Scheduled re-screen', 'list-change': 'List change', check: 'A check you ran' } as const;

function VerdictCell({ verdict }: { verdict: Verdict }) {
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={6} wrap="nowrap">
        <RiskBadge value={verdict.level} />
        {verdict.score !== null ? (
          <Text size="sm" className="ws-tabular">
            {verdict.score}
          </Text>
        ) : null}
      </Group>
      <AmlStatusBadge value={verdict.status} />
      <Text size="xs" c="dimmed" className="ws-tabular">
        {verdict.sanctionsHits.length} sanctions hit{verdict.sanctionsHits.length === 1 ? '' : 's'}
      </Text>
    </Stack>
  );
}

/** One alert: what changed (before → after), the evidence, a link to the check, and its actions. */
export function AlertCard({
  alert,
  onAcknowledge,
  onResolve,
  onOpenCase,
  acknowledging,
  openingCase,
}: {
  alert: Alert;
  onAcknowledge: () => void;
  onResolve: () => void;
  /** Opens the alert as a case (or goes to the case opened on it before). */
  onOpenCase: () => void;
  acknowledging: boolean;
  openingCase: boolean;
}) {
  const { evidence } = alert;
  return (
    <Paper p="md" withBorder data-testid="alert-item" data-alert-id={alert.id} data-status={alert.status}>
      <Stack gap="sm">
        {/* On a phone the actions go under the wallet rather than beside it. */}
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} miw={0} maw="100%">
            <Group gap="xs">
              <Badge color={statusColors[alert.status]} variant="light" data-testid="alert-status">
                {alert.status}
              </Badge>
              {alert.reasons.map((r) => (
                <Badge key={r} variant="default" tt="none">
                  {alertReasonText[r]}
                </Badge>
              ))}
            </Group>
            <CopyAddress address={alert.address} />
            <Text size="xs" c="dimmed">
              {networkNames[alert.network]}
              {alert.reference ? ` · reference ${alert.reference}` : ''} · raised {formatDateTime(alert.raised_at)} UTC · {triggerText[evidence.trigger]}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button size="xs" variant="default" leftSection={<IconFolderOpen size={14} aria-hidden="true" />} onClick={onOpenCase} loading={openingCase}>
              Open a case
            </Button>
            {alert.status === 'open' ? (
              <Button size="xs" variant="default" leftSection={<IconEye size={14} aria-hidden="true" />} onClick={onAcknowledge} loading={acknowledging}>
                Acknowledge
              </Button>
            ) : null}
            {alert.status !== 'resolved' ? (
              <Button size="xs" leftSection={<IconCheck size={14} aria-hidden="true" />} onClick={onResolve}>
                Resolve
              </Button>
            ) : null}
          </Group>
        </Group>

        <Group gap="lg" align="flex-start">
          <Stack gap={4}>
            <Text size="xs" fw={600} c="dimmed">
              Before
            </Text>
            <VerdictCell verdict={alert.before} />
          </Stack>
          <IconArrowRight size={18} aria-label="changed to" style={{ marginTop: 22 }} />
          <Stack gap={4}>
            <Text size="xs" fw={600} c="dimmed">
              After
            </Text>
            <VerdictCell verdict={alert.after} />
          </Stack>
        </Group>

        {evidence.newHits.length > 0 ? (
          <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" aria-label="New sanctions hits" data-testid="alert-new-hits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">New hit</Table.Th>
                <Table.Th scope="col">List</Table.Th>
                <Table.Th scope="col">Listed party or note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {evidence.newHits.map((h) => (
                <Table.Tr key={`${h.relation}|${h.address}|${h.list}|${h.entity}`}>
                  <Table.Td>
                    {h.relation === 'wallet' ? 'The wallet' : <CopyAddress address={h.address} shorten copyLabel="Copy counterparty address" />}
                  </Table.Td>
                  <Table.Td>{h.list}</Table.Td>
                  <Table.Td>
                    {h.entity || '—'}
                    {h.programs.length ? ` (${h.programs.join(', ')})` : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}

        <Text size="xs" c="dimmed">
          {evidence.lists.ofac
            ? `Screened against the OFAC SDN list published ${evidence.lists.ofac.publishedAt ?? 'on an unknown date'} (sha256 ${evidence.lists.ofac.sha256.slice(0, 12)}…)`
            : 'No OFAC list was loaded'}
          {evidence.lists.custom.length ? `, and ${evidence.lists.custom.map((l) => `${l.name} v${l.version}`).join(', ')}` : ''}.
          {evidence.listChange ? ` Re-screened because ${evidence.listChange.list} changed.` : ''}
          {evidence.reusedChainEvidenceOf ? ' The blockchain data of the previous check was reused: no blockchain call, no charge.' : ''}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to={`/dashboard/history?check=${alert.check_id}`} size="sm">
            Open the check
          </Anchor>
          <Anchor component={Link} to={`/dashboard/history?check=${alert.previous_check_id}`} size="sm">
            Open the previous check
          </Anchor>
        </Group>
        {alert.acknowledged_at ? (
          <Text size="xs" c="dimmed">
            Acknowledged {formatDateTime(alert.acknowledged_at)} UTC by {alert.acknowledged_by}
          </Text>
        ) : null}
        {alert.resolved_at ? (
          <Text size="sm" data-testid="alert-note">
            Resolved {formatDateTime(alert.resolved_at)} UTC by {alert.resolved_by}: {alert.note}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
