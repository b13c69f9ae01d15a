import { createHash } from 'node:crypto';
import { WrongExpectedRevision, type EventData, type EventStore, type RecordedEvent } from '@walletscreen/platform';

/** A domain event as deciders produce it; the store adds position, revision and time. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Aggregate<State, Event extends DomainEvent> {
  initialState: State;
  evolve(state: State, event: Event): State;
  /** Event types this aggregate folds; other events on its stream are skipped. */
  types: ReadonlySet<string>;
}

export interface Loaded<State> {
  state: State;
  revision: number | 'no-stream';
}

/** A deterministic UUID from text (name-based, SHA-256): retried commands produce the same event ids. */
export function uuidFrom(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
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
    private readonly store: EventStore,
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
   * again and decide again. `commandId` makes event ids deterministic, so a retried command is a no-op.
   */
  handle(
    streamId: string,
    decide: (state: State) => Event[],
    options: { commandId: string; metadata?: Record<string, unknown>; maxAttempts?: number },
  ): Promise<{ events: Event[]; state: State; position: number | null }> {
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

  private async handleNow(
    streamId: string,
    decide: (state: State) => Event[],
    options: { commandId: string; metadata?: Record<string, unknown>; maxAttempts?: number },
  ): Promise<{ events: Event[]; state: State; position: number | null }> {
    const maxAttempts = options.maxAttempts ?? 20;
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(streamId);
      const events = decide(state);
      if (events.length === 0) return { events, state, position: null };
      const data: EventData[] = events.map((e, i) => ({
        id: uuidFrom(`${streamId}|${options.commandId}|${i}`),
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
          return { events: [], state: current.state, position: null };
        }
        const after = events.reduce((s, e) => this.aggregate.evolve(s, e), state);
        this.remember(streamId, { state: after, revision: result.nextExpectedRevision });
        return { events, state: after, position: result.position };
      } catch (error) {
        if (error instanceof WrongExpectedRevision && attempt < maxAttempts) {
          this.cache.delete(streamId);
          continue;
        }
        throw error;
      }
    }
  }
}

export type { RecordedEvent };
