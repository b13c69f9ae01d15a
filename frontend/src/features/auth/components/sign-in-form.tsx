import { useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useRefusableForm } from '../../../lib/use-refusable-form';
import { ClearableTextInput } from '../../../components/clearable-text-input';
import { profileQueryOptions } from '../../../lib/get-profile';
import { startAdminSession, startUserSession } from '../../../lib/session';
import { clearSignOutNotice } from '../../../lib/sign-out-notice';
import { useAdminLogin } from '../api/admin-login';
import { useLogin } from '../api/login';
import { signInFailure, validateSignIn, type SignInValues } from '../validation';
import { useGo } from '../../../lib/navigate';
import { ErrorAlert } from '../../../components/error-alert';

/** The password visibility toggle's name avoids the word "password", so a label query finds the field alone. */
export const visibilityToggleProps = { 'aria-label': 'Show or hide characters' } as const;

/**
 * The sign-in form of /login, /auth (users) and /admin-login (admins). Users land on /dashboard
 * with their profile prefetched; admins on /admin. `notice`: why the last session ended (the
 * account was blocked), shown above the fields until the next attempt.
 */
export function SignInForm({ kind, notice = null }: { kind: 'user' | 'admin'; notice?: string | null }) {
  const navigate = useGo();
  const queryClient = useQueryClient();
  const userLogin = useLogin();
  const adminLogin = useAdminLogin();
  const pending = userLogin.isPending || adminLogin.isPending;
  const [signedOut, setSignedOut] = useState<string | null>(notice);
  const {
    form,
    alert,
    setAlert,
    refused: fail,
  } = useRefusableForm<SignInValues>({ initialValues: { email: '', password: '' }, validate: validateSignIn }, signInFailure);

  const submit = form.onSubmit((values) => {
    setAlert(null);
    if (signedOut !== null) {
      setSignedOut(null);
      clearSignOutNotice(window.localStorage);
    }
    const body = { email: values.email.trim(), password: values.password };
    if (kind === 'admin') {
      adminLogin.mutate(body, {
        onSuccess: (result) => {
          // Spec §8: an admin response without a token shows nothing.
          if (!result) return;
          queryClient.clear();
          startAdminSession(window.localStorage, result.token, result.role, Date.now());
          navigate('/admin');
        },
        onError: fail,
      });
      return;
    }
    userLogin.mutate(body, {
      onSuccess: (token) => {
        if (!token) {
          // Spec §8: a login response without a token is only logged.
          console.error('Sign-in response carried no token');
          return;
        }
        queryClient.clear();
        startUserSession(window.localStorage, token, Date.now());
        void queryClient.prefetchQuery(profileQueryOptions());
        navigate('/dashboard');
      },
      onError: fail,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {signedOut ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconLock size={18} aria-hidden="true" />}
            title="You have been signed out"
            role="alert"
            data-testid="signed-out-notice"
          >
            {signedOut}
          </Alert>
        ) : null}
        <ErrorAlert>{alert}</ErrorAlert>
        <ClearableTextInput
          label={kind === 'admin' ? 'E-mail' : 'Email'}
          type="email"
          autoComplete={kind === 'admin' ? 'username' : 'email'}
          {...form.getInputProps('email')}
          onClear={() => form.setFieldValue('email', '')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          visibilityToggleButtonProps={visibilityToggleProps}
          {...form.getInputProps('password')}
        />
        {kind === 'user' ? (
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/reset-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
        ) : null}
        <Button type="submit" fullWidth loading={pending}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
