/**
 * The one command handler: every event the product records is appended here, by a command decided
 * over the state folded from its stream, with that stream's revision as the expected one
 * (optimistic concurrency), deterministic event ids (a retried command appends nothing), retries
 * on a concurrent write, and one queue per stream in this process. The stores' own adapters aside,
 * nothing else appends.
 */
import type { Aggregate, Decider, DomainEvent } from './decider';
import { commandEventId } from './ids';

export type { Aggregate, DomainEvent };

/** An event as the store hands it back. */
export interface StoredEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  streamId: string;
  revision: number;
  position: number;
  recordedAt: string;
}

/** An event to append: its id is chosen by the writer, and appending the same ids again is a no-op. */
export interface EventToAppend {
  id: string;
  type: string;
  data: unknown;
  metadata?: Record<string, unknown>;
}

/**
 * What the command handler needs of the event store: platform's EventStore port has it (and its
 * contract suite holds every adapter to it, including the error a concurrent write throws).
 */
export interface EventStreams {
  readStream(streamId: string, options?: { fromRevision?: number }): Promise<StoredEvent[]>;
  append(
    streamId: string,
    events: EventToAppend[],
    options: { expectedRevision: 'no-stream' | number },
  ): Promise<{ nextExpectedRevision: number; position: number; duplicate?: boolean }>;
}

/** The store's refusal of an append whose expected revision is not the stream's (platform's WrongExpectedRevision). */
export const isConcurrentWrite = (error: unknown): boolean => error instanceof Error && error.name === 'WrongExpectedRevision';

export interface Loaded<State> {
  state: State;
  revision: number | 'no-stream';
}

/**
 * Loads aggregates by folding their streams, keeping the folded state of recently used streams so
 * that the next load reads only the events appended since.
 */
export class AggregateRepository<State, Event extends DomainEvent> {
  private readonly cache = new Map<string, Loaded<State>>();
  /** Commands on one stream run one after another in this process; other processes are met by retries. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: EventStreams,
    private readonly aggregate: Aggregate<State, Event>,
    private readonly maxCached = 10_000,
  ) {}

  async load(streamId: string): Promise<Loaded<State>> {
    const cached = this.cache.get(streamId);
    const from = cached && cached.revision !== 'no-stream' ? cached.revision + 1 : 0;
    const events = await this.store.readStream(streamId, { fromRevision: from });
    let state = cached && cached.revision !== 'no-stream' ? cached.state : this.aggregate.initialState;
    let revision: number | 'no-stream' = cached?.revision ?? 'no-stream';
    for (const e of events) {
      if (this.aggregate.types.has(e.type)) state = this.aggregate.evolve(state, { type: e.type, data: e.data } as Event);
      revision = e.revision;
    }
    const loaded = { state, revision };
    if (revision !== 'no-stream') this.remember(streamId, loaded);
    return loaded;
  }

  private remember(streamId: string, loaded: Loaded<State>) {
    this.cache.delete(streamId);
    this.cache.set(streamId, loaded);
    if (this.cache.size > this.maxCached) this.cache.delete(this.cache.keys().next().value!);
  }

  /**
   * Decide and append with the loaded revision as the expected one; on a concurrent write, load
   * again and decide again. `commandId` makes event ids deterministic, so a retried command is a
   * no-op; `eventId` replaces the default ids where a stream's events have had ids of their own
   * since they were first written (see ids.ts).
   */
  handle(streamId: string, decide: (state: State) => Event[], options: HandleOptions<Event, State>): Promise<Handled<State, Event>> {
    const previous = this.queues.get(streamId) ?? Promise.resolve();
    const run = previous.then(
      () => this.handleNow(streamId, decide, options),
      () => this.handleNow(streamId, decide, options),
    );
    const settled = run.catch(() => undefined);
    this.queues.set(streamId, settled);
    void settled.then(() => {
      if (this.queues.get(streamId) === settled) this.queues.delete(streamId);
    });
    return run;
  }

  private async handleNow(streamId: string, decide: (state: State) => Event[], options: HandleOptions<Event, State>): Promise<Handled<State, Event>> {
    const maxAttempts = options.maxAttempts ?? 20;
    for (let attempt = 1; ; attempt++) {
      const first = attempt === 1 ? (options.given ?? (options.decideOnCached ? this.cache.get(streamId) : undefined)) : undefined;
      const { state, revision } = first ?? (await this.load(streamId));
      const events = decide(state);
      if (events.length === 0) return { events, state, position: null, revision };
      const next = revision === 'no-stream' ? 0 : revision + 1;
      const data: EventToAppend[] = events.map((e, i) => ({
        id: options.eventId ? options.eventId(e, i, next + i) : commandEventId(streamId, options.commandId, i),
        type: e.type,
        data: e.data,
        metadata: options.metadata,
      }));
      try {
        const result = await this.store.append(streamId, data, { expectedRevision: revision === 'no-stream' ? 'no-stream' : revision });
        if (result.duplicate) {
          // These events were written before (a retried or concurrent copy of this command):
          // nothing new happened; answer with the stream as it now is.
          this.cache.delete(streamId);
          const current = await this.load(streamId);
          return { events: [], state: current.state, position: null, revision: current.revision };
        }
        const after = events.reduce((s, e) => this.aggregate.evolve(s, e), state);
        this.remember(streamId, { state: after, revision: result.nextExpectedRevision });
        return { events, state: after, position: result.position, revision: result.nextExpectedRevision };
      } catch (error) {
        if (isConcurrentWrite(error) && attempt < maxAttempts) {
          this.cache.delete(streamId);
          continue;
        }
        throw error;
      }
    }
  }
}

export interface HandleOptions<Event, State = unknown> {
  /** The command's id: with the stream id and each event's place, it makes the event ids. */
  commandId: string;
  metadata?: Record<string, unknown>;
  maxAttempts?: number;
  /**
   * Decide on the state this handler last saw of the stream, without reading what was appended
   * since: a write of another process in between makes the append fail on its expected revision,
   * and the command is decided again on the stream as it is. Only for a decider that never decides
   * to do nothing on a state older than the stream's (it would then not append, and nothing would
   * catch the difference): the analysis pipeline's commands on its own check, where an older state
   * only ever means an event to append.
   */
  decideOnCached?: boolean;
  /**
   * The stream as the caller has just read it (with this handler's `load`): the first decision is
   * taken on it, without reading the stream again. The same rule as `decideOnCached`: a write in
   * between fails the append, and the command is decided again on the stream as it then is.
   */
  given?: Loaded<State>;
  /**
   * The id of each event, where the stream's events have ids of another scheme (ids.ts): given the
   * event, its place among the command's events and the stream revision it is appended at.
   */
  eventId?: (event: Event, index: number, revision: number) => string;
}

export interface Handled<State, Event> {
  /** The events appended (none when the decision was to do nothing, or they were appended before). */
  events: Event[];
  state: State;
  /** The store position of the last event appended (null when none was): a consistency token. */
  position: number | null;
  /** The stream's revision after the command. */
  revision: number | 'no-stream';
}

/** The command handler of one aggregate: a command is decided by its decider over the stream's state. */
export class CommandHandler<State, Command, Event extends DomainEvent> extends AggregateRepository<State, Event> {
  constructor(
    store: EventStreams,
    private readonly decider: Decider<State, Command, Event>,
    maxCached?: number,
  ) {
    super(store, decider, maxCached);
  }

  execute(streamId: string, command: Command, options: HandleOptions<Event, State>): Promise<Handled<State, Event>> {
    return this.handle(streamId, (state) => this.decider.decide(command, state), options);
  }
}
