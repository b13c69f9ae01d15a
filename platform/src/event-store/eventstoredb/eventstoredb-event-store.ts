/**
 * The EventStore port on EventStoreDB / KurrentDB (`@eventstore/db-client`), for the distributed
 * profile. Decisions (see also mapping.ts for positions):
 *
 * - Expected revision: 'no-stream' / 'stream-exists' / 'any' / n map to NO_STREAM / STREAM_EXISTS /
 *   ANY / BigInt(n); the server's WrongExpectedVersion becomes our WrongExpectedRevision.
 * - Event-id idempotency as the SQLite adapter decides it: an append whose ids were all written
 *   before, as one write to this stream, answers that write's result with `duplicate: true`; a
 *   partial overlap, or an id written to another stream, is DuplicateEventId. The server only
 *   dedupes per stream and, with ANY, only best effort, so the adapter checks itself: each event
 *   id is first claimed by appending a small event to `ws-eventid-<id>` with NO_STREAM (in
 *   parallel, one round trip). A fresh claim proves the id is new; an existing claim names the
 *   stream that holds (or, after a crash between claim and append, was about to hold) the id, and
 *   only then is that stream read to find the earlier write. Claim streams are bookkeeping,
 *   never delivered. `claimEventIds: false` skips the claims (one write fewer per event): then
 *   every append reads the stream's last `dedupeWindow` events first, and an id reused on another
 *   stream goes undetected.
 * - readAll reads $all forward and filters on the client (the v6 client's readAll has no server
 *   filter); system events, `$` streams and claim streams are never returned.
 * - subscribe is a catch-up subscription to $all with a server-side stream-name filter, re-opened
 *   from the last position seen after a drop, with exponential back-off (resubscribing-subscription.ts).
 * - Hash chain: not kept here. The chain needs one writer serializing every append (SQLite's
 *   IMMEDIATE transaction); many command-api replicas append to EventStoreDB concurrently and the
 *   server cannot compute a hash for us, so `hash`/`prevHash` stay absent, and the SQLite-only
 *   verifier (contiguous positions from 1) does not apply: EventStoreDB's own log is append-only
 *   with per-record checksums, and scavenging, not a missing position, is how events disappear.
 */
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  streamNameFilter,
  type JSONType,
  type ReadPosition,
} from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';
import {
  DuplicateEventId,
  WrongExpectedRevision,
  type AppendResult,
  type BatchHandler,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  type ListStreamsOptions,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port';
import {
  APPLICATION_STREAMS_REGEX,
  CLAIM_STREAM_PREFIX,
  fromClientRevision,
  isApplicationEvent,
  matchesFilter,
  toClientExpectedRevision,
  toReadPosition,
  toRecordedEvent,
  toSafeNumber,
  type ClientRecordedEvent,
} from './mapping';
import { repeatedWrite } from '../repeated-write';
import { resubscribingSubscription, type Backoff, type LiveEventSource } from './resubscribing-subscription';

export interface EventStoreDbEventStoreOptions {
  /** `esdb://host:2113?tls=false` (a `kurrentdb://` URL is accepted and rewritten). */
  connectionString: string;
  /** Claim each event id in its own stream so ids are unique across streams (default true). */
  claimEventIds?: boolean;
  /** Without claims: how many of a stream's last events are searched for repeated ids (default 10 000). */
  dedupeWindow?: number;
  /** Events read from $all per request (default 500). */
  readPageSize?: number;
  backoff?: Backoff;
  /** Told when a subscription drops and is about to be re-opened. */
  onSubscriptionDrop?: (error: unknown, attempt: number, delayMs: number) => void;
}

type ClientResolved = { event?: ClientRecordedEvent };

/** The client URL for a connection string (the v6 client speaks `esdb://`). */
export function clientConnectionString(url: string): string {
  return url.replace(/^kurrentdb(\+discover)?:\/\//, (_m, discover: string | undefined) => `esdb${discover ?? ''}://`);
}

export class EventStoreDbEventStore implements EventStore {
  readonly client: EventStoreDBClient;
  private readonly claimEventIds: boolean;
  private readonly dedupeWindow: number;
  private readonly pageSize: number;
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(private readonly options: EventStoreDbEventStoreOptions) {
    this.client = EventStoreDBClient.connectionString(clientConnectionString(options.connectionString));
    this.claimEventIds = options.claimEventIds ?? true;
    this.dedupeWindow = options.dedupeWindow ?? 10_000;
    this.pageSize = options.readPageSize ?? 500;
  }

  async append(streamId: string, events: readonly EventData[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    this.assertOpen();
    if (events.length === 0) throw new Error('append needs at least one event');
    if (streamId.length === 0) throw new Error('stream id must not be empty');
    if (!isApplicationEvent(streamId, '')) throw new Error(`stream id ${streamId} is reserved (system or claim stream)`);
    const expected = toClientExpectedRevision(options.expectedRevision);
    const ids = events.map((e) => e.id.toLowerCase());
    if (new Set(ids).size !== ids.length) throw new DuplicateEventId(ids.find((id, i) => ids.indexOf(id) !== i)!);

    const claimedBefore = this.claimEventIds ? await this.claim(streamId, ids) : true;
    if (claimedBefore) {
      const previous = await this.previousWrite(streamId, ids);
      if (previous) return previous;
    }
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) => jsonEvent({ id: e.id, type: e.type, data: (e.data ?? null) as JSONType, metadata: e.metadata ?? {} })),
        { expectedRevision: expected },
      );
      if (!result.position) {
        // The server answered an idempotent repeat (no new record, hence no position).
        const previous = await this.previousWrite(streamId, ids);
        if (previous) return previous;
        throw new Error(`append to ${streamId} returned no position`);
      }
      return { nextExpectedRevision: toSafeNumber(result.nextExpectedRevision, 'revision'), position: toSafeNumber(result.position.commit, 'commit position') };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const previous = await this.previousWrite(streamId, ids);
      if (previous) return previous;
      throw new WrongExpectedRevision(streamId, options.expectedRevision, fromClientRevision(error.actualVersion));
    }
  }

  /**
   * Claims every id for `streamId`. Throws DuplicateEventId when one belongs to another stream;
   * answers whether any was claimed before (for this stream: possibly a repeated write).
   */
  private async claim(streamId: string, ids: readonly string[]): Promise<boolean> {
    const outcomes = await Promise.all(
      ids.map(async (id) => {
        try {
          await this.client.appendToStream(`${CLAIM_STREAM_PREFIX}${id}`, jsonEvent({ id: randomUUID(), type: 'EventIdClaimed', data: { streamId } }), {
            expectedRevision: NO_STREAM,
          });
          return { id, owner: null as string | null };
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError)) throw error;
          const [first] = await this.readStreamRaw(`${CLAIM_STREAM_PREFIX}${id}`, { fromRevision: 0, maxCount: 1 });
          const owner = first && typeof first.data === 'object' && first.data !== null ? (first.data as { streamId?: unknown }).streamId : undefined;
          return { id, owner: typeof owner === 'string' ? owner : '' };
        }
      }),
    );
    const foreign = outcomes.find((o) => o.owner !== null && o.owner !== streamId);
    if (foreign) throw new DuplicateEventId(foreign.id);
    return outcomes.some((o) => o.owner !== null);
  }

  /** The write these ids were appended in, if it was one whole write to this stream; as in the SQLite adapter. */
  private async previousWrite(streamId: string, ids: readonly string[]): Promise<AppendResult | null> {
    const wanted = new Set(ids);
    const recent = await this.readStreamRaw(streamId, { direction: 'backwards', maxCount: this.dedupeWindow });
    return repeatedWrite(
      streamId,
      ids,
      recent.filter((e) => wanted.has(e.id)).sort((a, b) => a.revision - b.revision),
    );
  }

  private async readStreamRaw(
    streamId: string,
    options: { fromRevision?: number; maxCount?: number; direction?: 'forwards' | 'backwards' },
  ): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const out: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: backwards ? END : BigInt(options.fromRevision ?? 0),
        ...(options.maxCount === undefined ? {} : { maxCount: BigInt(options.maxCount) }),
      });
      for await (const resolved of read as AsyncIterable<ClientResolved>) {
        if (resolved.event) out.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    if (options.maxCount === 0) return [];
    return this.readStreamRaw(streamId, { fromRevision: options.fromRevision ?? 0, ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }) });
  }

  async streamRevision(streamId: string): Promise<number | 'no-stream'> {
    this.assertOpen();
    const [last] = await this.readStreamRaw(streamId, { direction: 'backwards', maxCount: 1 });
    return last ? last.revision : 'no-stream';
  }

  /** One page of $all from `from`, as the client delivers it (all events, system ones included). */
  private async readAllPage(from: ReadPosition, direction: 'forwards' | 'backwards', maxCount: number): Promise<ClientRecordedEvent[]> {
    const out: ClientRecordedEvent[] = [];
    const read = this.client.readAll({ fromPosition: from, direction: direction === 'forwards' ? FORWARDS : BACKWARDS, maxCount: BigInt(maxCount) });
    for await (const resolved of read as AsyncIterable<ClientResolved>) if (resolved.event) out.push(resolved.event);
    return out;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const after = options.after ?? 0;
    const max = options.maxCount ?? Number.POSITIVE_INFINITY;
    const out: RecordedEvent[] = [];
    let from = toReadPosition(after);
    let last = after;
    while (out.length < max) {
      const page = await this.readAllPage(from, 'forwards', this.pageSize);
      let progressed = false;
      for (const raw of page) {
        if (!raw.position) continue;
        const position = toSafeNumber(raw.position.commit, 'commit position');
        if (position <= last) continue;
        last = position;
        progressed = true;
        if (matchesFilter(raw, options.filter)) out.push(toRecordedEvent(raw));
        if (out.length >= max) break;
      }
      if (page.length < this.pageSize || !progressed) break;
      from = toReadPosition(last);
    }
    return out;
  }

  /**
   * EventStoreDB keeps no index of stream names a client can range over (the `$streams` system
   * projection needs projections enabled and lists in creation order): this reads the whole of $all
   * page by page (the prefix is matched here, as readAll's filter is), keeps the distinct ids and
   * sorts them. Its cost grows with the whole store, not with the page asked for: an admin's
   * occasional listing, not something to call per request in a busy deployment.
   */
  async listStreams(options: ListStreamsOptions): Promise<string[]> {
    this.assertOpen();
    const prefix = options.prefix ?? '';
    const after = options.after ?? '';
    const ids = new Set<string>();
    let from = 0;
    for (;;) {
      const page = await this.readAll({ after: from, maxCount: this.pageSize, ...(prefix ? { filter: { streamPrefixes: [prefix] } } : {}) });
      for (const e of page) if (e.streamId > after) ids.add(e.streamId);
      if (page.length < this.pageSize) break;
      from = page[page.length - 1]!.position;
    }
    return [...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)).slice(0, Math.max(0, options.limit));
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    let from: ReadPosition = END;
    for (;;) {
      const page = await this.readAllPage(from, 'backwards', this.pageSize);
      const ours = page.find((e) => e.position && isApplicationEvent(e.streamId, e.type));
      if (ours?.position) return toSafeNumber(ours.position.commit, 'commit position');
      const oldest = page[page.length - 1]?.position;
      if (page.length < this.pageSize || !oldest) return 0;
      // Backward reads are exclusive of their start position.
      from = oldest;
    }
  }

  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription {
    this.assertOpen();
    const subscription = resubscribingSubscription(
      this.liveSource(options),
      {
        ...(options.after === undefined ? {} : { after: options.after }),
        ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
        accept: (e) => matchesFilter(e, options.filter),
        ...(this.options.backoff ? { backoff: this.options.backoff } : {}),
        ...(this.options.onSubscriptionDrop ? { onDrop: this.options.onSubscriptionDrop } : {}),
      },
      handler,
    );
    this.subscriptions.add(subscription);
    void subscription.done.finally(() => this.subscriptions.delete(subscription)).catch(() => undefined);
    return subscription;
  }

  /** $all from a position, filtered on the server to application streams (or the wanted prefixes). */
  private liveSource(options: SubscribeOptions): LiveEventSource {
    const client = this.client;
    const prefixes = options.filter?.streamPrefixes ?? [];
    const filter = prefixes.length > 0 ? streamNameFilter({ prefixes: [...prefixes] }) : streamNameFilter({ regex: APPLICATION_STREAMS_REGEX });
    return {
      async *open(after, signal) {
        const subscription = client.subscribeToAll({ fromPosition: toReadPosition(after), filter });
        const stop = () => void subscription.unsubscribe().catch(() => undefined);
        signal.addEventListener('abort', stop);
        try {
          for await (const resolved of subscription as AsyncIterable<ClientResolved>) {
            const e = resolved.event;
            if (e?.position && isApplicationEvent(e.streamId, e.type)) yield toRecordedEvent(e);
          }
        } finally {
          signal.removeEventListener('abort', stop);
          await subscription.unsubscribe().catch(() => undefined);
        }
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }

  private assertOpen() {
    if (this.closed) throw new Error('event store is closed');
  }
}
