import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { accountMessages } from '@walletscreen/contracts';
import { useRefusableForm } from '../../../lib/use-refusable-form';
import { AuthShell } from '../../../components/auth-shell';
import { useResetPassword } from '../api/reset-password';
import { visibilityToggleProps } from '../components/sign-in-form';
import { resetFailure, setPasswordSubmitProblem, validateSetPassword, type SetPasswordValues } from '../validation';
import { useGo } from '../../../lib/navigate';
import { ErrorAlert } from '../../../components/error-alert';

/** After a successful reset the user goes to /login after 2 seconds (spec §4). */
export const REDIRECT_AFTER_RESET_MS = 2_000;

/** /set-password?token=…: the new password and its repetition. */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useGo();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const { form, alert, setAlert, refused } = useRefusableForm<SetPasswordValues>(
    { initialValues: { password: '', confirm: '' }, validate: validateSetPassword },
    resetFailure,
  );

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login'), REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = form.onSubmit(
    (values) => {
      const problem = setPasswordSubmitProblem(token, values);
      setAlert(problem);
      if (problem || !token) return;
      reset.mutate(
        { token, password: values.password },
        {
          onSuccess: () => setDone(true),
          onError: refused,
        },
      );
    },
    (_errors, values) => setAlert(setPasswordSubmitProblem(token, values)),
  );

  return (
    <AuthShell
      title="Set a new password"
      description="Choose a password of at least 8 characters that you do not use elsewhere."
      footer={
        <Anchor component={Link} to="/login" fw={600}>
          Back to sign-in
        </Anchor>
      }
    >
      {done ? (
        <Alert color="accent" variant="light" role="status" icon={<IconCircleCheck size={18} aria-hidden="true" />}>
          {accountMessages.resetDone}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ErrorAlert>{alert}</ErrorAlert>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              withAsterisk
              visibilityToggleButtonProps={visibilityToggleProps}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Repeat password"
              autoComplete="new-password"
              withAsterisk
              visibilityToggleButtonProps={visibilityToggleProps}
              {...form.getInputProps('confirm')}
            />
            <Button type="submit" fullWidth loading={reset.isPending}>
              Set Password
            </Button>
          </Stack>
        </form>
      )}
    </AuthShell>
  );
}
