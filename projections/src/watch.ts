import { positionWaiters, type ReadStore } from '@walletscreen/platform';
import type { ReadModelProjection } from './projection';

/** Answers "have the read models caught up with this position?" where the projections run elsewhere. */
export interface ReadModelWatch {
  /** Resolves once every projection's stored checkpoint is at this global position or later. */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  /** The lowest stored checkpoint, as last read. */
  position(): number;
  stop(): void;
}

/**
 * Follows the projections' stored checkpoints, for processes that do not run the projections
 * themselves (the command-api replicas of the distributed shape). The checkpoints are read only
 * while someone waits, every `pollMs`, one read for all the waiters. The projections process saves
 * the checkpoint of events it passes over soon after them (`saveSkippedAfterMs`), so a position
 * no projection folds is reached too.
 */
export function watchReadModels(deps: { readStore: ReadStore; projections: readonly ReadModelProjection[]; pollMs?: number }): ReadModelWatch {
  const pollMs = deps.pollMs ?? 50;
  const names = deps.projections.map((p) => p.name);
  let known = 0;
  const waiters = positionWaiters(
    (position, timeoutMs) => new Error(`the read models did not reach position ${position} within ${timeoutMs} ms (at ${known})`),
  );
  let timer: NodeJS.Timeout | undefined;
  /** A read is in flight or scheduled. */
  let looping = false;
  let stopped = false;

  const poll = async () => {
    timer = undefined;
    looping = true;
    try {
      const positions = await Promise.all(names.map((name) => deps.readStore.peekCheckpoint(name)));
      known = Math.max(known, Math.min(...positions));
      waiters.reached(known);
    } catch {
      // The read store is unreachable for now: the waiters time out if it stays so.
    }
    if (!stopped && waiters.size > 0) timer = setTimeout(() => void poll(), pollMs);
    else looping = false;
  };

  return {
    waitFor(position, timeoutMs = 10_000) {
      if (stopped && position > known) return Promise.reject(new Error('the read-model watch is stopped'));
      const reached = waiters.wait(position, known, timeoutMs);
      // The first waiter reads at once; later ones share the running loop.
      if (waiters.size > 0 && !looping) void poll();
      return reached;
    },
    position: () => known,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      waiters.endAll(new Error('the read-model watch is stopped'));
    },
  };
}
