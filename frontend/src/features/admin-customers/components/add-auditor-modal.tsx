import { useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { createAuditorRequestSchema, USERNAME_MAX, type Auditor } from '@walletscreen/contracts';
import { ApiError } from '../../../lib/api-client';
import { useCreateAuditor } from '../api/create-auditor';

interface AuditorFormValues {
  email: string;
  username: string;
  password: string;
}

const empty: AuditorFormValues = { email: '', username: '', password: '' };

/** The request's own rules, field by field, so the form says what the server would. */
function validate(values: AuditorFormValues): Partial<Record<keyof AuditorFormValues, string>> {
  const parsed = createAuditorRequestSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof AuditorFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AuditorFormValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * An auditor's account: e-mail, name and a first password the admin hands over. The auditor signs
 * in to the admin area with it and can read, not change; every view of customers' data is recorded.
 */
export function AddAuditorModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (auditor: Auditor) => void }) {
  const create = useCreateAuditor();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<AuditorFormValues>({ mode: 'controlled', initialValues: empty, validate });

  const close = () => {
    if (create.isPending) return;
    form.reset();
    setAlert(null);
    create.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setAlert(null);
    create.mutate(values, {
      onSuccess: (auditor) => {
        form.reset();
        onCreated(auditor);
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) form.setErrors(error.fieldErrors);
        else setAlert(error.message);
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title="Add an auditor" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate aria-label="Add an auditor">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Auditors sign in to the admin area and can read customers, checks, purchases and the audit log, but change nothing. Every view of customers&apos;
            data is recorded in the audit log.
          </Text>
          {alert ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
              {alert}
            </Alert>
          ) : null}
          <TextInput label="E-mail" type="email" withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('email')} />
          <TextInput label="Name" withAsterisk maxLength={USERNAME_MAX} autoComplete="off" {...form.getInputProps('username')} />
          <PasswordInput
            label="First password"
            description="Hand it over to the auditor in person or by another channel."
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add auditor
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
