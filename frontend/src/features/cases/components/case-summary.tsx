import type { ReactNode } from 'react';
import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { networkNames, type CaseDetail } from '@walletscreen/contracts';
import { Link } from 'react-router';
import { CaseStatusBadge, caseDecisionLabel } from '../../../components/case-status';
import { CopyAddress } from '../../../components/copy-address';
import { AmlStatusBadge, RiskBadge } from '../../../components/risk-badge';
import { formatDateTime } from '../../../lib/format-date';
import type { CasesArea } from '../case-filters';

function Field({ label, children, wide = false, testId }: { label: string; children: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <Stack gap={2} style={wide ? { gridColumn: '1 / -1' } : undefined} data-testid={testId}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

const when = (at: string) => <span className="ws-tabular">{formatDateTime(at)} UTC</span>;

/** The case at a glance: status, wallet, the check's verdict when opened, owner, assignee, decision, escalation, who opened it. */
export function CaseSummary({ area, value }: { area: CasesArea; value: CaseDetail }) {
  return (
    <Paper p="md" component="section" aria-label="Summary">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm" m={0}>
        <Field label="Status" testId="case-status">
          <CaseStatusBadge status={value.status} />
        </Field>
        <Field label="Wallet" wide>
          <CopyAddress address={value.address} copyLabel="Copy wallet address" />
          <Text span size="xs" c="dimmed">
            {networkNames[value.network]}
          </Text>
        </Field>
        <Field label="Risk when opened">
          <RiskBadge value={value.risk.level} /> {value.risk.score !== null ? <span className="ws-tabular">{value.risk.score} / 100</span> : null}
        </Field>
        <Field label="AML status">
          <AmlStatusBadge value={value.risk.aml_status} />
        </Field>
        <Field label="Opened on">
          {value.subject.kind === 'alert' ? 'An alert' : 'A check'}
          {area === 'user' ? (
            <>
              {' · '}
              <Anchor component={Link} to={`/dashboard/history?check=${value.subject.check_id}`} size="sm">
                Open the check
              </Anchor>
            </>
          ) : (
            <Text span size="xs" c="dimmed" className="ws-mono">
              {' '}
              {value.subject.check_id}
            </Text>
          )}
        </Field>
        {area === 'admin' ? <Field label="Owner">{value.owner_email}</Field> : null}
        <Field label="Assignee" testId="case-assignee">
          {value.assignee ? value.assignee.email : 'Unassigned'}
        </Field>
        <Field label="Opened">
          {when(value.opened_at)} by {value.opened_by.email}
        </Field>
        <Field label="Decision" wide testId="case-decision">
          {value.decision ? (
            <>
              <Text span fw={600} size="sm">
                {caseDecisionLabel[value.decision.decision]}
              </Text>
              : {value.decision.reason}
              <Text span size="xs" c="dimmed" display="block">
                Decided by {value.decision.by.email} on {when(value.decision.at)}
              </Text>
            </>
          ) : (
            'No decision yet'
          )}
        </Field>
        {value.escalation ? (
          <Field label="Escalated" wide>
            {value.escalation.reason}
            <Text span size="xs" c="dimmed" display="block">
              By {value.escalation.by.email} on {when(value.escalation.at)}
            </Text>
          </Field>
        ) : null}
      </SimpleGrid>
    </Paper>
  );
}
