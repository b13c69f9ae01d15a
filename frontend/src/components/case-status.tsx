/** How a case's status and decision read and look, in a check's Details and on the Cases screens. */
import { Badge } from '@mantine/core';
import type { CaseDecision, CaseStatus } from '@walletscreen/contracts';

const statusColor: Record<CaseStatus, string> = { open: 'blue', escalated: 'orange', closed: 'gray' };
export const caseStatusLabel: Record<CaseStatus, string> = { open: 'Open', escalated: 'Escalated', closed: 'Closed' };
export const caseDecisionLabel: Record<CaseDecision, string> = { approve: 'Approve', reject: 'Reject', report: 'Report' };

export function CaseStatusBadge({ status, testId }: { status: CaseStatus; testId?: string }) {
  return (
    <Badge color={statusColor[status]} variant="light" data-testid={testId} data-status={status}>
      {caseStatusLabel[status]}
    </Badge>
  );
}
