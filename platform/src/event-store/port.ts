/**
 * The EventStore port: the source of truth. Every adapter (SQLite here, EventStoreDB later) passes
 * the one contract suite in `contract-suite.ts`.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type EventMetadata = Record<string, unknown>;

/** An event to append. `id` is a UUID chosen by the writer: appending the same ids again is a no-op. */
export interface EventData<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  streamId: string;
  /** 0-based position of the event in its stream. */
  revision: number;
  /** Position in the global order of all events: strictly increasing, starting at 1. */
  position: number;
  /** ISO-8601 moment the store recorded the event. */
  recordedAt: string;
  /**
   * The hash chain, where the adapter keeps one (see hash-chain.ts): sha256 of the previous
   * event's hash and this event's canonical form, and that previous hash.
   */
  hash?: string;
  prevHash?: string;
}

/**
 * `no-stream`: the stream must not exist. `stream-exists`: it must. `any`: no check.
 * A number: the revision of the stream's last event must be exactly that.
 */
export type ExpectedRevision = 'no-stream' | 'stream-exists' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event appended: pass it as the next expected revision. */
  nextExpectedRevision: number;
  /** Global position of the last event appended. */
  position: number;
  /** True when these event ids had been written before: nothing was appended this time. */
  duplicate?: boolean;
}

export class WrongExpectedRevision extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no-stream',
  ) {
    super(`wrong expected revision on ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevision';
  }
}

/** Some, but not all, of an append's event ids were already written, or were written elsewhere. */
export class DuplicateEventId extends Error {
  constructor(readonly eventId: string) {
    super(`event id ${eventId} was already appended as part of a different write`);
    this.name = 'DuplicateEventId';
  }
}

export interface EventFilter {
  /** Only events of these types. */
  eventTypes?: readonly string[];
  /** Only events of streams whose id starts with one of these. */
  streamPrefixes?: readonly string[];
}

/** Whether an event passes a filter: one of its types (when given) and one of its stream prefixes (when given). */
export function matchesEventFilter(event: Pick<RecordedEvent, 'streamId' | 'type'>, filter: EventFilter | undefined): boolean {
  if (filter?.eventTypes && filter.eventTypes.length > 0 && !filter.eventTypes.includes(event.type)) return false;
  if (filter?.streamPrefixes && filter.streamPrefixes.length > 0 && !filter.streamPrefixes.some((p) => event.streamId.startsWith(p))) return false;
  return true;
}

export interface ReadAllOptions {
  /** Return events after this global position (exclusive); 0 or absent reads from the start. */
  after?: number;
  maxCount?: number;
  filter?: EventFilter;
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive); default 0. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ListStreamsOptions {
  /** Only streams whose id starts with this (`user-`); all streams when absent or empty. */
  prefix?: string;
  /** Only stream ids after this one (exclusive), to page on from the last id of a page. */
  after?: string;
  /** At most this many ids. */
  limit: number;
}

/** Where a stream-id range starting with `prefix` ends (exclusive): the prefix with its last character incremented; null for no end. */
export function prefixUpperBound(prefix: string): string | null {
  let p = prefix;
  while (p.length > 0 && p.charCodeAt(p.length - 1) === 0xffff) p = p.slice(0, -1);
  if (p.length === 0) return null;
  return p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1);
}

export interface SubscribeOptions {
  /** Deliver events after this global position (exclusive); 0 or absent from the start. */
  after?: number;
  filter?: EventFilter;
  /** Largest batch handed to the handler at once. */
  batchSize?: number;
  /**
   * Woken as soon as the code that appended yields, for consumers someone is waiting on (live
   * progress). By default an adapter may instead wake subscribers once per turn of the event loop,
   * so that the appends of a busy moment are read (and folded) in one batch.
   */
  prompt?: boolean;
}

/**
 * Events are delivered in global order, in batches; the next batch waits until the handler's
 * promise settles. If the handler throws, the subscription stops and `done` rejects with the error.
 */
export type BatchHandler = (events: RecordedEvent[]) => Promise<void> | void;

export interface Subscription {
  /** Position of the last event handed to the handler and settled (0 before any). */
  readonly position: number;
  /** Settles when the subscription stops: resolves after `close()`, rejects on a handler error. */
  readonly done: Promise<void>;
  close(): Promise<void>;
}

export interface EventStore {
  append(streamId: string, events: readonly EventData[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /** The events of one stream in order; an empty array for a stream that does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Revision of the stream's last event, or 'no-stream'. */
  streamRevision(streamId: string): Promise<number | 'no-stream'>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Ids of the streams that hold events, in ascending order, filtered by prefix and paged (see ListStreamsOptions). */
  listStreams(options: ListStreamsOptions): Promise<string[]>;
  /** Global position of the newest event (0 when empty). */
  headPosition(): Promise<number>;
  /** Catch up from `after`, then follow live appends. */
  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription;
  close(): Promise<void>;
}
