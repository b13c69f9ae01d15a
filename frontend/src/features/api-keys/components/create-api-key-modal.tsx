import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { API_KEY_NAME_MAX, apiKeyScopeDescriptions, apiKeyScopes, type ApiKeyScope, type CreateApiKeyResponse } from '@walletscreen/contracts';
import { FormModal } from '../../../components/form-modal';
import { DATE_INPUT_FORMAT, parseDayInput } from '../../../lib/format-date';
import { useRefusableForm } from '../../../lib/use-refusable-form';
import { useCreateApiKey } from '../api/create-api-key';
import { createFailure, emptyApiKeyForm, toCreateRequest, todayUtc, validateApiKeyForm, type ApiKeyFormValues } from '../api-key-form';
import { scopeLabels } from '../api-key-display';
import { ErrorAlert } from '../../../components/error-alert';

/**
 * The create-key form in a modal: a name, the scopes (all ticked to begin with) and an optional last
 * day. The server's refusals show on their fields; the new key goes to `onCreated`.
 */
export function CreateApiKeyModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (key: CreateApiKeyResponse) => void }) {
  const create = useCreateApiKey();
  const { form, alert, setAlert, refused, reset } = useRefusableForm<ApiKeyFormValues>(
    { initialValues: emptyApiKeyForm(), validate: validateApiKeyForm },
    createFailure,
  );

  const close = () => {
    if (create.isPending) return;
    reset();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setAlert(null);
    create.mutate(toCreateRequest(values), {
      onSuccess: (created) => {
        form.reset();
        onCreated(created);
      },
      onError: refused,
    });
  });

  return (
    <FormModal opened={opened} title="Create an API key" onClose={close} onSubmit={submit} pending={create.isPending} submitLabel="Create key" size="lg">
      <ErrorAlert>{alert}</ErrorAlert>
      <TextInput
        label="Name"
        description="What the key is for, so you can tell your keys apart (for example “Deposits service”)."
        withAsterisk
        maxLength={API_KEY_NAME_MAX}
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Checkbox.Group label="Scopes" description="What calls with this key may do." withAsterisk {...form.getInputProps('scopes')}>
        <Stack gap="sm" mt="xs">
          {apiKeyScopes.map((scope: ApiKeyScope) => (
            <Checkbox key={scope} value={scope} label={scopeLabels[scope]} description={apiKeyScopeDescriptions[scope]} />
          ))}
        </Stack>
      </Checkbox.Group>
      <DateInput
        label="Expires on (optional)"
        description="The key stops working at the end of this day (UTC). Leave empty for a key that does not expire."
        placeholder="dd.mm.yyyy"
        valueFormat={DATE_INPUT_FORMAT}
        dateParser={parseDayInput}
        minDate={todayUtc()}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear expiry date' }}
        leftSection={<IconCalendar size={16} aria-hidden="true" />}
        styles={{ wrapper: { maxWidth: 260 } }}
        popoverProps={{ withinPortal: true }}
        {...form.getInputProps('expiresOn')}
      />
      <Text size="xs" c="dimmed">
        The key is shown once, right after you create it.
      </Text>
    </FormModal>
  );
}
