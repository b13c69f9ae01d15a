import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { catchUpSubscription } from '../catch-up-subscription';
import { GENESIS_HASH, eventHash } from '../hash-chain';
import { repeatedWrite } from '../repeated-write';
import {
  DuplicateEventId,
  prefixUpperBound,
  WrongExpectedRevision,
  type AppendResult,
  type BatchHandler,
  type EventData,
  type EventFilter,
  type EventStore,
  type ExpectedRevision,
  type ListStreamsOptions,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port';

export interface SqliteEventStoreOptions {
  /** Path of the database file (shared with the SQLite read store in the embedded profile). */
  file: string;
  /** How often a subscription looks for appends made by other processes, in ms. */
  pollIntervalMs?: number;
  /** PRAGMA synchronous: NORMAL (default) is durable across process crashes in WAL mode; FULL also across power loss. */
  synchronous?: 'NORMAL' | 'FULL';
  clock?: () => Date;
}

interface EventRow {
  position: number;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
  prev_hash: string | null;
  hash: string | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id    TEXT    NOT NULL UNIQUE,
  stream_id   TEXT    NOT NULL,
  revision    INTEGER NOT NULL,
  type        TEXT    NOT NULL,
  data        TEXT    NOT NULL,
  metadata    TEXT    NOT NULL,
  recorded_at TEXT    NOT NULL,
  prev_hash   TEXT,
  hash        TEXT,
  UNIQUE (stream_id, revision)
);
CREATE INDEX IF NOT EXISTS events_type ON events (type, position);
`;

export function openSqliteDatabase(file: string, synchronous: 'NORMAL' | 'FULL' = 'NORMAL'): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}

/** Subscribers are handed the last this many events this process appended from memory. */
const RECENT_EVENTS = 4096;
/** …and at most about this much of their data (JSON characters): a feed's import appends parts of a few hundred kilobytes each. */
const RECENT_CHARS = 16 * 1024 * 1024;

/** Frozen all the way down: events handed from memory are shared by every subscriber. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function matches(e: RecordedEvent, filter: EventFilter | undefined): boolean {
  if (filter?.eventTypes && filter.eventTypes.length > 0 && !filter.eventTypes.includes(e.type)) return false;
  if (filter?.streamPrefixes && filter.streamPrefixes.length > 0 && !filter.streamPrefixes.some((p) => e.streamId.startsWith(p))) return false;
  return true;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    recordedAt: row.recorded_at,
    ...(row.hash === null ? {} : { hash: row.hash }),
    ...(row.prev_hash === null ? {} : { prevHash: row.prev_hash }),
  };
}

/**
 * Stores created before the hash chain get its two columns, and every event its link, in
 * position order, once, when first opened by this version. Inside one IMMEDIATE transaction: a
 * second process opening the file meanwhile waits, then finds the columns there.
 */
function migrateHashChain(db: Database.Database) {
  const hasHash = () => (db.prepare('PRAGMA table_info(events)').all() as Array<{ name: string }>).some((c) => c.name === 'hash');
  if (hasHash()) return;
  db.transaction(() => {
    if (hasHash()) return;
    db.exec('ALTER TABLE events ADD COLUMN prev_hash TEXT; ALTER TABLE events ADD COLUMN hash TEXT;');
    const update = db.prepare<[string, string, number]>('UPDATE events SET prev_hash = ?, hash = ? WHERE position = ?');
    const page = db.prepare<[number], EventRow>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT 1000');
    let prev = GENESIS_HASH;
    for (let after = 0; ;) {
      const rows = page.all(after);
      if (rows.length === 0) break;
      for (const row of rows) {
        const hash = eventHash(prev, toRecorded(row));
        update.run(prev, hash, row.position);
        prev = hash;
      }
      after = rows[rows.length - 1]!.position;
    }
  }).immediate();
}

function filterSql(filter: EventFilter | undefined): { sql: string; params: string[] } {
  const clauses: string[] = [];
  const params: string[] = [];
  if (filter?.eventTypes && filter.eventTypes.length > 0) {
    clauses.push(`type IN (${filter.eventTypes.map(() => '?').join(',')})`);
    params.push(...filter.eventTypes);
  }
  if (filter?.streamPrefixes && filter.streamPrefixes.length > 0) {
    clauses.push(`(${filter.streamPrefixes.map(() => 'substr(stream_id, 1, ?) = ?').join(' OR ')})`);
    for (const p of filter.streamPrefixes) params.push(String(p.length), p);
  }
  return { sql: clauses.map((c) => ` AND ${c}`).join(''), params };
}

export class SqliteEventStore implements EventStore {
  readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly pollIntervalMs: number;
  private readonly clock: () => Date;
  private readonly stmt: {
    revision: Database.Statement<[string], { revision: number | null }>;
    insert: Database.Statement<[number, string, string, number, string, string, string, string, string, string]>;
    chainTip: Database.Statement<[], { seq: number | null; hash: string | null }>;
    lastAssigned: Database.Statement<[], { seq: number }>;
    byIds: Database.Statement<[string], EventRow>;
    readStream: Database.Statement<[string, number, number], EventRow>;
    readAll: Database.Statement<[number, number], EventRow>;
    head: Database.Statement<[], { head: number | null }>;
  };
  private readonly appendTransaction: Database.Transaction<(streamId: string, events: readonly EventData[], expected: ExpectedRevision) => Appended>;
  /**
   * The events this process appended last, with consecutive positions, as a reader would get them
   * back (data and metadata parsed from the JSON written): subscriptions read what was just
   * appended from here instead of each reading and parsing the same rows again (a dozen
   * subscribers per event in the embedded profile). Frozen, since every subscriber gets the same
   * objects. Public reads (`readAll`, `readStream`, the chain's verification) always read the file.
   */
  private recent: RecordedEvent[] = [];
  /** The length of each recent event's data as written (JSON), and their sum. */
  private recentSizes: number[] = [];
  private recentChars = 0;
  /** The file held nothing after this position when last asked in this turn of the event loop. */
  private nothingAfter: number | null = null;
  private readonly subscriptions = new Set<Subscription>();
  /** Statements of filtered reads, by their SQL (one per distinct filter shape). */
  private readonly filtered = new Map<string, Database.Statement<unknown[], EventRow>>();
  private wakeScheduled = { prompt: false, batched: false };
  private closed = false;

  constructor(options: SqliteEventStoreOptions) {
    this.db = openSqliteDatabase(options.file, options.synchronous);
    this.db.exec(SCHEMA);
    migrateHashChain(this.db);
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.clock = options.clock ?? (() => new Date());
    this.appended.setMaxListeners(0);
    this.stmt = {
      revision: this.db.prepare('SELECT max(revision) AS revision FROM events WHERE stream_id = ?'),
      insert: this.db.prepare(
        'INSERT INTO events (position, event_id, stream_id, revision, type, data, metadata, recorded_at, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      // The last position handed out (AUTOINCREMENT never hands one out twice, even after a
      // removal) and the hash of the last event: where the next append continues the chain.
      chainTip: this.db.prepare(
        "SELECT (SELECT seq FROM sqlite_sequence WHERE name = 'events') AS seq, (SELECT hash FROM events ORDER BY position DESC LIMIT 1) AS hash",
      ),
      lastAssigned: this.db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'events'"),
      byIds: this.db.prepare('SELECT * FROM events WHERE event_id IN (SELECT value FROM json_each(?)) ORDER BY position'),
      readStream: this.db.prepare('SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?'),
      readAll: this.db.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?'),
      head: this.db.prepare('SELECT max(position) AS head FROM events'),
    };
    this.appendTransaction = this.db.transaction(this.appendTx);
  }

  private currentRevision(streamId: string): number | 'no-stream' {
    const row = this.stmt.revision.get(streamId);
    return row?.revision ?? 'no-stream';
  }

  /**
   * An append whose event ids were all written before, as one write to this stream, returns
   * that write's result; a partial overlap is an error.
   */
  private previousWrite(streamId: string, events: readonly EventData[]): AppendResult | null {
    const ids = events.map((e) => e.id);
    const rows = this.stmt.byIds.all(JSON.stringify(ids));
    return repeatedWrite(
      streamId,
      ids,
      rows.map((r) => ({ id: r.event_id, streamId: r.stream_id, revision: r.revision, position: r.position })),
    );
  }

  private readonly appendTx = (streamId: string, events: readonly EventData[], expected: ExpectedRevision): Appended => {
    const actual = this.currentRevision(streamId);
    const matches =
      expected === 'any' ||
      (expected === 'no-stream' && actual === 'no-stream') ||
      (expected === 'stream-exists' && actual !== 'no-stream') ||
      (typeof expected === 'number' && actual === expected);
    if (!matches) {
      const previous = this.previousWrite(streamId, events);
      if (previous) return { result: previous, records: [], sizes: [] };
      throw new WrongExpectedRevision(streamId, expected, actual);
    }
    const records: RecordedEvent[] = [];
    const sizes: number[] = [];
    const recordedAt = this.clock().toISOString();
    let revision = actual === 'no-stream' ? -1 : actual;
    // Appends are serialized (IMMEDIATE transactions), so the chain is linear by position.
    const tip = this.stmt.chainTip.get();
    let position = tip?.seq ?? 0;
    let prevHash = tip?.hash ?? GENESIS_HASH;
    try {
      for (const e of events) {
        revision += 1;
        position += 1;
        const data = e.data ?? null;
        const metadata = e.metadata ?? {};
        const hash = eventHash(prevHash, { position, streamId, revision, id: e.id, type: e.type, data, metadata, recordedAt });
        const row: EventRow = {
          position,
          event_id: e.id,
          stream_id: streamId,
          revision,
          type: e.type,
          data: JSON.stringify(data),
          metadata: JSON.stringify(metadata),
          recorded_at: recordedAt,
          prev_hash: prevHash,
          hash,
        };
        this.stmt.insert.run(position, e.id, streamId, revision, e.type, row.data, row.metadata, recordedAt, prevHash, hash);
        records.push(toRecorded(row));
        sizes.push(row.data.length);
        prevHash = hash;
      }
    } catch (error) {
      // Checked by code, not class: a native addon shared by several module registries (jest
      // workers) throws the SqliteError class of the first one that loaded it.
      const e = error as { code?: unknown; message?: unknown };
      if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof e.message === 'string' && e.message.includes('event_id')) {
        // Thrown out of the transaction to roll it back, then answered outside it.
        throw new DuplicateInsert();
      }
      throw error;
    }
    return { result: { nextExpectedRevision: revision, position }, records, sizes };
  };

  async append(streamId: string, events: readonly EventData[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    this.assertOpen();
    if (events.length === 0) throw new Error('append needs at least one event');
    if (streamId.length === 0) throw new Error('stream id must not be empty');
    let result: AppendResult;
    try {
      const appended = this.appendTransaction.immediate(streamId, events, options.expectedRevision);
      result = appended.result;
      this.remember(appended.records, appended.sizes);
    } catch (error) {
      if (!(error instanceof DuplicateInsert)) throw error;
      const previous = this.previousWrite(streamId, events);
      if (!previous) throw new DuplicateEventId(events[0]!.id);
      return previous;
    }
    if (!result.duplicate) this.wakeSubscribers();
    return result;
  }

  /**
   * Calls `listener` once per turn of the event loop in which this store appended (with the
   * batched wake of its own subscribers): how another thread's store on the same file is told
   * to look (see `poke`). Returns the way to stop.
   */
  onAppended(listener: () => void): () => void {
    this.appended.on('append', listener);
    return () => this.appended.off('append', listener);
  }

  /** Another connection appended to the file: subscribers read it now instead of at their next poll. */
  poke(): void {
    this.nothingAfter = null;
    this.wakeSubscribers();
  }

  /**
   * Subscribers are woken after the appends of the current turn of the event loop, so that each
   * reads everything appended meanwhile in one batch instead of one read (and, for a projection,
   * one write) per append; `prompt` ones as soon as the appending code yields. Either way the wake
   * comes after the subscriber that just read (before this append) has started waiting again.
   */
  private wakeSubscribers() {
    if (!this.wakeScheduled.prompt) {
      this.wakeScheduled.prompt = true;
      process.nextTick(() => {
        this.wakeScheduled.prompt = false;
        this.appended.emit('prompt');
      });
    }
    if (!this.wakeScheduled.batched) {
      this.wakeScheduled.batched = true;
      setImmediate(() => {
        this.wakeScheduled.batched = false;
        this.appended.emit('append');
      });
    }
  }

  /** Committed appends of this process, kept while their positions follow on from the last ones kept. */
  private remember(records: RecordedEvent[], sizes: readonly number[]) {
    if (records.length === 0) return;
    this.nothingAfter = null;
    const last = this.recent[this.recent.length - 1];
    if (last && records[0]!.position !== last.position + 1) {
      this.recent = [];
      this.recentSizes = [];
      this.recentChars = 0;
    }
    records.forEach((r, i) => {
      this.recent.push(deepFreeze(r));
      this.recentSizes.push(sizes[i]!);
      this.recentChars += sizes[i]!;
    });
    if (this.recent.length > 2 * RECENT_EVENTS || this.recentChars > RECENT_CHARS) {
      // Keep the newest: at most RECENT_EVENTS, and at most half the characters allowed.
      let keep = Math.min(this.recent.length, RECENT_EVENTS);
      let chars = this.recentSizes.slice(-keep).reduce((a, b) => a + b, 0);
      for (; keep > 0 && chars > RECENT_CHARS / 2; keep--) chars -= this.recentSizes[this.recentSizes.length - keep]!;
      this.recent = keep === 0 ? [] : this.recent.slice(-keep);
      this.recentSizes = keep === 0 ? [] : this.recentSizes.slice(-keep);
      this.recentChars = chars;
    }
  }

  /**
   * A subscription's next page: from memory while this process appended every event after `after`
   * up to the last one it holds, from the file after that (where another process may have
   * appended later ones). `examined`: the last position looked at, matching the filter or not.
   */
  private async readForSubscription(options: {
    after: number;
    maxCount: number;
    filter?: EventFilter;
  }): Promise<{ events: RecordedEvent[]; examined: number }> {
    const first = this.recent[0];
    // Nothing held yet (a store that only reads, such as the projections thread's): an unfiltered
    // subscriber's read is kept too, so that the others following it read it from memory instead
    // of each reading and parsing the same rows.
    if (!first && !options.filter) return this.readPastRecent(options);
    const from = first ? options.after - first.position + 1 : -1;
    if (from === this.recent.length) return this.readPastRecent(options);
    if (from < 0 || from > this.recent.length) {
      const events = await this.readAll(options);
      return { events, examined: events.length > 0 ? events[events.length - 1]!.position : options.after };
    }
    const events: RecordedEvent[] = [];
    let i = from;
    for (; i < this.recent.length && events.length < options.maxCount; i++) {
      const e = this.recent[i]!;
      if (matches(e, options.filter)) events.push(e);
    }
    if (events.length > 0) return { events, examined: this.recent[i - 1]!.position };
    // None of those held passed the filter: go on in the file after them.
    return this.readPastRecent({ ...options, after: this.recent[this.recent.length - 1]!.position });
  }

  /**
   * After the last event held: what other processes appended since, from the file, and kept in
   * memory too. Every subscriber asks once it has handled what it was handed, and mostly finds
   * nothing: the file is asked once per turn of the event loop (and again after an append).
   */
  private async readPastRecent(options: { after: number; maxCount: number; filter?: EventFilter }): Promise<{ events: RecordedEvent[]; examined: number }> {
    if (this.nothingAfter === options.after) return { events: [], examined: options.after };
    const rows = this.stmt.readAll.all(options.after, RECENT_EVENTS);
    const events = rows.map(toRecorded);
    if (events.length > 0) {
      this.remember(
        events,
        rows.map((r) => r.data.length),
      );
      return this.readForSubscription(options);
    }
    this.nothingAfter = options.after;
    process.nextTick(() => (this.nothingAfter = null));
    return { events: [], examined: options.after };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.stmt.readStream.all(streamId, options.fromRevision ?? 0, options.maxCount ?? -1).map(toRecorded);
  }

  async streamRevision(streamId: string): Promise<number | 'no-stream'> {
    this.assertOpen();
    return this.currentRevision(streamId);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const after = options.after ?? 0;
    const max = options.maxCount ?? -1;
    if (!options.filter) return this.stmt.readAll.all(after, max).map(toRecorded);
    const f = filterSql(options.filter);
    const sql = `SELECT * FROM events WHERE position > ?${f.sql} ORDER BY position LIMIT ?`;
    let statement = this.filtered.get(sql);
    if (!statement) {
      statement = this.db.prepare<unknown[], EventRow>(sql);
      if (this.filtered.size < 100) this.filtered.set(sql, statement);
    }
    return statement.all(after, ...f.params, max).map(toRecorded);
  }

  async listStreams(options: ListStreamsOptions): Promise<string[]> {
    this.assertOpen();
    const prefix = options.prefix ?? '';
    const after = options.after ?? '';
    const upper = prefixUpperBound(prefix);
    // A range on the (stream_id, revision) index: reads only the ids listed, whatever the store's size.
    const sql = `SELECT DISTINCT stream_id FROM events WHERE stream_id >= ? AND stream_id > ?${upper === null ? '' : ' AND stream_id < ?'} ORDER BY stream_id LIMIT ?`;
    const params = [prefix, after, ...(upper === null ? [] : [upper]), Math.max(0, options.limit)];
    return this.db
      .prepare<unknown[], { stream_id: string }>(sql)
      .all(...params)
      .map((r) => r.stream_id);
  }

  /** The highest position ever handed out (0 before any): above the head position when events were removed from the end. */
  async lastAssignedPosition(): Promise<number> {
    this.assertOpen();
    return this.stmt.lastAssigned.get()?.seq ?? 0;
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return this.stmt.head.get()?.head ?? 0;
  }

  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription {
    this.assertOpen();
    const wake = options.prompt ? 'prompt' : 'append';
    // Events a filtered subscription passed over are not looked at again.
    let examined = 0;
    const subscription = catchUpSubscription(
      {
        readAll: async (o) => {
          const page = await this.readForSubscription({ ...o, after: Math.max(o.after, examined) });
          examined = page.examined;
          return page.events;
        },
        waitForAppend: (signal) =>
          new Promise<void>((resolve) => {
            const finish = () => {
              clearTimeout(timer);
              this.appended.off(wake, finish);
              signal.removeEventListener('abort', finish);
              resolve();
            };
            const timer = setTimeout(finish, this.pollIntervalMs);
            this.appended.on(wake, finish);
            signal.addEventListener('abort', finish);
          }),
      },
      options,
      handler,
    );
    this.subscriptions.add(subscription);
    void subscription.done.finally(() => this.subscriptions.delete(subscription)).catch(() => undefined);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.db.close();
  }

  private assertOpen() {
    if (this.closed) throw new Error('event store is closed');
  }
}

class DuplicateInsert extends Error {}

interface Appended {
  result: AppendResult;
  /** The events written, as read back (none when the append repeated an earlier one). */
  records: RecordedEvent[];
  /** The length of each one's data as written. */
  sizes: number[];
}
