import { positionWaiters, supervise, type Logger, type MessageBus, type ReadModelWrite, type ReadStore, type RecordedEvent } from '@walletscreen/platform';
import { isFanOut, isSequence, type KeyIndexEntry, type Projection, type ReadModelProjection } from './projection';

/** A fan-out projection commits after about this many writes (see `fold`). */
const FAN_OUT_WRITES = 20_000;

/** A projection passes over at most this many events it does not fold before writing its checkpoint. */
const SKIPPED_BEFORE_SAVE = 1000;

/** The bus consumer group a projection folds in. */
export const projectionGroup = (projection: Pick<ReadModelProjection, 'name'>) => `projection-${projection.name}`;

export interface ProjectionRunner {
  /** Resolves once every projection has folded the event at this global position (or a later one). */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  positions(): Record<string, number>;
  stop(): Promise<void>;
}

/**
 * Runs projections as bus consumers. Each batch is folded in memory and committed with the
 * projection's checkpoint in one write; events at or before the checkpoint are skipped, so a
 * redelivered event changes nothing.
 */
export async function startProjections(deps: {
  bus: MessageBus;
  readStore: ReadStore;
  projections: readonly ReadModelProjection[];
  logger: Logger;
  /**
   * Where other processes follow the read models through the stored checkpoints (the projections
   * process of the distributed shape), passed-over events are saved this long after the last one,
   * so a checkpoint never lags behind for long. Unset: only every SKIPPED_BEFORE_SAVE events.
   */
  saveSkippedAfterMs?: number;
  /** Told every projection's position after each change (a thread of its own reports them to the one waiting). */
  onProgress?: (positions: Record<string, number>) => void;
}): Promise<ProjectionRunner> {
  const { bus, readStore, logger } = deps;
  const positions = new Map<string, number>();
  const lowest = () => Math.min(...positions.values());
  const waiters = positionWaiters((position, timeoutMs) => new Error(`projections did not reach position ${position} within ${timeoutMs} ms`));
  const settleWaiters = () => {
    waiters.reached(lowest());
    deps.onProgress?.(Object.fromEntries(positions));
  };

  for (const p of deps.projections) {
    const collections = [{ collection: p.collection, indexes: p.indexes }, ...(isFanOut(p) || isSequence(p) ? p.also : [])];
    await readStore.ensureIndexes(collections.flatMap((c) => (c.indexes ?? []).map((fields) => ({ collection: c.collection, fields }))));
    positions.set(p.name, await readStore.getCheckpoint(p.name));
  }

  /**
   * The key index entries each projection wrote since its consumer (re)started: an entry recorded
   * again with the same key is not written again (the audit log records its event's type for every
   * event, a dozen per check, of a handful of types).
   */
  const indexed = new Map<string, Map<string, string>>();
  const INDEXED_KEPT = 10_000;

  /** The document key of each event of a batch, through the projection's key index when it has one. */
  const resolveKeys = async (p: Projection, events: RecordedEvent[]) => {
    const index = p.keyIndex;
    if (!index) return { keyOf: (e: RecordedEvent) => p.keyOf(e), indexWrites: [] };
    let written = indexed.get(p.name);
    if (!written || written.size > INDEXED_KEPT) indexed.set(p.name, (written = new Map()));
    const ids = [...new Set(events.map((e) => (p.keyOf(e) === null ? index.lookup(e) : null)).filter((id): id is string => id !== null))];
    const known = new Map([...(await readStore.getMany<KeyIndexEntry>(index.collection, ids))].map(([id, entry]) => [id, entry.key]));
    const resolved = new Map<RecordedEvent, string | null>();
    const indexWrites: Array<{ collection: string; id: string; doc: KeyIndexEntry }> = [];
    for (const e of events) {
      const entry = index.record(e);
      if (entry) {
        known.set(entry.id, entry.key);
        if (written.get(entry.id) !== entry.key) indexWrites.push({ collection: index.collection, id: entry.id, doc: { key: entry.key } });
      }
      const id = p.keyOf(e) === null ? index.lookup(e) : null;
      resolved.set(e, p.keyOf(e) ?? (id === null ? null : (known.get(id) ?? null)));
    }
    return { keyOf: (e: RecordedEvent) => resolved.get(e) ?? null, indexWrites };
  };

  const timers = new Set<NodeJS.Timeout>();
  const queues: Array<() => Promise<void>> = [];
  const consumers = deps.projections.map((p) => {
    const handled = new Set(p.handles);
    const folds = (type: string) => handled.has('*') || handled.has(type);
    /** Events passed over since the checkpoint was last written. */
    let unsaved = 0;
    // Folds and idle saves of this projection run one at a time: a save never overtakes a fold.
    let queue: Promise<void> = Promise.resolve();
    const serial = (work: () => Promise<void>) => {
      const run = queue.then(work);
      queue = run.catch(() => undefined);
      return run;
    };
    queues.push(() => queue);
    let idle: NodeJS.Timeout | undefined;
    const saveWhenIdle = () => {
      if (deps.saveSkippedAfterMs === undefined) return;
      if (idle) {
        clearTimeout(idle);
        timers.delete(idle);
      }
      idle = setTimeout(() => {
        timers.delete(idle!);
        idle = undefined;
        void serial(async () => {
          if (unsaved === 0) return;
          await readStore.commit([], { name: p.name, position: positions.get(p.name)! });
          unsaved = 0;
        }).catch((error: unknown) =>
          logger.warn({ err: error, projection: p.name }, 'saving the checkpoint of passed-over events failed; it is saved with the next fold'),
        );
      }, deps.saveSkippedAfterMs);
      timers.add(idle);
    };
    const apply = (events: RecordedEvent[]) => serial(() => fold(events));
    const fold = async (events: RecordedEvent[]) => {
      const checkpoint = positions.get(p.name) ?? 0;
      const fresh = events.filter((e) => e.position > checkpoint);
      if (fresh.length === 0) return;
      const relevant = fresh.filter((e) => folds(e.type));
      if (relevant.length === 0 && unsaved + fresh.length < SKIPPED_BEFORE_SAVE) {
        // Nothing to fold: no write. The checkpoint moves with the next fold (after a restart,
        // these events are read again and passed over again).
        unsaved += fresh.length;
        positions.set(p.name, fresh[fresh.length - 1]!.position);
        settleWaiters();
        saveWhenIdle();
        return;
      }
      const last = fresh[fresh.length - 1]!.position;
      if (isFanOut(p)) {
        // Committed every FAN_OUT_WRITES writes or so, each commit with the position of its last event: a
        // batch of a feed's parts (a million writes) never sits in memory whole.
        let writes: ReadModelWrite[] = [];
        for (const e of relevant) {
          writes.push(...p.writesOf(e));
          if (writes.length >= FAN_OUT_WRITES && e !== relevant[relevant.length - 1]) {
            await readStore.commit(writes, { name: p.name, position: e.position });
            positions.set(p.name, e.position);
            writes = [];
          }
        }
        await readStore.commit(writes, { name: p.name, position: last });
        positions.set(p.name, last);
        unsaved = 0;
        settleWaiters();
        return;
      }
      if (isSequence(p)) {
        // Through the state as stored (another process, or a rebuild, may have moved it), one batch at a time.
        let state = (await readStore.get<object>(p.collection, p.state.id)) ?? p.state.initial;
        const writes: ReadModelWrite[] = [];
        for (const e of relevant) {
          const next = p.step(state, e);
          state = next.state;
          writes.push(...next.writes);
        }
        await readStore.commit([...writes, { collection: p.collection, id: p.state.id, doc: state }], { name: p.name, position: last });
        positions.set(p.name, last);
        unsaved = 0;
        settleWaiters();
        return;
      }
      const { keyOf, indexWrites } = await resolveKeys(p, relevant);
      const keys = [...new Set(relevant.map(keyOf).filter((k): k is string => k !== null))];
      const current = p.insertOnly ? new Map<string, object>() : await readStore.getMany<object>(p.collection, keys);
      const docs = new Map<string, object | null>(keys.map((k) => [k, current.get(k) ?? null]));
      for (const e of relevant) {
        const key = keyOf(e);
        if (key === null) continue;
        docs.set(key, p.fold(docs.get(key) ?? null, e));
      }
      await readStore.commit(
        [...[...docs].map(([id, doc]) => ({ collection: p.collection, id, doc, ...(p.insertOnly ? { fresh: true } : {}) })), ...indexWrites],
        { name: p.name, position: last },
      );
      positions.set(p.name, last);
      for (const w of indexWrites) indexed.get(p.name)?.set(w.id, w.doc.key);
      unsaved = 0;
      settleWaiters();
    };
    return supervise(
      () =>
        bus.consume(
          {
            group: projectionGroup(p),
            // Read again at every start: where another process runs the same projection, it may have moved on.
            startAfter: () =>
              serial(async () => {
                const stored = await readStore.getCheckpoint(p.name);
                positions.set(p.name, stored);
                unsaved = 0;
                // Another process, or a rebuild, may have written (or dropped) them meanwhile.
                indexed.delete(p.name);
              }).then(() => positions.get(p.name)!),
          },
          apply,
        ),
      (error, delayMs) => logger.error({ err: error, projection: p.name, retryInMs: delayMs }, 'projection failed; restarting from its checkpoint'),
    );
  });

  return {
    waitFor: (position, timeoutMs = 10_000) => waiters.wait(position, lowest(), timeoutMs),
    positions: () => Object.fromEntries(positions),
    async stop() {
      await Promise.all(consumers.map((c) => c.close()));
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all(queues.map((q) => q()));
    },
  };
}
