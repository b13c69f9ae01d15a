import { useState } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { accountMessages } from '@walletscreen/contracts';
import { AuthShell } from '../../../components/auth-shell';
import { ClearableTextInput } from '../../../components/clearable-text-input';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { resetRequestFailure, validateResetRequest, type ResetRequestValues } from '../validation';

/** /reset-password: asks for a reset link by e-mail. */
export function ResetPasswordPage() {
  const request = useRequestPasswordReset();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<ResetRequestValues>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: validateResetRequest,
  });

  const submit = form.onSubmit((values) => {
    setOutcome(null);
    request.mutate(
      { email: values.email.trim() },
      {
        // The spec's sentence, whatever the server adds: it never tells whether the e-mail exists.
        onSuccess: () => setOutcome({ ok: true, message: accountMessages.resetRequested }),
        onError: (error) => {
          const failure = resetRequestFailure(error);
          form.setErrors(failure.fields);
          setOutcome(failure.alert ? { ok: false, message: failure.alert } : null);
        },
      },
    );
  });

  return (
    <AuthShell
      title="Reset password"
      description="Enter the e-mail address of your account and we will send you a link to set a new password."
      footer={
        <Anchor component={Link} to="/login" fw={600}>
          Back to sign-in
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {outcome ? (
            <Alert
              color={outcome.ok ? 'accent' : 'red'}
              variant="light"
              role={outcome.ok ? 'status' : 'alert'}
              icon={outcome.ok ? <IconMailCheck size={18} aria-hidden="true" /> : <IconAlertCircle size={18} aria-hidden="true" />}
            >
              {outcome.message}
            </Alert>
          ) : null}
          <ClearableTextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
            onClear={() => form.setFieldValue('email', '')}
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            Send Reset Link
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
