import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { PASSWORD_MAX } from '@walletscreen/contracts';
import { useRefusableForm } from '../../../lib/use-refusable-form';
import { useChangePassword } from '../api/change-password';
import {
  changePasswordFailure,
  emptyChangePasswordForm,
  toChangePasswordRequest,
  validateChangePassword,
  type ChangePasswordValues,
} from '../change-password-form';
import { ErrorAlert } from '../../../components/error-alert';

/**
 * Change password: the current one, the new one twice. Checked as the user leaves each field and
 * on submit; the server's refusals (a wrong current password, a common new one) show on their field.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);
  const { form, alert, setAlert, refused } = useRefusableForm<ChangePasswordValues>(
    { initialValues: emptyChangePasswordForm(), validate: validateChangePassword, validateInputOnBlur: true },
    changePasswordFailure,
  );

  const submit = form.onSubmit((values) => {
    setAlert(null);
    setDone(null);
    change.mutate(toChangePasswordRequest(values), {
      onSuccess: (answer) => {
        form.reset();
        setDone(answer.message);
      },
      onError: refused,
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="sm" maw={420}>
        <ErrorAlert>{alert}</ErrorAlert>
        {done ? (
          <Alert color="teal" variant="light" role="status" icon={<IconCheck size={18} aria-hidden="true" />}>
            {done}
          </Alert>
        ) : null}
        <PasswordInput label="Current password" autoComplete="current-password" withAsterisk maxLength={1024} {...form.getInputProps('current')} />
        <PasswordInput
          label="New password"
          description="At least 8 characters; not a common password."
          autoComplete="new-password"
          withAsterisk
          maxLength={PASSWORD_MAX}
          {...form.getInputProps('next')}
        />
        <PasswordInput label="Repeat new password" autoComplete="new-password" withAsterisk maxLength={PASSWORD_MAX} {...form.getInputProps('confirm')} />
        <Text size="xs" c="dimmed">
          Changing your password signs you out everywhere else; this browser stays signed in.
        </Text>
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
