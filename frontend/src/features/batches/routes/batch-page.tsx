import { useEffect } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/list-kit/empty-state';
import { QueryStates } from '../../../components/list-kit/query-states';
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
        <QueryStates
          query={batches}
          loading="Loading your batches..."
          errorTitle="Could not load your batches"
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState icon={IconFiles} title="No batches yet" description="Files you screen here or through the API appear in this list." />}
          py="lg"
        >
          {(list) => <BatchesTable batches={list} selected={selected} onOpen={onOpen} />}
        </QueryStates>
      </Stack>
    </Paper>
  );
}

function SelectedBatch({ id }: { id: string }) {
  const batch = useBatch(id);
  return (
    <QueryStates query={batch} loading="Loading the batch..." errorTitle="Could not load the batch" py="lg">
      {(found) => <BatchDetail key={found.id} batch={found} actions={<WatchBatchButton key={found.id} batch={found} />} />}
    </QueryStates>
  );
}

/** /dashboard/batch: upload a CSV of wallets, see its cost, screen it, follow it live, download the results. */
export function BatchPage() {
  useLiveBatches();
  const [params, setParams] = useSearchParams();
  const selected = params.get('batch');
  const open = (id: string) => setParams({ batch: id });

  return (
    <>
      <PageHeader
        title="Batch screening"
        description="Screen a whole file of wallets at once: every row is checked before anything is charged, and each distinct wallet costs one check."
      />
      <Stack gap="md">
        <BatchUpload onScreened={(batch) => open(batch.id)} />
        {selected ? <SelectedBatch id={selected} /> : null}
        <PastBatches selected={selected} onOpen={open} />
      </Stack>
    </>
  );
}
