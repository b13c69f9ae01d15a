import { Badge } from '@mantine/core';
import { IconEye, IconLock, IconShieldStar } from '@tabler/icons-react';
import type { Role } from '@walletscreen/contracts';

/** A customer's role: neutral for users, the accent for admins, an eye for read-only auditors, outlined with a lock when blocked. */
export function RoleBadge({ role }: { role: Role }) {
  switch (role) {
    case 'admin':
      return (
        <Badge variant="light" leftSection={<IconShieldStar size={12} aria-hidden="true" />}>
          Admin
        </Badge>
      );
    case 'auditor':
      return (
        <Badge variant="light" color="grape" leftSection={<IconEye size={12} aria-hidden="true" />}>
          Auditor
        </Badge>
      );
    case 'blocked':
      return (
        <Badge variant="outline" color="gray" leftSection={<IconLock size={12} aria-hidden="true" />}>
          Blocked
        </Badge>
      );
    case 'user':
      return (
        <Badge variant="light" color="gray">
          User
        </Badge>
      );
    default: {
      const _exhaustive: never = role;
      return _exhaustive;
    }
  }
}
