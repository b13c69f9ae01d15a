import { Center, Group, Loader, Text, type MantineSpacing } from '@mantine/core';

/** A list (or anything loaded) on its way: a spinner and what is loading, announced politely. */
export function LoadingState({ label, py = 'xl' }: { label: string; py?: MantineSpacing }) {
  return (
    <Center py={py} role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}
