/**
 * Pure mappings between the EventStore port and `@eventstore/db-client` (no I/O).
 *
 * Positions. EventStoreDB orders $all by a (commit, prepare) pair of byte offsets in its
 * transaction file. For every event written through the gRPC API (one implicit transaction per
 * append; explicit multi-request transactions exist only in the legacy TCP API) the server reports
 * commit == prepare == the event record's own log position, distinct per event and increasing in
 * $all order (EventStore.Core AllReader: `new CommitEventRecord(eventRecord, eventRecord.LogPosition)`).
 * So our `position` is the commit position as a number: strictly increasing, not 1..n and not
 * contiguous (gaps are the bytes of other records). It stays exact up to 2^53 bytes (8 PiB) of log.
 * `after: p` maps back to the read position {commit: p, prepare: p}; the server reads forward from
 * a position inclusively, so the adapter drops events at or before `after`.
 * What the consumers assume holds: the projections runner, checkpointed workers and catch-up
 * subscriptions only compare positions and resume after one they were handed; nothing but the
 * SQLite-only hash-chain verifier expects `position + 1` to be the next event.
 */
import { ANY, NO_STREAM, START, STREAM_EXISTS } from '@eventstore/db-client';
import type { AppendExpectedRevision, CurrentRevision, Position, ReadPosition } from '@eventstore/db-client';
import { matchesEventFilter, type EventFilter, type ExpectedRevision, type RecordedEvent } from '../port';

export function toClientExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no-stream':
      return NO_STREAM;
    case 'stream-exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) throw new RangeError(`expected revision must be a revision (integer >= 0), got ${String(expected)}`);
      return BigInt(expected);
  }
}

/** The client's current revision of a stream (in a WrongExpectedVersion error) as ours. */
export function fromClientRevision(actual: CurrentRevision | undefined): number | 'no-stream' {
  if (typeof actual === 'bigint') return toSafeNumber(actual, 'revision');
  return 'no-stream';
}

export function toSafeNumber(value: bigint, what: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} ${value.toString()} does not fit a safe integer`);
  return n;
}

/** Our global position of an event at this $all position. */
export function toPortPosition(position: Position): number {
  return toSafeNumber(position.commit, 'commit position');
}

/** Where to start reading $all to get the events after `after` (the read is inclusive: drop `<= after`). */
export function toReadPosition(after: number | undefined): ReadPosition {
  if (after === undefined || after <= 0) return START;
  if (!Number.isSafeInteger(after)) throw new RangeError(`position must be an integer, got ${after}`);
  const p = BigInt(after);
  return { commit: p, prepare: p };
}

/**
 * Streams holding the adapter's own event-id claims (see EventStoreDbEventStore): never ours to
 * deliver, like system streams (`$`-prefixed) and system events (`$`-prefixed types).
 */
export const CLAIM_STREAM_PREFIX = 'ws-eventid-';

/** True for events of the application, false for system events and the adapter's bookkeeping. */
export function isApplicationEvent(streamId: string, type: string): boolean {
  return !streamId.startsWith('$') && !type.startsWith('$') && !streamId.startsWith(CLAIM_STREAM_PREFIX);
}

/** Server-side stream-name filter for subscriptions: no system streams, no claim streams. */
export const APPLICATION_STREAMS_REGEX = `^(?!\\$|${CLAIM_STREAM_PREFIX})`;

export function matchesFilter(event: Pick<RecordedEvent, 'streamId' | 'type'>, filter: EventFilter | undefined): boolean {
  return isApplicationEvent(event.streamId, event.type) && matchesEventFilter(event, filter);
}

/** The client's recorded event (as delivered by readStream/readAll/subscribeToAll) in our shape. */
export interface ClientRecordedEvent {
  streamId: string;
  id: string;
  isJson: boolean;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata?: unknown;
  position?: Position;
}

export function toRecordedEvent(e: ClientRecordedEvent): RecordedEvent {
  if (!e.position) throw new Error(`event ${e.id} of ${e.streamId} came without a $all position`);
  const data = e.isJson ? e.data : parseBinary(e.data);
  const metadata = e.metadata instanceof Uint8Array ? parseBinary(e.metadata) : e.metadata;
  return {
    id: e.id.toLowerCase(),
    type: e.type,
    data: data === undefined ? null : data,
    metadata: typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {},
    streamId: e.streamId,
    revision: toSafeNumber(e.revision, 'revision'),
    position: toPortPosition(e.position),
    recordedAt: e.created.toISOString(),
  };
}

function parseBinary(value: unknown): unknown {
  if (!(value instanceof Uint8Array) || value.length === 0) return value instanceof Uint8Array ? null : value;
  try {
    return JSON.parse(Buffer.from(value).toString('utf8')) as unknown;
  } catch {
    return Buffer.from(value).toString('base64');
  }
}
