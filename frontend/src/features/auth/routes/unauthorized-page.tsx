import { Anchor, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';

/** /unauthorized: a signed-in account without the admin role opened an admin page. */
export function UnauthorizedPage() {
  return (
    <AuthShell title="No admin access">
      <Stack gap="md">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden="true">
          <IconLock size={24} />
        </ThemeIcon>
        <Text>Your account is signed in, but it does not have administrator rights, so the admin area is not available to it.</Text>
        <Text size="sm" c="dimmed">
          Go back to your dashboard, or sign in with an administrator account.
        </Text>
        <Group grow>
          <Button component={Link} to="/dashboard">
            Go to dashboard
          </Button>
          <Button component={Link} to="/admin-login" variant="default">
            Admin login
          </Button>
        </Group>
        <Anchor component={Link} to="/" size="sm">
          Back to the main page
        </Anchor>
      </Stack>
    </AuthShell>
  );
}
