import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPlayerPlay, IconTimeline } from '@tabler/icons-react';
import { checkStreamId } from '@walletscreen/contracts';
import { Link, useParams } from 'react-router';
import { CopyAddress } from '../../../components/copy-address';
import { PageHeader } from '../../../components/page-header';
import { StreamEventTimeline } from '../../../components/stream-events/stream-event-timeline';
import { useCheckEvents } from '../api/get-check-events';
import { useReplayCheck } from '../api/replay-check';
import { ReplayVerdict } from '../components/replay-verdict';
import { VersionsCard } from '../components/versions-card';

const STATUS_LABELS = { running: 'Running', completed: 'Completed', failed: 'Failed' } as const;

function ReplayPanel({ checkId }: { checkId: string }) {
  const replay = useReplayCheck();
  return (
    <Paper p="md" component="section" aria-labelledby="replay-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="replay-title">
              Replay
            </Title>
            <Text size="sm" c="dimmed">
              Re-runs the recorded risk-model version on the recorded evidence and compares the verdict with the one recorded. It changes nothing.
            </Text>
          </Stack>
          <Button leftSection={<IconPlayerPlay size={16} aria-hidden="true" />} onClick={() => replay.mutate(checkId)} loading={replay.isPending}>
            {replay.data || replay.isError ? 'Replay again' : 'Replay'}
          </Button>
        </Group>
        {replay.isPending ? (
          <Text size="sm" c="dimmed" role="status">
            Replaying the check...
          </Text>
        ) : replay.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Could not replay the check">
            {replay.error.message}
          </Alert>
        ) : replay.data ? (
          <ReplayVerdict replay={replay.data} />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** /admin/checks/:checkId: a check's evidence as recorded, event by event, the versions it used, and its replay. */
export function CheckEvidencePage() {
  const { checkId = '' } = useParams();
  const check = useCheckEvents(checkId);
  return (
    <>
      <Anchor component={Link} to="/admin/history" size="sm" mb="xs" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden="true" /> History
      </Anchor>
      <PageHeader
        order={1}
        title="Check evidence & replay"
        description={
          <Group gap={6} wrap="nowrap" component="span" miw={0}>
            <Text span c="dimmed" style={{ flexShrink: 0 }}>
              Check
            </Text>
            <CopyAddress address={checkId} shorten copyLabel="Copy check id" />
            {check.data ? <Badge variant="light" color="gray">{STATUS_LABELS[check.data.status]}</Badge> : null}
          </Group>
        }
        actions={
          <Button component={Link} to={`/admin/streams/${encodeURIComponent(checkStreamId(checkId))}`} variant="default" leftSection={<IconTimeline size={16} aria-hidden="true" />}>
            Open in stream browser
          </Button>
        }
      />
      {check.isPending ? (
        <Center py="xl" role="status">
          <Group gap="sm">
            <Loader size="sm" aria-hidden="true" />
            <Text c="dimmed">Loading the check's events...</Text>
          </Group>
        </Center>
      ) : check.isError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} title="Could not load the check">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{check.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void check.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="md">
          <VersionsCard versions={check.data.versions} />
          <ReplayPanel key={checkId} checkId={checkId} />
          <Paper p="md" component="section" aria-labelledby="events-title">
            <Stack gap="sm">
              <Title order={2} fz="lg" id="events-title">
                Events{' '}
                <Text span c="dimmed" fz="sm" className="ws-tabular">
                  ({check.data.events.length})
                </Text>
              </Title>
              {check.data.events.length === 0 ? (
                <Text c="dimmed" size="sm">
                  This check has no recorded events.
                </Text>
              ) : (
                <StreamEventTimeline events={check.data.events} label="Events of the check" idPrefix="check-event" />
              )}
            </Stack>
          </Paper>
        </Stack>
      )}
    </>
  );
}
