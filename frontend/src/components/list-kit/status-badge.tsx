import { Badge, Tooltip } from '@mantine/core';

/** What a row's status badge shows: its word, its colour and, where there is more to say, a hint on hover. */
export interface StatusBadgeView {
  label: string;
  color: string;
  variant?: 'light' | 'outline';
  title?: string | null;
}

/** A row's status as a badge, with its hint in a tooltip when it has one. */
export function StatusBadge({ status, testId }: { status: StatusBadgeView; testId: string }) {
  const badge = (
    <Badge color={status.color} variant={status.variant ?? 'light'} data-testid={testId}>
      {status.label}
    </Badge>
  );
  return status.title ? (
    <Tooltip label={status.title}>
      <span>{badge}</span>
    </Tooltip>
  ) : (
    badge
  );
}
