import type { ReactNode } from 'react';
import { Alert, Badge, Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { StreamView } from '@walletscreen/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { readUserState, type UserStateView } from '../user-state';

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={2} align="flex-end">
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text component="dd" m={0} fz="xl" fw={700} className="ws-tabular" data-testid={testId}>
        {value.toLocaleString('en-US')}
      </Text>
    </Stack>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** A user's state as of the position: balance (bonus, purchased, remaining), role and block. */
function UserState({ user }: { user: UserStateView }) {
  if (!user.registered) {
    return (
      <Text size="sm" c="dimmed" data-testid="user-not-registered">
        Not registered yet at this position.
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="user-state">
      <Text size="sm" fw={600}>
        Balance (checks)
      </Text>
      <SimpleGrid component="dl" cols={3} spacing="md" m={0} mt={-8}>
        <Figure label="Bonus" value={user.bonus_checks} testId="balance-bonus" />
        <Figure label="Purchased" value={user.purchased_checks} testId="balance-purchased" />
        <Figure label="Remaining" value={user.remaining_checks} testId="balance-remaining" />
      </SimpleGrid>
      <Stack gap={4}>
        <Line label="E-mail">{user.email}</Line>
        <Line label="Role">
          <Badge variant="light" color="gray" tt="none">
            {user.role}
          </Badge>
        </Line>
        <Line label="Blocked">
          <span data-testid="user-blocked">{user.blocked ? 'Yes' : 'No'}</span>
        </Line>
        {user.registered_at ? <Line label="Registered">{formatDateTime(user.registered_at)} UTC</Line> : null}
      </Stack>
    </Stack>
  );
}

function JsonState({ state, label }: { state: unknown; label: string }) {
  return (
    <Code block tabIndex={0} aria-label={label} style={{ maxHeight: '60vh', overflow: 'auto', maxWidth: '100%' }}>
      {JSON.stringify(state, null, 2)}
    </Code>
  );
}

/** The folded state as of the position: a readable card for users, formatted JSON for the other kinds, or why there is none. */
export function StreamState({ view }: { view: StreamView }) {
  if (!view.folds || view.state === null) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />} title="No folded state" data-testid="no-fold">
        {view.note ?? 'This stream has no state to fold: its events are listed below.'}
      </Alert>
    );
  }
  const user = view.kind === 'user' ? readUserState(view.state) : null;
  return (
    <Paper withBorder p="md">
      {user ? (
        <Stack gap="md">
          <UserState user={user} />
          <details>
            <summary>
              <Text span size="sm">
                The full state as JSON
              </Text>
            </summary>
            <JsonState state={view.state} label="The user's state as JSON" />
          </details>
        </Stack>
      ) : (
        <JsonState state={view.state} label={`The ${view.kind ?? 'stream'}'s state as JSON`} />
      )}
    </Paper>
  );
}
