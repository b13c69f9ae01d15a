import { useEffect, useMemo } from 'react';
import { Anchor, AppShell, Avatar, Badge, Burger, Button, Divider, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconBell,
  IconCreditCard,
  IconEye,
  IconFiles,
  IconFolders,
  IconHistory,
  IconKey,
  IconLogout,
  IconShieldSearch,
  IconUserCircle,
  IconWebhook,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { EmailConfirmationNotice } from '../../components/email-confirmation-notice';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useProfile } from '../../lib/get-profile';
import { useOpenAlertsCount } from '../../lib/get-open-alerts';
import { authToken, useLogout } from '../../lib/session';
import { useBalanceRefresh, useSignOutWhenBlocked } from '../../lib/sign-out-when-blocked';
import { useLiveConnection } from '../../lib/socket';
import { SideNav, type NavItem } from './side-nav';
import { useGo } from '../../lib/navigate';

export const DASHBOARD_NAV: readonly NavItem[] = [
  { label: 'Check Wallet', to: '/dashboard/wallet-checker', icon: IconShieldSearch },
  { label: 'History', to: '/dashboard/history', icon: IconHistory },
  { label: 'Watchlist', to: '/dashboard/watchlist', icon: IconEye },
  { label: 'Alerts', to: '/dashboard/alerts', icon: IconBell },
  { label: 'Cases', to: '/dashboard/cases', icon: IconFolders },
  { label: 'Top Up Balance', to: '/dashboard/top-up', icon: IconCreditCard },
  { label: 'Batch screening', to: '/dashboard/batch', icon: IconFiles },
  { label: 'API keys', to: '/dashboard/api-keys', icon: IconKey },
  { label: 'Webhooks', to: '/dashboard/webhooks', icon: IconWebhook },
  { label: 'Account', to: '/dashboard/account', icon: IconUserCircle },
];

/** The navigation with the number of open alerts beside "Alerts". */
function useDashboardNav(): readonly NavItem[] {
  const open = useOpenAlertsCount().data ?? 0;
  return useMemo(
    () =>
      DASHBOARD_NAV.map((item) =>
        item.to === '/dashboard/alerts' && open > 0
          ? {
              ...item,
              badge: (
                <Badge
                  size="sm"
                  color="red"
                  variant="filled"
                  className="ws-tabular"
                  aria-label={`${open} open alert${open === 1 ? '' : 's'}`}
                  data-testid="open-alerts-count"
                >
                  {open}
                </Badge>
              ),
            }
          : item,
      ),
    [open],
  );
}

/** Where the sidebar and the header's account controls appear: Mantine's md, 62em (992 px). */
export const NAV_BREAKPOINT = 'md';

const TOP_UP_PATH = '/dashboard/top-up';

const readToken = () => authToken(window.localStorage);

/** The Premium Checks count (profile.checks_left); a spinner while the profile loads. */
function PremiumChecks() {
  const profile = useProfile();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">
        Premium Checks
      </Text>
      {profile.isPending && profile.fetchStatus !== 'idle' ? (
        <Loader size={14} aria-label="Loading balance" />
      ) : (
        <Text span fw={700} className="ws-tabular" data-testid="premium-checks">
          {profile.data?.checks_left ?? 0}
        </Text>
      )}
    </Group>
  );
}

function UserBadge() {
  const profile = useProfile();
  const email = profile.data?.email || 'No email';
  return (
    <Group gap={8} wrap="nowrap" miw={0}>
      <Avatar size={32} radius="xl" name={profile.data?.username || profile.data?.email} color="accent" alt="Account avatar" />
      <Text size="sm" fw={500} truncate="end" maw={{ base: 160, lg: 240 }} title={email}>
        {email}
      </Text>
    </Group>
  );
}

/**
 * The drawer's footer: balance, the bonus part of it (only when positive), Top Up Balance and
 * Logout. checks_left already counts the bonus checks, so the bonus reads as part of the total
 * ("26, of which 16 bonus"), not as a second balance to add.
 */
function DrawerFooter({ onTopUp, onLogout }: { onTopUp: () => void; onLogout: () => void }) {
  const profile = useProfile();
  const bonus = profile.data?.bonus_checks ?? 0;
  return (
    <Stack gap="sm">
      <Divider />
      <UserBadge />
      <Stack gap={2}>
        <PremiumChecks />
        {bonus > 0 ? (
          <Text size="xs" c="dimmed">
            of which{' '}
            <Text span inherit fw={700} className="ws-tabular" data-testid="bonus-checks">
              {bonus}
            </Text>{' '}
            {bonus === 1 ? 'is a free bonus check' : 'are free bonus checks'}
          </Text>
        ) : null}
      </Stack>
      <Button leftSection={<IconCreditCard size={16} aria-hidden="true" />} onClick={onTopUp}>
        Top Up Balance
      </Button>
      <Button variant="default" leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={onLogout}>
        Logout
      </Button>
    </Stack>
  );
}

/**
 * The signed-in user's frame: a sidebar from the medium breakpoint (992 px, the admin frame's too)
 * up, below it a slide-in drawer (closes on navigation and outside clicks, locks page scroll). At
 * xl (1408 px) a 1366-px laptop saw only a hamburger, without balance, e-mail or Logout. Rendered
 * only inside the user session guard.
 */
export function DashboardLayout() {
  const navigate = useGo();
  const location = useLocation();
  const [drawerOpened, { open: openDrawer, close: closeDrawer }] = useDisclosure(false);
  const nav = useDashboardNav();
  const logout = useLogout('user', navigate);
  const goToTopUp = () => navigate(TOP_UP_PATH);
  // The live connection (check progress) opens with the signed-in dashboard and closes on logout.
  useLiveConnection(readToken);
  useSignOutWhenBlocked(navigate);
  useBalanceRefresh();

  // The drawer closes on every route change.
  useEffect(() => closeDrawer(), [location.pathname, closeDrawer]);

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 260, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: true } }} padding={{ base: 'md', sm: 'lg' }}>
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="md" wrap="nowrap">
            <Burger opened={drawerOpened} onClick={openDrawer} hiddenFrom={NAV_BREAKPOINT} size="sm" aria-label="Open navigation" />
            <Anchor component={Link} to="/" underline="never" aria-label="WalletScreen home">
              <BrandLogo />
            </Anchor>
            <Anchor component={Link} to="/dashboard" size="sm" visibleFrom="lg" ml="md">
              <Group gap={4} wrap="nowrap">
                <IconArrowLeft size={16} aria-hidden="true" />
                Back to Main Page
              </Group>
            </Anchor>
          </Group>
          <Group gap="md" wrap="nowrap" visibleFrom={NAV_BREAKPOINT}>
            <Group gap="sm" wrap="nowrap">
              <PremiumChecks />
              <Button size="xs" leftSection={<IconCreditCard size={14} aria-hidden="true" />} onClick={goToTopUp}>
                Top Up Balance
              </Button>
            </Group>
            <UserBadge />
            <ColorSchemeToggle />
            <Button variant="default" size="xs" leftSection={<IconLogout size={14} aria-hidden="true" />} onClick={logout}>
              Logout
            </Button>
          </Group>
          <Group hiddenFrom={NAV_BREAKPOINT}>
            <ColorSchemeToggle />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <SideNav items={nav} label="Dashboard" />
      </AppShell.Navbar>

      <Drawer
        opened={drawerOpened}
        onClose={closeDrawer}
        title="Navigation"
        size="xs"
        padding="md"
        hiddenFrom={NAV_BREAKPOINT}
        styles={{ body: { display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-lg)', minHeight: 'calc(100% - 60px)' } }}
      >
        <SideNav items={nav} label="Dashboard" onNavigate={closeDrawer} />
        <div style={{ marginTop: 'auto' }}>
          <DrawerFooter
            onTopUp={() => {
              closeDrawer();
              goToTopUp();
            }}
            onLogout={logout}
          />
        </div>
      </Drawer>

      <AppShell.Main className="ws-surface" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <EmailConfirmationNotice />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
