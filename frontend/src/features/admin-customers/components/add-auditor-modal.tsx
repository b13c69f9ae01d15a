import { Text } from '@mantine/core';
import { createAuditorRequestSchema, type Auditor } from '@walletscreen/contracts';
import { FormModal } from '../../../components/form-modal';
import { useCreateAuditor } from '../api/create-auditor';
import { AccountFields, useAccountForm } from './account-form';

/**
 * An auditor's account: e-mail, name and a first password the admin hands over. The auditor signs
 * in to the admin area with it and can read, not change; every view of customers' data is recorded.
 */
export function AddAuditorModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (auditor: Auditor) => void }) {
  const create = useCreateAuditor();
  const { form, alert, setAlert, failed, reset } = useAccountForm((values) => ({ schema: createAuditorRequestSchema, request: values }));

  const close = () => {
    if (create.isPending) return;
    reset();
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
      onError: failed,
    });
  });

  return (
    <FormModal opened={opened} title="Add an auditor" onClose={close} onSubmit={submit} pending={create.isPending} submitLabel="Add auditor">
      <Text size="sm" c="dimmed">
        Auditors sign in to the admin area and can read customers, checks, purchases and the audit log, but change nothing. Every view of customers&apos; data
        is recorded in the audit log.
      </Text>
      <AccountFields form={form} alert={alert} newAccount passwordDescription="Hand it over to the auditor in person or by another channel." />
    </FormModal>
  );
}
