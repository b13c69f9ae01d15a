import { useEffect } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFiles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { authToken } from '../../../lib/session';
import { onBatchProgress } from '../../../lib/socket';
import { refreshBatch, useBatch, useBatches } from '../api/batches';
import { BatchDetail } from '../components/batch-detail';
import { BatchUpload } from '../components/batch-upload';
import { BatchesTable } from '../components/batches-table';
import { WatchBatchButton } from '../components/watch-batch-button';

const readToken = () => authToken(window.localStorage);

/** Keeps the screen's batches current: every `batch:progress` refreshes that batch; a reconnect refreshes everything. */
function useLiveBatches() {
  const client = useQueryClient();
  useEffect(
    () =>
      onBatchProgress(
        readToken,
        (message) => refreshBatch(client, message.batch_id, message.status === 'completed'),
        () => void client.invalidateQueries({ queryKey: ['batches'] }),
      ),
    [client],
  );
}

function PastBatches({ selected, onOpen }: { selected: string | null; onOpen: (id: string) => void }) {
  const batches = useBatches();
  return (
    <Paper p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Your batches
        </Title>
        {batches.isPending ? (
          <Center py="lg" role="status">
            <Loader size="sm" aria-label="Loading your batches" />
          </Center>
        ) : batches.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Could not load your batches">
            <Group gap="sm">
              <Text size="sm">{batches.error.message}</Text>
              <Button size="xs" variant="default" onClick={() => void batches.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : batches.data.length === 0 ? (
          <Center py="lg">
            <Stack align="center" gap={6}>
              <IconFiles size={28} aria-hidden="true" color="var(--mantine-color-dimmed)" />
              <Text fw={600}>No batches yet</Text>
              <Text size="sm" c="dimmed">
                Files you screen here or through the API appear in this list.
              </Text>
            </Stack>
          </Center>
        ) : (
          <BatchesTable batches={batches.data} selected={selected} onOpen={onOpen} />
        )}
      </Stack>
    </Paper>
  );
}

function SelectedBatch({ id }: { id: string }) {
  const batch = useBatch(id);
  if (batch.isPending)
    return (
      <Center py="lg" role="status">
        <Loader size="sm" aria-label="Loading the batch" />
      </Center>
    );
  if (batch.isError)
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Could not load the batch">
        {batch.error.message}
      </Alert>
    );
  return <BatchDetail key={batch.data.id} batch={batch.data} actions={<WatchBatchButton key={batch.data.id} batch={batch.data} />} />;
}

/** /dashboard/batch: upload a CSV of wallets, see its cost, screen it, follow it live, download the results. */
export function BatchPage() {
  useLiveBatches();
  const [params, setParams] = useSearchParams();
  const selected = params.get('batch');
  const open = (id: string) => setParams({ batch: id });

  return (
    <>
      <PageHeader title="Batch screening" description="Screen a whole file of wallets at once: every row is checked before anything is charged, and each distinct wallet costs one check." />
      <Stack gap="md">
        <BatchUpload onScreened={(batch) => open(batch.id)} />
        {selected ? <SelectedBatch id={selected} /> : null}
        <PastBatches selected={selected} onOpen={open} />
      </Stack>
    </>
  );
}
