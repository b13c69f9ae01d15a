import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { monitoringMessages, type Alert } from '@walletscreen/contracts';

/** Resolving asks for a note: what was done (recorded with the alert, in the audit log). */
export function ResolveAlertModal({
  alert,
  pending,
  error,
  onCancel,
  onResolve,
}: {
  alert: Alert | null;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onResolve: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    setNote('');
    setTouched(false);
  }, [alert]);
  const missing = note.trim() === '';
  return (
    <Modal opened={alert !== null} onClose={onCancel} title="Resolve alert" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!missing) onResolve(note.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm">Say how the alert was resolved. The note is kept with the alert and in the audit log.</Text>
          <Textarea
            label="Note"
            autosize
            minRows={3}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={touched && missing ? monitoringMessages.noteRequired : (error ?? undefined)}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Resolve
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
