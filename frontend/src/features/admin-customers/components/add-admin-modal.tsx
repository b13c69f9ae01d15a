import { useState } from 'react';
import { SegmentedControl, Text } from '@mantine/core';
import { createAdminRequestSchema, promoteAdminRequestSchema } from '@walletscreen/contracts';
import { FormModal } from '../../../components/form-modal';
import { useCreateAdmin, usePromoteAdmin } from '../api/admins';
import { AccountFields, useAccountForm } from './account-form';

type Mode = 'new' | 'existing';

/**
 * Adds an admin: a new account (e-mail, name and a first password the admin hands over), or an
 * existing account by its e-mail. Recorded with the admin who added them.
 */
export function AddAdminModal({ opened, onClose, onAdded }: { opened: boolean; onClose: () => void; onAdded: (email: string) => void }) {
  const [mode, setMode] = useState<Mode>('new');
  const create = useCreateAdmin();
  const promote = usePromoteAdmin();
  const pending = create.isPending || promote.isPending;
  const { form, alert, setAlert, failed, reset } = useAccountForm((values) =>
    mode === 'new' ? { schema: createAdminRequestSchema, request: values } : { schema: promoteAdminRequestSchema, request: { email: values.email } },
  );

  const close = () => {
    if (pending) return;
    reset();
    onClose();
  };
  const done = (email: string) => {
    reset();
    onAdded(email);
  };

  const submit = form.onSubmit((values) => {
    setAlert(null);
    if (mode === 'new') create.mutate(values, { onSuccess: () => done(values.email.trim().toLowerCase()), onError: failed });
    else promote.mutate({ email: values.email }, { onSuccess: () => done(values.email.trim().toLowerCase()), onError: failed });
  });

  return (
    <FormModal opened={opened} title="Add an admin" onClose={close} onSubmit={submit} pending={pending} submitLabel="Add admin">
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
      <AccountFields form={form} alert={alert} newAccount={mode === 'new'} />
    </FormModal>
  );
}
