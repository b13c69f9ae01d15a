import { lazy, Suspense, useEffect, useState } from 'react';
import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { NAV_LINKS } from '../content';
import classes from '../landing.module.css';
import { useSignedInArea } from '../use-signed-in-area';

/** The small screens' menu (a drawer, with its focus trap and scroll lock) is loaded when first opened. */
const LandingMenu = lazy(() => import('./landing-menu').then((m) => ({ default: m.LandingMenu })));

export function LandingHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
  if (opened && !menuWanted) setMenuWanted(true);
  const location = useLocation();
  // Someone signed in gets a link to their area, and Check Wallet goes straight to the checker.
  const area = useSignedInArea();
  const checkWallet = area?.checkWallet ?? '/auth';
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
            {NAV_LINKS.map(({ label, section }) => (
              <Anchor key={section} href={`#${section}`} c="var(--mantine-color-text)" fw={500} size="sm">
                {label}
              </Anchor>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {area ? (
              <Button component={Link} to={area.home} variant="default" visibleFrom="xs">
                {area.label}
              </Button>
            ) : null}
            {/* On a phone it is in the menu, and first thing under the header (the hero's). */}
            <Button component={Link} to={checkWallet} visibleFrom="xs">
              Check Wallet
            </Button>
            <Box visibleFrom="sm">
              <ColorSchemeToggle />
            </Box>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label={opened ? 'Close menu' : 'Open menu'} size="sm" />
          </Group>
        </Group>
      </Container>
      {menuWanted && (
        <Suspense fallback={null}>
          <LandingMenu opened={opened} onClose={close} area={area} checkWallet={checkWallet} />
        </Suspense>
      )}
    </Box>
  );
}
