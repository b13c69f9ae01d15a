import { Anchor, Button, Divider, Drawer, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import type { SignedInArea } from '../../../lib/session';
import { NAV_LINKS } from '../content';

/** The header's links in a drawer, for screens too narrow to show them in the header. */
export function LandingMenu({ opened, onClose, area, checkWallet }: { opened: boolean; onClose: () => void; area: SignedInArea | null; checkWallet: string }) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" size="xs" position="right" padding="md">
      <Stack gap="xs" component="nav" aria-label="Main">
        {NAV_LINKS.map(({ label, section }) => (
          <Anchor key={section} href={`#${section}`} onClick={onClose} py={6} c="var(--mantine-color-text)" fw={500}>
            {label}
          </Anchor>
        ))}
        <Divider my="xs" />
        <Button component={Link} to={checkWallet} onClick={onClose}>
          Check Wallet
        </Button>
        <Group justify="space-between" mt="sm">
          {area ? (
            <Anchor component={Link} to={area.home} size="sm">
              {area.label}
            </Anchor>
          ) : (
            <Anchor component={Link} to="/login" size="sm">
              Sign in
            </Anchor>
          )}
          <ColorSchemeToggle />
        </Group>
      </Stack>
    </Drawer>
  );
}
