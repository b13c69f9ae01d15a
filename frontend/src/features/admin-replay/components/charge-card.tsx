import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CheckCharge } from '@walletscreen/contracts';
import { formatDateTime } from '../../../lib/format-date';

const BADGES: Record<CheckCharge['status'], { label: string; color: string }> = {
  charged: { label: 'Charged', color: 'gray' },
  refunded: { label: 'Refunded', color: 'teal' },
  free: { label: 'Free', color: 'gray' },
  'not-charged': { label: 'No charge recorded', color: 'gray' },
};

/** Which balance paid: bonus checks (the free ones and top-ups) or purchased ones. */
const paidWith = (source: CheckCharge['source']) => (source === 'purchased' ? 'purchased check' : 'bonus check');

function Explanation({ charge }: { charge: CheckCharge }) {
  switch (charge.status) {
    case 'charged':
      return <>The customer paid one {paidWith(charge.source)} for it, and it was not refunded.</>;
    case 'refunded':
      return (
        <>
          The {paidWith(charge.source)} went back to the customer on {formatDateTime(charge.refunded_at)} UTC,{' '}
          {charge.refunded_by ? `by ${charge.refunded_by}` : 'by the server'}
          {charge.refund_reason ? `: ${charge.refund_reason}` : '.'}
        </>
      );
    case 'free':
      return <>A re-screen after a list change: nothing was charged.</>;
    case 'not-charged':
      return <>No charge of this check is recorded on its customer&apos;s stream.</>;
    default: {
      const _exhaustive: never = charge.status;
      return _exhaustive;
    }
  }
}

/** What the check cost its customer (from their own stream), and the admin's refund when it can be refunded. */
export function ChargeCard({ charge, action }: { charge: CheckCharge; action?: ReactNode }) {
  const badge = BADGES[charge.status];
  return (
    <Paper p="md" component="section" aria-labelledby="charge-title">
      <Group justify="space-between" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Title order={2} fz="lg" id="charge-title">
              Charge
            </Title>
            <Badge variant="light" color={badge.color} data-testid="charge-status">
              {badge.label}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <Explanation charge={charge} />
          </Text>
        </Stack>
        {action}
      </Group>
    </Paper>
  );
}
