import { useEffect, useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { WATCH_INTERVAL_HOURS_MAX, type UpdateWatchRequest, type Watch } from '@walletscreen/contracts';
import { choiceOf, intervalChoices } from '../interval';

/** Edits a watched wallet's re-screen interval, reference and tags. */
export function EditWatchModal({
  watch,
  pending,
  error,
  onCancel,
  onSave,
}: {
  watch: Watch | null;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (body: UpdateWatchRequest) => void;
}) {
  const [choice, setChoice] = useState('24');
  const [hours, setHours] = useState<number | string>(24);
  const [reference, setReference] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  useEffect(() => {
    if (!watch) return;
    setChoice(choiceOf(watch.interval_hours));
    setHours(watch.interval_hours);
    setReference(watch.reference ?? '');
    setTags(watch.tags);
  }, [watch]);

  const intervalHours = choice === 'custom' ? Number(hours) : Number(choice);
  const valid = Number.isInteger(intervalHours) && intervalHours >= 1 && intervalHours <= WATCH_INTERVAL_HOURS_MAX;
  return (
    <Modal opened={watch !== null} onClose={onCancel} title="Edit watched wallet" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {watch ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) onSave({ interval_hours: intervalHours, reference: reference.trim() === '' ? null : reference.trim(), tags });
          }}
        >
          <Stack gap="md">
            <Text size="sm" className="ws-mono" style={{ overflowWrap: 'anywhere' }}>
              {watch.address}
            </Text>
            <Select
              label="Re-screen"
              data={intervalChoices.map((c) => ({ ...c }))}
              value={choice}
              onChange={(v) => setChoice(v ?? '24')}
              allowDeselect={false}
            />
            {choice === 'custom' ? (
              <NumberInput
                label="Every how many hours"
                min={1}
                max={WATCH_INTERVAL_HOURS_MAX}
                value={hours}
                onChange={setHours}
                allowDecimal={false}
                error={valid ? undefined : `A whole number of hours from 1 to ${WATCH_INTERVAL_HOURS_MAX}`}
              />
            ) : null}
            <TextInput
              label="Reference"
              description="Your own reference, e.g. a customer id"
              maxLength={200}
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
            />
            <TagsInput label="Tags" value={tags} onChange={setTags} maxTags={20} clearable />
            {error ? (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" loading={pending} disabled={!valid}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
