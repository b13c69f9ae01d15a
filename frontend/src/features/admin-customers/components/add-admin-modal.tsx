import { useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { createAdminRequestSchema, promoteAdminRequestSchema, USERNAME_MAX } from '@walletscreen/contracts';
import { ApiError } from '../../../lib/api-client';
import { useCreateAdmin, usePromoteAdmin } from '../api/admins';

type Mode = 'new' | 'existing';
interface AdminFormValues {
  email: string;
  username: string;
  password: string;
}
const empty: AdminFormValues = { email: '', username: '', password: '' };

/** The request's own rules, field by field, so the form says what the server would. */
function validate(mode: Mode, values: AdminFormValues): Partial<Record<keyof AdminFormValues, string>> {
  const parsed = mode === 'new' ? createAdminRequestSchema.safeParse(values) : promoteAdminRequestSchema.safeParse({ email: values.email });
  if (parsed.success) return {};
  const errors: Partial<Record<keyof AdminFormValues, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof AdminFormValues] ??= issue.message;
  return errors;
}

/**
 * Adds an admin: a new account (e-mail, name and a first password the admin hands over), or an
 * existing account by its e-mail. Recorded with the admin who added them.
 */
export function AddAdminModal({ opened, onClose, onAdded }: { opened: boolean; onClose: () => void; onAdded: (email: string) => void }) {
  const [mode, setMode] = useState<Mode>('new');
  const create = useCreateAdmin();
  const promote = usePromoteAdmin();
  const pending = create.isPending || promote.isPending;
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<AdminFormValues>({ mode: 'controlled', initialValues: empty, validate: (values) => validate(mode, values) });

  const close = () => {
    if (pending) return;
    form.reset();
    setAlert(null);
    onClose();
  };
  const failed = (error: Error) => {
    if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) form.setErrors(error.fieldErrors);
    else setAlert(error.message);
  };
  const done = (email: string) => {
    form.reset();
    setAlert(null);
    onAdded(email);
  };

  const submit = form.onSubmit((values) => {
    setAlert(null);
    if (mode === 'new') create.mutate(values, { onSuccess: () => done(values.email.trim().toLowerCase()), onError: failed });
    else promote.mutate({ email: values.email }, { onSuccess: () => done(values.email.trim().toLowerCase()), onError: failed });
  });

  return (
    <Modal opened={opened} onClose={close} title="Add an admin" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate aria-label="Add an admin">
        <Stack gap="md">
          <SegmentedControl
            value={mode}
            onChange={(value) => {
              setMode(value);
              form.clearErrors();
            }}
            data={[
              { value: 'new', label: 'New account' },
              { value: 'existing', label: 'Existing account' },
            ]}
            aria-label="Whose account"
          />
          <Text size="sm" c="dimmed">
            {mode === 'new'
              ? 'Admins can change customers, plans, lists and other admins. Hand the first password over in person or by another channel.'
              : 'The account with this e-mail becomes an admin: it signs in to the admin area with its own password.'}
          </Text>
          {alert ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
              {alert}
            </Alert>
          ) : null}
          <TextInput label="E-mail" type="email" withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('email')} />
          {mode === 'new' ? (
            <>
              <TextInput label="Name" withAsterisk maxLength={USERNAME_MAX} autoComplete="off" {...form.getInputProps('username')} />
              <PasswordInput label="First password" withAsterisk autoComplete="new-password" {...form.getInputProps('password')} />
            </>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Add admin
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
