import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { formatDate, formatHistoryTimestamp, type SanctionsStatus } from '@walletscreen/contracts';
import { useSanctionsStatus } from '../api/get-sanctions-status';
import { useSyncSanctions } from '../api/sync-sanctions';

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} className="ws-tabular">
        {value}
      </Text>
    </Stack>
  );
}

const resultBadge = (s: SanctionsStatus) =>
  s.last_sync_result === null ? (
    <Badge variant="light" color="gray">
      Never synced
    </Badge>
  ) : s.last_sync_result === 'failed' ? (
    <Badge variant="light" color="red">
      Failed{s.last_sync_error ? `: ${s.last_sync_error}` : ''}
    </Badge>
  ) : (
    <Badge variant="light" color="teal">
      {s.last_sync_result === 'imported' ? 'Imported' : 'Unchanged'}
    </Badge>
  );

/** The OFAC SDN list in force, its last sync, and a button that syncs now. */
export function OfacStatusCard() {
  const status = useSanctionsStatus();
  const sync = useSyncSanctions();
  const s = status.data;
  return (
    <Paper p="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            OFAC SDN list
          </Title>
          <Button leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={() => sync.mutate()} loading={sync.isPending}>
            Sync now
          </Button>
        </Group>
        {status.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Loading the list's status...</Text>
          </Group>
        ) : status.isError ? (
          <Alert color="red" variant="light" role="alert" title="Could not load the list's status">
            {status.error.message}
          </Alert>
        ) : s ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Figure label="Publication date" value={s.loaded && s.publication_date ? formatDate(s.publication_date) : 'No list loaded'} />
            <Figure label="Listed addresses" value={s.address_count.toLocaleString('en-US')} />
            <Figure label="Last sync" value={s.last_sync_at ? `${formatHistoryTimestamp(s.last_sync_at)} UTC` : '—'} />
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                Last sync result
              </Text>
              <div>{resultBadge(s)}</div>
            </Stack>
          </SimpleGrid>
        ) : null}
        {sync.data ? (
          <Alert color={sync.data.result === 'failed' ? 'red' : 'teal'} variant="light" role="status" title={sync.data.result === 'failed' ? 'Sync failed: the list in force stays' : `Sync finished: ${sync.data.result}`}>
            {sync.data.error ?? `${sync.data.status.address_count.toLocaleString('en-US')} listed addresses in force.`}
          </Alert>
        ) : null}
        {sync.isError ? (
          <Alert color="red" variant="light" role="alert" title="Could not sync">
            {sync.error.message}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
