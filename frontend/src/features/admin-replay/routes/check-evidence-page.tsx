import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlayerPlay, IconReceiptRefund, IconTimeline } from '@tabler/icons-react';
import { checkStreamId } from '@walletscreen/contracts';
import { Link, useParams } from 'react-router';
import { CopyAddress } from '../../../components/copy-address';
import { ErrorState } from '../../../components/list-kit/error-state';
import { LoadingState } from '../../../components/list-kit/loading-state';
import { PageHeader } from '../../../components/page-header';
import { StreamEventTimeline } from '../../../components/stream-events/stream-event-timeline';
import { useCheckEvents } from '../api/get-check-events';
import { useReplayCheck } from '../api/replay-check';
import { ReplayVerdict } from '../components/replay-verdict';
import { VersionsCard } from '../components/versions-card';
import { ErrorAlert } from '../../../components/error-alert';
import { DownloadEvidenceButton } from '../../../components/download-evidence-button';
import { notifyDone } from '../../../components/notify';
import { isReadOnlySession } from '../../../lib/session';
import { ChargeCard } from '../components/charge-card';
import { RefundCheckModal } from '../components/refund-check-modal';

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
          <ErrorAlert title="Could not replay the check">{replay.error.message}</ErrorAlert>
        ) : replay.data ? (
          <ReplayVerdict replay={replay.data} />
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * /admin/checks/:checkId: a check's evidence as recorded, event by event, the versions it used, what
 * it cost its customer and its replay. An admin (not an auditor, who reads only) refunds a check
 * that is charged and not refunded.
 */
export function CheckEvidencePage() {
  const { checkId = '' } = useParams();
  const check = useCheckEvents(checkId);
  const readOnly = isReadOnlySession();
  const [refunding, setRefunding] = useState(false);
  return (
    <>
      <Anchor component={Link} to="/admin/history" size="sm" mb="xs" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden="true" /> History
      </Anchor>
      <PageHeader
        title="Check evidence & replay"
        description={
          <Group gap={6} wrap="nowrap" component="span" miw={0}>
            <Text span c="dimmed" style={{ flexShrink: 0 }}>
              Check
            </Text>
            <CopyAddress address={checkId} shorten copyLabel="Copy check id" />
            {check.data ? (
              <Badge variant="light" color="gray">
                {STATUS_LABELS[check.data.status]}
              </Badge>
            ) : null}
          </Group>
        }
        actions={
          <Group gap="sm">
            {check.data && check.data.status !== 'running' ? (
              <DownloadEvidenceButton variant="default" path={`/admin/checks/${encodeURIComponent(checkId)}/evidence`} checkId={checkId} />
            ) : null}
            <Button
              component={Link}
              to={`/admin/streams/${encodeURIComponent(checkStreamId(checkId))}`}
              variant="default"
              leftSection={<IconTimeline size={16} aria-hidden="true" />}
            >
              Open in stream browser
            </Button>
          </Group>
        }
      />
      {check.isPending ? (
        <LoadingState label="Loading the check's events..." />
      ) : check.isError ? (
        <ErrorState title="Could not load the check" message={check.error.message} onRetry={() => void check.refetch()} retrying={check.isFetching} />
      ) : (
        <Stack gap="md">
          <ChargeCard
            charge={check.data.charge}
            action={
              !readOnly && check.data.charge.status === 'charged' ? (
                <Button variant="default" leftSection={<IconReceiptRefund size={16} aria-hidden="true" />} onClick={() => setRefunding(true)}>
                  Refund this check…
                </Button>
              ) : null
            }
          />
          {readOnly ? null : (
            <RefundCheckModal
              checkId={checkId}
              opened={refunding}
              onClose={() => setRefunding(false)}
              onRefunded={(customer) => {
                setRefunding(false);
                notifyDone(`${customer.email} has the check back: ${customer.remaining_checks} checks left.`, 'Check refunded');
              }}
            />
          )}
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
