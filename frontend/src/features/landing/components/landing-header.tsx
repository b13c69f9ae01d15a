import { useEffect } from 'react';
import { Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import classes from '../landing.module.css';

/** The header links have empty targets (spec §2): they stay on the page. */
const NAV_LINKS = ['How It Works', 'Partners', 'Try It Now'] as const;

export function LandingHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  // The menu closes whenever the location changes.
  useEffect(() => close(), [location.key, close]);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" aria-label="WalletScreen home">
            <BrandLogo />
          </Anchor>
          <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Main">
            {NAV_LINKS.map((label) => (
              <Anchor key={label} href="#" c="var(--mantine-color-text)" fw={500} size="sm">
                {label}
              </Anchor>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to="/auth">
              Check Wallet
            </Button>
            <Box visibleFrom="sm">
              <ColorSchemeToggle />
            </Box>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label={opened ? 'Close menu' : 'Open menu'} size="sm" />
          </Group>
        </Group>
      </Container>
      <Drawer opened={opened} onClose={close} title="Menu" size="xs" position="right" padding="md">
        <Stack gap="xs" component="nav" aria-label="Main">
          {NAV_LINKS.map((label) => (
            <Anchor key={label} href="#" onClick={close} py={6} c="var(--mantine-color-text)" fw={500}>
              {label}
            </Anchor>
          ))}
          <Divider my="xs" />
          <Button component={Link} to="/auth" onClick={close}>
            Check Wallet
          </Button>
          <Group justify="space-between" mt="sm">
            <Anchor component={Link} to="/login" size="sm">
              Sign in
            </Anchor>
            <ColorSchemeToggle />
          </Group>
        </Stack>
      </Drawer>
    </Box>
  );
}
