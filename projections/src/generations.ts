import type { Checkpoint, CollectionIndex, FindQuery, LeaseState, ReadModelWrite, ReadStore, Where } from '@walletscreen/platform';
import { collectionsOf, type ReadModelProjection } from './projection';

/**
 * Generations of the read models, so that a rebuild never takes them away from running processes.
 * `npm run projections:rebuild` on the distributed profile builds the next generation beside the
 * live one (its own collections and checkpoints), then moves one pointer - a checkpoint named
 * `read-models-generation` - to it, and drops the old generation a little later. Every process reads
 * the read models through `readModelGenerations`, which maps each projection's collection and
 * checkpoint to the current generation and re-reads the pointer every `followEveryMs`: the API
 * replicas and workers switch to the rebuilt read models within that time, without a restart, and
 * see the complete old ones until then.
 *
 * Generation 0 uses the plain names (`checks`, `checks-v2`), so stores made before generations
 * existed are generation 0. Generation n > 0 uses `g<n>_checks` and `g<n>/checks-v2`. Collections
 * and checkpoints that are not a projection's (the relay's checkpoint, leases, rate limits) are
 * never mapped.
 */
export const GENERATION_POINTER = 'read-models-generation';

export interface ReadModelGenerations extends ReadStore {
  /** The generation reads and writes go to now. */
  readonly generation: number;
  /** The same store pinned at generation `n` (what a rebuild writes). */
  at(n: number): ReadStore;
  /** Re-reads the pointer now; answers the current generation. */
  refresh(): Promise<number>;
  /** Moves the pointer to `n` (only ever forward) and follows it. */
  switchTo(n: number): Promise<void>;
  /** Drops generation `n`'s collections and checkpoints. */
  drop(n: number): Promise<void>;
}

export interface GenerationsOptions {
  store: ReadStore;
  projections: readonly ReadModelProjection[];
  /** Re-read the pointer this often (processes that follow rebuilds made elsewhere); unset: never. */
  followEveryMs?: number;
  /** Called after a switch to another generation. */
  onSwitch?: (from: number, to: number) => void;
  onError?: (error: unknown) => void;
}

const collectionIn = (n: number, collection: string) => (n === 0 ? collection : `g${n}_${collection}`);
const checkpointIn = (n: number, name: string) => (n === 0 ? name : `g${n}/${name}`);

/** The projections' collections (key indexes included) and checkpoint names. */
export function projectionNames(projections: readonly ReadModelProjection[]) {
  return {
    collections: collectionsOf(projections),
    checkpoints: projections.map((p) => p.name),
  };
}

/** A view of `store` in which the projections' collections and checkpoints are those of generation `generation()`. */
function mapped(store: ReadStore, names: ReturnType<typeof projectionNames>, generation: () => number): ReadStore {
  const collections = new Set(names.collections);
  const checkpoints = new Set(names.checkpoints);
  const c = (collection: string) => (collections.has(collection) ? collectionIn(generation(), collection) : collection);
  const cp = (name: string) => (checkpoints.has(name) ? checkpointIn(generation(), name) : name);
  return {
    get: <T>(collection: string, id: string) => store.get<T>(c(collection), id),
    getMany: <T>(collection: string, ids: readonly string[]) => store.getMany<T>(c(collection), ids),
    find: <T>(collection: string, query?: FindQuery) => store.find<T>(c(collection), query),
    count: (collection: string, where?: Where) => store.count(c(collection), where),
    commit: (writes: readonly ReadModelWrite[], checkpoint?: Checkpoint) =>
      store.commit(
        writes.map((w) => ({ ...w, collection: c(w.collection) })),
        checkpoint && { ...checkpoint, name: cp(checkpoint.name) },
      ),
    getCheckpoint: (name: string) => store.getCheckpoint(cp(name)),
    peekCheckpoint: (name: string) => store.peekCheckpoint(cp(name)),
    ensureIndexes: (indexes: readonly CollectionIndex[]) => store.ensureIndexes(indexes.map((i) => ({ ...i, collection: c(i.collection) }))),
    reset: (cs: readonly string[], cps: readonly string[]) => store.reset(cs.map(c), cps.map(cp)),
    tryLease: (name: string, holder: string, ttlMs: number, now: number): Promise<LeaseState> => store.tryLease(name, holder, ttlMs, now),
    releaseLease: (name: string, holder: string) => store.releaseLease(name, holder),
    // The underlying store belongs to whoever opened it.
    close: async () => undefined,
  };
}

export async function readModelGenerations(options: GenerationsOptions): Promise<ReadModelGenerations> {
  const { store } = options;
  const names = projectionNames(options.projections);
  let current = await store.peekCheckpoint(GENERATION_POINTER);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const follow = (n: number) => {
    if (n <= current) return;
    const from = current;
    current = n;
    options.onSwitch?.(from, n);
  };
  const refresh = async () => {
    follow(await store.peekCheckpoint(GENERATION_POINTER));
    return current;
  };
  if (options.followEveryMs !== undefined) {
    const every = options.followEveryMs;
    const poll = () => {
      timer = setTimeout(() => {
        refresh()
          .catch((error: unknown) => options.onError?.(error))
          .finally(() => {
            if (!stopped) poll();
          });
      }, every);
      timer.unref();
    };
    poll();
  }

  const view = mapped(store, names, () => current);
  return {
    ...view,
    get generation() {
      return current;
    },
    at: (n) => mapped(store, names, () => n),
    refresh,
    async switchTo(n) {
      // Only forward: a checkpoint write (atomic on every store).
      await store.commit([], { name: GENERATION_POINTER, position: n });
      follow(n);
    },
    drop: (n) => mapped(store, names, () => n).reset(names.collections, names.checkpoints),
    async close() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
