import { useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconEye, IconEyeCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { rescreenPricing, type Batch } from '@walletscreen/contracts';
import { useWatchBatch } from '../api/batches';

/** "Watch these wallets": the batch's screened wallets on the watchlist, after the pricing of re-screens is shown. */
export function WatchBatchButton({ batch }: { batch: Batch }) {
  const [confirming, setConfirming] = useState(false);
  const watch = useWatchBatch();
  const ready = batch.status === 'completed' && batch.completed > 0;

  if (watch.isSuccess) {
    const { added, already_watched } = watch.data;
    return (
      <Group gap={6} role="status" data-testid="batch-watched">
        <IconEyeCheck size={18} aria-hidden="true" color="var(--mantine-color-teal-6)" />
        <Text size="sm">
          Watching {added.toLocaleString('en-US')} {added === 1 ? 'wallet' : 'wallets'}
          {already_watched > 0 ? ` (${already_watched.toLocaleString('en-US')} already watched)` : ''}.{' '}
          <Anchor component={Link} to="/dashboard/watchlist" size="sm">
            Open the watchlist
          </Anchor>
        </Text>
      </Group>
    );
  }
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconEye size={16} aria-hidden="true" />}
        disabled={!ready}
        title={ready ? undefined : 'Available once the batch has finished with screened wallets'}
        onClick={() => setConfirming(true)}
        data-testid="batch-watch"
      >
        Watch these wallets
      </Button>
      <Modal opened={confirming} onClose={() => (watch.isPending ? undefined : setConfirming(false))} title="Watch this batch's wallets">
        <Stack gap="sm">
          <Text size="sm">
            The {batch.completed.toLocaleString('en-US')} screened {batch.completed === 1 ? 'wallet' : 'wallets'} of this batch are re-screened daily and
            whenever a sanctions or custom list changes, and you get an alert when a verdict changes.
          </Text>
          <Text size="sm" c="dimmed">
            {rescreenPricing.scheduled} {rescreenPricing.listChange}
          </Text>
          {watch.error ? (
            <Text size="sm" c="red" role="alert">
              {watch.error.message}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={watch.isPending}>
              Cancel
            </Button>
            <Button loading={watch.isPending} onClick={() => watch.mutate(batch.id, { onSuccess: () => setConfirming(false) })}>
              Watch {batch.completed.toLocaleString('en-US')} {batch.completed === 1 ? 'wallet' : 'wallets'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
