import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { WELCOME_BONUS_CHECKS } from '@walletscreen/contracts';
import { useRefusableForm } from '../../../lib/use-refusable-form';
import { notifyDone } from '../../../components/notify';
import { AuthShell } from '../../../components/auth-shell';
import { ClearableTextInput } from '../../../components/clearable-text-input';
import { profileQueryOptions } from '../../../lib/get-profile';
import { startUserSession } from '../../../lib/session';
import { useRegister } from '../api/register';
import { visibilityToggleProps } from '../components/sign-in-form';
import { registerFailure, validateRegister, type RegisterValues } from '../validation';
import { useGo } from '../../../lib/navigate';
import { ErrorAlert } from '../../../components/error-alert';

/**
 * /register: e-mail, company name / username and password. Registering signs the user in: they land
 * on /dashboard, as after a sign-in (where the free checks wait for the e-mail confirmation, the
 * dashboard says so).
 */
export function RegisterPage() {
  const navigate = useGo();
  const queryClient = useQueryClient();
  const registration = useRegister();
  const { form, alert, setAlert, refused } = useRefusableForm<RegisterValues>(
    { initialValues: { email: '', username: '', password: '' }, validate: validateRegister },
    registerFailure,
  );

  const submit = form.onSubmit((values) => {
    setAlert(null);
    registration.mutate(
      { email: values.email.trim(), username: values.username.trim(), password: values.password },
      {
        onSuccess: (response) => {
          notifyDone(response.message, 'Account created');
          queryClient.clear();
          startUserSession(window.localStorage, response.token, Date.now());
          void queryClient.prefetchQuery(profileQueryOptions());
          navigate('/dashboard');
        },
        onError: refused,
      },
    );
  });

  return (
    <AuthShell
      title="Create your account"
      description={`New accounts get ${WELCOME_BONUS_CHECKS} free premium checks. No card required.`}
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/auth" fw={600}>
            Login
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorAlert>{alert}</ErrorAlert>
          <ClearableTextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
            onClear={() => form.setFieldValue('email', '')}
          />
          <ClearableTextInput
            label="Company Name / Username"
            autoComplete="organization"
            withAsterisk
            {...form.getInputProps('username')}
            onClear={() => form.setFieldValue('username', '')}
          />
          <PasswordInput
            label="Password"
            description="At least 8 characters; avoid common passwords."
            autoComplete="new-password"
            withAsterisk
            visibilityToggleButtonProps={visibilityToggleProps}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={registration.isPending}>
            Register
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            By registering you agree to the{' '}
            <Anchor component={Link} to="/terms" inherit underline="always">
              Terms
            </Anchor>{' '}
            and the{' '}
            <Anchor component={Link} to="/privacy" inherit underline="always">
              Privacy notice
            </Anchor>
            .
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
