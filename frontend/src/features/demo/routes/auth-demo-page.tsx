import { useState } from 'react';
import { ActionIcon, Button, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrandGoogle, IconBrandLinkedin } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { ClearableTextInput } from '../../../components/clearable-text-input';

export const DEMO_DASHBOARD_PATH = '/dashboard-demo/Low';

/**
 * /auth-demo: the demo sign-in. The e-mail is optional (the sample report needs none) and is not
 * sent anywhere. The Google and LinkedIn buttons are not wired to anything and say so.
 */
export function AuthDemoPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');

  return (
    <AuthShell title="Try the demo" description="See a sample AML report without creating an account. No e-mail or password needed.">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void navigate(DEMO_DASHBOARD_PATH);
        }}
        noValidate
      >
        <Stack gap="md">
          <ClearableTextInput
            label="Email (optional)"
            description="Not needed for the sample report, and not sent anywhere."
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            onClear={() => setEmail('')}
          />
          <Button type="submit" fullWidth>
            See the sample report
          </Button>
          <Divider label="or continue with" labelPosition="center" />
          <Group justify="center" gap="md">
            <Tooltip label="Not available in the demo">
              <ActionIcon
                variant="default"
                size="xl"
                aria-label="Continue with Google (not available in the demo)"
                aria-disabled="true"
                data-disabled
                onClick={(e) => e.preventDefault()}
              >
                <IconBrandGoogle size={22} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Not available in the demo">
              <ActionIcon
                variant="default"
                size="xl"
                aria-label="Continue with LinkedIn (not available in the demo)"
                aria-disabled="true"
                data-disabled
                onClick={(e) => e.preventDefault()}
              >
                <IconBrandLinkedin size={22} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Text size="xs" c="dimmed" ta="center">
            The demo shows a prepared sample report; no wallet is checked.
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
