import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';

/** The WalletScreen mark and name. Wrap it in a link where it leads home. */
export function BrandLogo({ size = 'md' }: { size?: 'sm' | 'md' }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size === 'sm' ? 28 : 32} radius="md" variant="filled" aria-hidden="true">
        <IconShieldCheck size={size === 'sm' ? 18 : 20} />
      </ThemeIcon>
      <Text component="span" fw={700} fz={size === 'sm' ? 'md' : 'lg'} c="var(--mantine-color-bright)">
        WalletScreen
      </Text>
    </Group>
  );
}
