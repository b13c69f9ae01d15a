import { Checkbox, Stack, TextInput } from '@mantine/core';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX, webhookEventDescriptions, webhookEventTypes, type CreateWebhookResponse } from '@walletscreen/contracts';
import { FormModal } from '../../../components/form-modal';
import { useRefusableForm } from '../../../lib/use-refusable-form';
import { useCreateWebhook } from '../api/create-webhook';
import { eventLabels } from '../webhook-display';
import { createWebhookFailure, emptyWebhookForm, toCreateWebhookRequest, validateWebhookForm, type WebhookFormValues } from '../webhook-form';
import { ErrorAlert } from '../../../components/error-alert';

/** The add-endpoint form in a modal: URL, description, events. The server's refusals show on their fields. */
export function CreateWebhookModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: CreateWebhookResponse) => void;
}) {
  const create = useCreateWebhook();
  const { form, alert, setAlert, refused, reset } = useRefusableForm<WebhookFormValues>(
    { initialValues: emptyWebhookForm(), validate: validateWebhookForm },
    createWebhookFailure,
  );

  const close = () => {
    if (create.isPending) return;
    reset();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setAlert(null);
    create.mutate(toCreateWebhookRequest(values), {
      onSuccess: (created) => {
        form.reset();
        onCreated(created);
      },
      onError: refused,
    });
  });

  return (
    <FormModal opened={opened} title="Add a webhook endpoint" onClose={close} onSubmit={submit} pending={create.isPending} submitLabel="Add endpoint" size="lg">
      <ErrorAlert>{alert}</ErrorAlert>
      <TextInput
        label="Endpoint URL"
        description="Where the events are POSTed, for example https://example.com/walletscreen/webhooks."
        placeholder="https://"
        withAsterisk
        maxLength={WEBHOOK_URL_MAX}
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('url')}
      />
      <TextInput
        label="Description (optional)"
        description="What the endpoint is for."
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        autoComplete="off"
        {...form.getInputProps('description')}
      />
      <Checkbox.Group label="Events" description="What the endpoint is told about." withAsterisk {...form.getInputProps('events')}>
        <Stack gap="sm" mt="xs">
          {webhookEventTypes.map((event) => (
            <Checkbox key={event} value={event} label={eventLabels[event]} description={`${webhookEventDescriptions[event]} (${event})`} />
          ))}
        </Stack>
      </Checkbox.Group>
    </FormModal>
  );
}
