import { Anchor, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CaseSummary } from '@walletscreen/contracts';
import { Link } from 'react-router';
import { CaseStatusBadge, caseDecisionLabel } from '../../../components/case-status';
import { CopyAddress } from '../../../components/copy-address';
import { RiskBadge } from '../../../components/risk-badge';
import { formatDate } from '../../../lib/format-date';
import type { CasesArea } from '../case-filters';

export const casePath = (area: CasesArea, id: string) => `${area === 'admin' ? '/admin' : '/dashboard'}/cases/${id}`;

function Risk({ c }: { c: CaseSummary }) {
  return (
    <Group gap={6} wrap="nowrap">
      <RiskBadge value={c.risk.level} />
      {c.risk.score !== null ? (
        <Text size="sm" className="ws-tabular">
          {c.risk.score}
        </Text>
      ) : null}
    </Group>
  );
}

function Decision({ c }: { c: CaseSummary }) {
  if (!c.decision)
    return (
      <Text size="sm" c="dimmed">
        None yet
      </Text>
    );
  return <Text size="sm">{caseDecisionLabel[c.decision.decision]}</Text>;
}

function Assignee({ c }: { c: CaseSummary }) {
  return c.assignee ? (
    <Text size="sm" truncate="end" title={c.assignee.email}>
      {c.assignee.email}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      Unassigned
    </Text>
  );
}

function OpenLink({ area, c }: { area: CasesArea; c: CaseSummary }) {
  return (
    <Anchor component={Link} to={casePath(area, c.id)} size="sm" aria-label={`Open the case of ${c.address}`}>
      Open
    </Anchor>
  );
}

/** The cases as a table from the medium breakpoint up: status, wallet, risk, (owner), assignee, decision, updated. */
export function CasesTable({ area, cases }: { area: CasesArea; cases: CaseSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={area === 'admin' ? 980 : 820}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Cases">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Wallet</Table.Th>
            <Table.Th scope="col">Risk</Table.Th>
            {area === 'admin' ? <Table.Th scope="col">Owner</Table.Th> : null}
            <Table.Th scope="col">Assignee</Table.Th>
            <Table.Th scope="col">Decision</Table.Th>
            <Table.Th scope="col">Updated</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Case</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cases.map((c) => (
            <Table.Tr key={c.id} data-testid="case-row" data-case-id={c.id}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <CaseStatusBadge status={c.status} />
                  {c.pending_close ? (
                    <Text size="xs" c="dimmed">
                      close pending
                    </Text>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td maw={220}>
                <CopyAddress address={c.address} shorten />
              </Table.Td>
              <Table.Td>
                <Risk c={c} />
              </Table.Td>
              {area === 'admin' ? (
                <Table.Td maw={220}>
                  <Text size="sm" truncate="end" title={c.owner_email}>
                    {c.owner_email}
                  </Text>
                </Table.Td>
              ) : null}
              <Table.Td maw={220}>
                <Assignee c={c} />
              </Table.Td>
              <Table.Td>
                <Decision c={c} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" className="ws-tabular" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(c.updated_at)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <OpenLink area={area} c={c} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The cases as cards below the medium breakpoint, so a phone never scrolls sideways. */
export function CasesCards({ area, cases }: { area: CasesArea; cases: CaseSummary[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Cases">
      {cases.map((c) => (
        <Paper component="li" key={c.id} withBorder p="sm" data-testid="case-card" data-case-id={c.id}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <CaseStatusBadge status={c.status} />
              <Text size="xs" c="dimmed" className="ws-tabular">
                Updated {formatDate(c.updated_at)}
              </Text>
            </Group>
            <CopyAddress address={c.address} shorten />
            <Risk c={c} />
            {area === 'admin' ? (
              <Text size="sm" truncate="end" title={c.owner_email}>
                Owner: {c.owner_email}
              </Text>
            ) : null}
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text size="sm" c="dimmed">
                Assignee:
              </Text>
              <Assignee c={c} />
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  Decision:
                </Text>
                <Decision c={c} />
              </Group>
              <OpenLink area={area} c={c} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
