import type { ComponentType, ReactNode } from 'react';
import { Center, Stack, Text } from '@mantine/core';

/** The icons of @tabler/icons-react, as the empty state draws them. */
export type EmptyIcon = ComponentType<{ size?: number | string; color?: string; 'aria-hidden'?: boolean | 'true' | 'false' }>;

export interface EmptyStateProps {
  title: ReactNode;
  /** A line under the title: why the list is empty, what fills it. */
  description?: ReactNode;
  icon?: EmptyIcon;
  /** A way out (a button or link), under the description. */
  action?: ReactNode;
  testId?: string;
  /** One dimmed line, for a small list inside a card. */
  compact?: boolean;
}

/** A list with nothing in it: what that means and, when there is one, what to do. */
export function EmptyState({ title, description, icon: Icon, action, testId, compact = false }: EmptyStateProps) {
  if (compact) {
    return (
      <Text c="dimmed" py="xs" data-testid={testId}>
        {title}
      </Text>
    );
  }
  return (
    <Center py="xl">
      <Stack align="center" gap={6} maw={460} ta="center" data-testid={testId}>
        {Icon ? <Icon size={28} aria-hidden="true" color="var(--mantine-color-dimmed)" /> : null}
        <Text fw={600}>{title}</Text>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {action ? (
          <Stack mt="xs" align="center">
            {action}
          </Stack>
        ) : null}
      </Stack>
    </Center>
  );
}
