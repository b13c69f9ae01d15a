import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

/** A screen's heading, with an optional line under it and actions on the right. */
export function PageHeader({ title, description, order = 2, actions }: { title: string; description?: ReactNode; order?: 1 | 2; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="lg">
      <Stack gap={4}>
        <Title order={order}>{title}</Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions}
    </Group>
  );
}
