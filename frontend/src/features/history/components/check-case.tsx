import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import type { CheckCase } from '@walletscreen/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { navigateTo } from '../../../lib/navigation';
import { useOpenCase } from '../../../lib/open-case';
import { CaseStatusBadge, caseDecisionLabel } from '../../../components/case-status';
import { ErrorAlert } from '../../../components/error-alert';

/** Where a check's case opens, and whether the viewer may open one (an auditor may not). */
export interface CaseLinks {
  /** The case's page in this area (/dashboard/cases/:id or /admin/cases/:id). */
  casePath: (caseId: string) => string;
  canOpen: boolean;
}

/**
 * A check's case in its Details: its status, the decision with its reason, who decided and when,
 * who closed it (and who approved the close), and a link to it; without a case, a button that
 * opens one and goes to it. It goes through the app's navigator, not react-router's hooks, so the
 * Details need no router around them.
 */
export function CheckCaseSection({ checkId, value, links }: { checkId: string; value: CheckCase | null; links: CaseLinks }) {
  const open = useOpenCase();
  return (
    <Stack gap="xs" component="section" aria-labelledby="details-case-title" data-testid="details-case">
      <Group justify="space-between" gap="sm">
        <Title order={3} id="details-case-title" fz="md">
          Case
        </Title>
        {value ? (
          <Anchor
            href={links.casePath(value.id)}
            size="sm"
            onClick={(e) => {
              // A plain click stays in the app (the router); a modified one opens the link as the browser would.
              if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              e.preventDefault();
              navigateTo(links.casePath(value.id));
            }}
          >
            Open the case
          </Anchor>
        ) : links.canOpen ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFolderOpen size={14} aria-hidden="true" />}
            loading={open.isPending}
            onClick={() => open.mutate({ check_id: checkId }, { onSuccess: (opened) => navigateTo(links.casePath(opened.id)) })}
          >
            Open a case
          </Button>
        ) : null}
      </Group>
      {value ? (
        <Stack gap={4}>
          <Group gap="xs">
            <CaseStatusBadge status={value.status} testId="details-case-status" />
            {value.decision ? (
              <Text size="sm" fw={600} data-testid="details-case-decision">
                Decision: {caseDecisionLabel[value.decision]}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                No decision yet
              </Text>
            )}
          </Group>
          {value.decision ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {value.reason}
              <Text span size="xs" c="dimmed" display="block" data-testid="details-case-decided">
                Decided by {value.decided_by} on <span className="ws-tabular">{formatDateTime(value.decided_at)}</span> UTC
              </Text>
            </Text>
          ) : null}
          {value.closed_at ? (
            <Text size="xs" c="dimmed" data-testid="details-case-closed">
              Closed on <span className="ws-tabular">{formatDateTime(value.closed_at)}</span> UTC by {value.closed_by}
              {value.close_approved_by ? `, approved by ${value.close_approved_by}` : ''}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No case is open on this check.
        </Text>
      )}
      {open.isError ? <ErrorAlert>{open.error.message}</ErrorAlert> : null}
    </Stack>
  );
}
