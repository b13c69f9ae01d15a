import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Select, Slider, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconChevronRight, IconFileSearch } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CopyIconButton } from '../../../components/copy-address';
import { ErrorState } from '../../../components/list-kit/error-state';
import { LoadingState } from '../../../components/list-kit/loading-state';
import { PageHeader } from '../../../components/page-header';
import { StreamEventTimeline } from '../../../components/stream-events/stream-event-timeline';
import { useStream } from '../api/get-stream';
import { parsePositionParam, positionStops, stopIndexAt } from '../position-stops';
import { StreamState } from '../components/stream-state';

const CHECK_PREFIX = 'check-';

/** /admin/streams/:streamId?position=N: a stream's events and its folded state as of any of its events' positions. */
export function StreamPage() {
  const { streamId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const asked = parsePositionParam(search.get('position'));
  const head = useStream(streamId, null);
  const at = useStream(streamId, asked, asked !== null);
  const whole = head.data?.stream_id === streamId ? head.data : undefined;
  const stops = whole ? positionStops(whole.events) : [];
  const index = stopIndexAt(stops, asked);
  const view = asked === null ? whole : at.data?.stream_id === streamId ? at.data : undefined;
  const loading = head.isPending || (asked !== null && at.isPending);
  const error = head.error ?? (asked !== null ? at.error : null);
  // The slider's stop while it is dragged; the state is asked for when it is let go.
  const [sliding, setSliding] = useState<number | null>(null);
  const goTo = (i: number) => {
    const stop = stops[i];
    if (!stop) return;
    setSearch(i === stops.length - 1 ? {} : { position: String(stop.position) }, { replace: true });
  };

  return (
    <>
      <Anchor component={Link} to="/admin/streams" size="sm" mb="xs" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden="true" /> Streams
      </Anchor>
      <PageHeader
        title="Stream"
        description={
          <Group gap={6} wrap="wrap" component="span" miw={0}>
            <Group gap={4} wrap="nowrap" component="span" miw={0}>
              <Text span className="ws-mono" miw={0} style={{ overflowWrap: 'anywhere' }} data-testid="stream-id">
                {streamId}
              </Text>
              <CopyIconButton value={streamId} label="Copy stream id" />
            </Group>
            {whole?.kind ? (
              <Badge variant="light" color="gray" tt="none">
                {whole.kind}
              </Badge>
            ) : null}
          </Group>
        }
        actions={
          streamId.startsWith(CHECK_PREFIX) ? (
            <Button
              component={Link}
              to={`/admin/checks/${encodeURIComponent(streamId.slice(CHECK_PREFIX.length))}`}
              variant="default"
              leftSection={<IconFileSearch size={16} aria-hidden="true" />}
            >
              Evidence & replay
            </Button>
          ) : undefined
        }
      />
      {error && !view ? (
        <ErrorState
          title="Could not load the stream"
          message={error.message}
          onRetry={() => void (head.isError ? head.refetch() : at.refetch())}
          retrying={head.isFetching || at.isFetching}
        />
      ) : loading && !view ? (
        <LoadingState label="Loading the stream..." />
      ) : view && whole ? (
        <Stack gap="md">
          <Paper p="md" component="section" aria-labelledby="position-title">
            <Stack gap="sm">
              <Title order={2} fz="lg" id="position-title">
                State as of position
              </Title>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label="Position"
                  description="Each event of the stream is a stop"
                  data={stops.map((s) => ({ value: String(s.position), label: s.label }))}
                  value={index >= 0 ? String(stops[index]!.position) : null}
                  placeholder="Before the stream's first event"
                  onChange={(value) => value !== null && goTo(stops.findIndex((s) => String(s.position) === value))}
                  allowDeselect={false}
                  searchable
                  w={{ base: '100%', sm: 460 }}
                  maxDropdownHeight={320}
                />
                <Group gap="xs" wrap="wrap">
                  <Button
                    variant="default"
                    leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
                    disabled={index <= 0}
                    onClick={() => goTo(index - 1)}
                  >
                    Previous event
                  </Button>
                  <Button
                    variant="default"
                    rightSection={<IconChevronRight size={16} aria-hidden="true" />}
                    disabled={index >= stops.length - 1}
                    onClick={() => goTo(index + 1)}
                  >
                    Next event
                  </Button>
                </Group>
              </Group>
              {stops.length > 1 ? (
                <Slider
                  min={0}
                  max={stops.length - 1}
                  step={1}
                  value={sliding ?? Math.max(index, 0)}
                  onChange={setSliding}
                  onChangeEnd={(i) => {
                    setSliding(null);
                    goTo(i);
                  }}
                  label={(i) => `Position ${stops[i]?.position ?? ''}`}
                  thumbLabel="State as of event"
                  thumbValueText={(i) => stops[i]?.label ?? ''}
                  marks={stops.length <= 60 ? stops.map((_, i) => ({ value: i })) : undefined}
                  mx="xs"
                  my="xs"
                />
              ) : null}
              <Text size="sm" c="dimmed" className="ws-tabular" role="status" data-testid="position-summary">
                {index >= 0
                  ? `Event ${index + 1} of ${stops.length}: the state after ${stops[index]!.name} (global position ${stops[index]!.position}).`
                  : `Before the stream's first event: the initial state.`}
              </Text>
              <div aria-busy={at.isFetching} style={{ opacity: asked !== null && at.isPlaceholderData ? 0.6 : 1 }}>
                <StreamState view={view} />
              </div>
            </Stack>
          </Paper>
          <Paper p="md" component="section" aria-labelledby="stream-events-title">
            <Stack gap="sm">
              <Title order={2} fz="lg" id="stream-events-title">
                Events up to this position{' '}
                <Text span c="dimmed" fz="sm" className="ws-tabular">
                  ({view.events.length} of {view.total_events})
                </Text>
              </Title>
              {view.events.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No event of this stream was recorded by this position.
                </Text>
              ) : (
                <StreamEventTimeline events={view.events} label="Events of the stream up to this position" idPrefix="stream-event" />
              )}
            </Stack>
          </Paper>
        </Stack>
      ) : null}
    </>
  );
}
