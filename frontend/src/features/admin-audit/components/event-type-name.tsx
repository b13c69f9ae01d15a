import { Stack, Text } from '@mantine/core';
import { auditEventName } from '@walletscreen/contracts';

/** An event's human name ("Role changed") over its recorded type (`UserRoleChanged`), smaller and in monospace. */
export function EventTypeName({ type }: { type: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{auditEventName(type)}</Text>
      <Text size="xs" c="dimmed" className="ws-mono" data-testid="event-type">
        {type}
      </Text>
    </Stack>
  );
}
