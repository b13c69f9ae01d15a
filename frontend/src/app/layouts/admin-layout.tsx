import { useEffect } from 'react';
import { Anchor, AppShell, Badge, Box, Burger, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChartBar,
  IconFolders,
  IconHistory,
  IconListDetails,
  IconLogout,
  IconReceipt,
  IconRss,
  IconShieldLock,
  IconUserShield,
  IconTimeline,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { adminWalletsLink, FundFlowLinks } from '../../components/fund-flow/fund-flow-links';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useProfile } from '../../lib/get-profile';
import { isReadOnlySession, useLogout } from '../../lib/session';
import { IntegrityBanner } from './integrity-banner';
import { SideNav, type NavItem } from './side-nav';
import { useGo } from '../../lib/navigate';

export const ADMIN_NAV: readonly NavItem[] = [
  { label: 'Customers', to: '/admin/customers', icon: IconUsers },
  { label: 'Purchases', to: '/admin/purchases', icon: IconReceipt },
  { label: 'History', to: '/admin/history', icon: IconHistory },
  { label: 'Cases', to: '/admin/cases', icon: IconFolders },
  { label: 'Wallets', to: '/admin/wallets', icon: IconWallet },
  { label: 'Financial Stats', to: '/admin/financial-stats', icon: IconChartBar },
  { label: 'Admins', to: '/admin/admins', icon: IconUserShield },
  { label: 'Audit log', to: '/admin/audit', icon: IconListDetails },
  { label: 'Streams', to: '/admin/streams', icon: IconTimeline },
  { label: 'Sanctions & lists', to: '/admin/sanctions', icon: IconShieldLock },
  { label: 'Feeds', to: '/admin/feeds', icon: IconRss },
];

function AdminNav({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout: () => void }) {
  return (
    <Stack justify="space-between" h="100%" gap="lg">
      <SideNav items={ADMIN_NAV} label="Admin" onNavigate={onNavigate} />
      <Stack gap="sm">
        <Divider />
        <Button variant="default" leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={onLogout} fullWidth>
          Logout
        </Button>
      </Stack>
    </Stack>
  );
}

/** Who is signed in to the admin area (GET /api/profile): their e-mail and role. */
function SignedInAs() {
  const profile = useProfile();
  if (!profile.data) return null;
  const { email, role } = profile.data;
  return (
    <Group gap={6} wrap="nowrap" visibleFrom="sm" miw={0} data-testid="signed-in-as" title={`Signed in as ${email} (${role})`}>
      <Text size="sm" c="dimmed" truncate maw={360}>
        Signed in as{' '}
        <Text span inherit fw={600} c="var(--mantine-color-text)">
          {email}
        </Text>
      </Text>
      <Badge size="sm" variant="outline" color="gray">
        {role}
      </Badge>
    </Group>
  );
}

/** The admin frame: a sidebar from the medium breakpoint up, a drawer below it. Rendered inside the admin guard. */
export function AdminLayout() {
  const navigate = useGo();
  const location = useLocation();
  const [drawerOpened, { open: openDrawer, close: closeDrawer }] = useDisclosure(false);
  const logout = useLogout('admin', navigate);

  // The drawer closes on every route change.
  useEffect(() => closeDrawer(), [location.pathname, closeDrawer]);

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: true } }} padding={{ base: 'md', sm: 'lg' }}>
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={drawerOpened} onClick={openDrawer} hiddenFrom="md" size="sm" aria-label="Open navigation" />
            <Anchor component={Link} to="/admin" underline="never" aria-label="WalletScreen admin home">
              <BrandLogo />
            </Anchor>
            {isReadOnlySession() ? (
              <Badge variant="light" color="grape" title="Auditor: read-only access; every view of customers' data is recorded">
                Auditor · read-only
              </Badge>
            ) : (
              <Badge variant="light">Admin</Badge>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <SignedInAs />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AdminNav onLogout={logout} />
      </AppShell.Navbar>

      <Drawer opened={drawerOpened} onClose={closeDrawer} title="Navigation" size="xs" padding="md" hiddenFrom="md">
        <Box h="calc(100dvh - 90px)">
          <AdminNav onNavigate={closeDrawer} onLogout={logout} />
        </Box>
      </Drawer>

      <AppShell.Main className="ws-surface" id={MAIN_CONTENT_ID} tabIndex={-1}>
        {/* An address in a fund-flow graph opens its entry in Wallets here, not the customers' wallet checker. */}
        <IntegrityBanner />
        <FundFlowLinks value={adminWalletsLink}>
          <Outlet />
        </FundFlowLinks>
      </AppShell.Main>
    </AppShell>
  );
}
