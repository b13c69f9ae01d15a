import { useState } from 'react';
import { Badge, Button, Code, Collapse, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { StreamEvent } from '@walletscreen/contracts';
import { CopyAddress } from '../copy-address';
import { formatDateTime } from '../../lib/format-date';

/** The stage a check's stage event records (its data's `key`: blockchain, sanctions…), if it is one. */
function stageOf(event: StreamEvent): string | null {
  if (!event.type.endsWith('StageCompleted') || typeof event.data !== 'object' || event.data === null) return null;
  const key = (event.data as { key?: unknown }).key;
  return typeof key === 'string' && key !== '' ? `${key} stage` : null;
}

/** A hash shortened (first 6 … last 4) with a copy button; "no hash" where the store keeps none. */
function Hash({ label, value }: { label: string; value: string | null }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {value ? (
        <CopyAddress address={value} shorten copyLabel={`Copy ${label.toLowerCase()}`} />
      ) : (
        <Text size="xs" c="dimmed">
          none recorded
        </Text>
      )}
    </Group>
  );
}

function EventItem({ event, idPrefix }: { event: StreamEvent; idPrefix: string }) {
  const [open, setOpen] = useState(false);
  const dataId = `${idPrefix}-data-${event.position}`;
  return (
    <Stack gap={4} miw={0} data-testid="stream-event" data-position={event.position}>
      <Group gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed" className="ws-tabular">
          Position {event.position} · revision {event.revision}
        </Text>
        <Text size="xs" c="dimmed" className="ws-tabular" title={event.recorded_at}>
          {formatDateTime(event.recorded_at)} UTC
        </Text>
        <Badge variant="light" color="gray" size="sm" tt="none" className="ws-mono" data-testid="event-type" style={{ maxWidth: '100%' }}>
          {event.type}
        </Badge>
      </Group>
      <Group gap="md" wrap="wrap" style={{ rowGap: 0 }}>
        <Hash label="Hash" value={event.hash} />
        <Hash label="Previous" value={event.prev_hash} />
      </Group>
      <div>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={open ? <IconChevronDown size={14} aria-hidden="true" /> : <IconChevronRight size={14} aria-hidden="true" />}
          aria-expanded={open}
          aria-controls={dataId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide data' : 'Show data'}
        </Button>
      </div>
      <Collapse expanded={open} id={dataId}>
        {open ? (
          <Code block tabIndex={0} aria-label={`Data of event ${event.position} as JSON`} style={{ maxHeight: '50vh', overflow: 'auto', maxWidth: '100%' }}>
            {JSON.stringify(event.data, null, 2)}
          </Code>
        ) : null}
      </Collapse>
    </Stack>
  );
}

/** Events drawn at first: a long stream (a customer with thousands of checks) shows its latest ones and more on demand. */
export const TIMELINE_PAGE = 100;

/**
 * A stream's events, oldest first, as a timeline: each by its human name, with its type, position
 * and revision, when it was recorded, its hash and the previous one (shortened, copyable), and its
 * data as recorded, expandable as formatted JSON. Only the latest TIMELINE_PAGE are drawn until
 * earlier ones are asked for.
 */
export function StreamEventTimeline({ events, label, idPrefix = 'event' }: { events: StreamEvent[]; label: string; idPrefix?: string }) {
  const [shown, setShown] = useState(TIMELINE_PAGE);
  const hidden = Math.max(0, events.length - shown);
  const drawn = hidden > 0 ? events.slice(hidden) : events;
  return (
    <Stack gap="sm">
      {hidden > 0 ? (
        <Group gap="sm">
          <Text size="sm" c="dimmed" className="ws-tabular">
            {hidden.toLocaleString('en-US')} earlier {hidden === 1 ? 'event' : 'events'} not shown
          </Text>
          <Button size="xs" variant="default" onClick={() => setShown((n) => n + TIMELINE_PAGE)}>
            Show {Math.min(hidden, TIMELINE_PAGE)} earlier
          </Button>
        </Group>
      ) : null}
      <Timeline active={drawn.length - 1} bulletSize={14} lineWidth={2} role="list" aria-label={label}>
        {drawn.map((event) => (
          <Timeline.Item
            key={event.position}
            role="listitem"
            title={
              <Text fw={600} size="sm" component="span">
                {event.name}
                {stageOf(event) ? (
                  <Text span c="dimmed" fw={400} size="sm">
                    {' '}
                    · {stageOf(event)}
                  </Text>
                ) : null}
              </Text>
            }
          >
            <EventItem event={event} idPrefix={idPrefix} />
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
