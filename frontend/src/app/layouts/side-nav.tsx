import type { ReactNode } from 'react';
import { NavLink, Stack } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** A count or mark beside the label (the open alerts). */
  badge?: ReactNode;
}

/** A vertical list of navigation links; the current one is marked for sight and for screen readers. */
export function SideNav({ items, label, onNavigate }: { items: readonly NavItem[]; label: string; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={4} component="nav" aria-label={label}>
      {items.map(({ label: text, to, icon: IconComponent, badge }) => {
        const active = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={text}
            active={active}
            aria-current={active ? 'page' : undefined}
            leftSection={<IconComponent size={18} stroke={1.8} aria-hidden="true" />}
            rightSection={badge}
            onClick={onNavigate}
            variant="light"
            fw={500}
          />
        );
      })}
    </Stack>
  );
}
