import { useState } from 'react';
import { Alert, Button, Code, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconShieldX } from '@tabler/icons-react';
import { INTEGRITY_NOTE_MAX_LENGTH, type AdminStoreIntegrity } from '@walletscreen/contracts';
import { FormModal } from '../../components/form-modal';
import { formFailure, namedFields } from '../../lib/form-failure';
import { isReadOnlySession } from '../../lib/session';
import { useAcknowledgeIntegrityBreak, useHaltedIntegrity } from '../../lib/store-integrity';
import { ErrorAlert } from '../../components/error-alert';

/** The admin's acknowledgement of the break: a note, recorded in the audit log with the break; writes then resume. */
function AcknowledgeModal({ report, opened, onClose }: { report: AdminStoreIntegrity; opened: boolean; onClose: () => void }) {
  const acknowledge = useAcknowledgeIntegrityBreak();
  const [note, setNote] = useState('');
  const [error, setError] = useState<{ field?: string; alert?: string }>({});
  const position = report.break?.position ?? 0;

  const close = () => {
    if (acknowledge.isPending) return;
    setError({});
    acknowledge.reset();
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (note.trim().length === 0) return setError({ field: 'Write a note: what you found and why the service may go on' });
    setError({});
    acknowledge.mutate(
      { position, note },
      {
        onSuccess: () => {
          setNote('');
          onClose();
        },
        onError: (e) => {
          const failure = formFailure<{ note: string }>(e, namedFields<{ note: string }>(['note']));
          setError({ field: failure.fields.note, alert: failure.alert ?? undefined });
        },
      },
    );
  };

  return (
    <FormModal
      opened={opened}
      title="Acknowledge the integrity break"
      onClose={close}
      onSubmit={submit}
      pending={acknowledge.isPending}
      submitLabel="Acknowledge and resume writes"
      submitColor="red"
    >
      <Text size="sm">
        You acknowledge the break at position {position}. Your note, your name and the break are recorded in the audit log, and writes resume. The break stays
        visible there.
      </Text>
      <ErrorAlert>{error.alert}</ErrorAlert>
      <Textarea
        label="Note"
        description="What you found and why the service may go on."
        withAsterisk
        autosize
        minRows={3}
        maxLength={INTEGRITY_NOTE_MAX_LENGTH}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={error.field}
        data-autofocus
      />
    </FormModal>
  );
}

/**
 * On every admin page while the event store's hash chain is broken and not acknowledged: where it
 * breaks, why, what to do, and (for admins; an auditor reads it only) the acknowledgement.
 */
export function IntegrityBanner() {
  const report = useHaltedIntegrity();
  const [opened, setOpened] = useState(false);
  if (!report?.break) return null;
  const b = report.break;
  const event = report.break_event;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      mb="lg"
      icon={<IconShieldX size={20} aria-hidden="true" />}
      title="Writes are halted: the event store's records do not verify"
      data-testid="integrity-banner"
    >
      <Stack gap="xs">
        <Text size="sm">
          The hash chain breaks at position <strong>{b.position}</strong> (<Code>{b.kind}</Code>): {b.reason}.
          {event?.stream ? (
            <>
              {' '}
              Event: {event.type} on stream <Code>{event.stream}</Code>
              {event.revision === null ? '' : `, revision ${event.revision}`}.
            </>
          ) : null}
        </Text>
        <Text size="sm">Customers can read but not change anything until an admin acknowledges the break.</Text>
        {report.fix ? <Text size="sm">{report.fix}</Text> : null}
        {isReadOnlySession() ? null : (
          <Group>
            <Button color="red" size="xs" onClick={() => setOpened(true)}>
              Acknowledge…
            </Button>
          </Group>
        )}
      </Stack>
      <AcknowledgeModal report={report} opened={opened} onClose={() => setOpened(false)} />
    </Alert>
  );
}
