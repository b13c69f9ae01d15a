import { ActionIcon, Button, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBrandGoogle, IconBrandLinkedin } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { accountMessages } from '@walletscreen/contracts';
import { AuthShell } from '../../../components/auth-shell';
import { ClearableTextInput } from '../../../components/clearable-text-input';

export const DEMO_DASHBOARD_PATH = '/dashboard-demo/Low';

/**
 * /auth-demo: the demo sign-in. Only an e-mail is asked for; it is not sent anywhere. The Google
 * and LinkedIn buttons are not wired to anything and say so.
 */
export function AuthDemoPage() {
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: (value: string) => (value.trim() === '' ? accountMessages.emailRequired : null) },
  });

  return (
    <AuthShell title="Try the demo" description="See a sample AML report without creating an account. No password needed.">
      <form onSubmit={form.onSubmit(() => navigate(DEMO_DASHBOARD_PATH))} noValidate>
        <Stack gap="md">
          <ClearableTextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
            onClear={() => form.setFieldValue('email', '')}
          />
          <Button type="submit" fullWidth>
            Login
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
