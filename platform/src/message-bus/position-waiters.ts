/**
 * Callers waiting for something to reach a global position (projections, a relay, read models
 * seen from another process): each resolves once `reached` reports its position or a later one,
 * and rejects after its timeout with the error `timedOut` makes.
 */
export interface PositionWaiters {
  /** Resolves at once when `current` is already there. */
  wait(position: number, current: number, timeoutMs: number): Promise<void>;
  reached(position: number): void;
  /** Rejects every waiter with this error (or resolves every one, without). */
  endAll(error?: Error): void;
  readonly size: number;
}

export function positionWaiters(timedOut: (position: number, timeoutMs: number) => Error): PositionWaiters {
  const waiters = new Set<{ position: number; resolve: () => void; reject: (error: Error) => void }>();
  return {
    wait(position, current, timeoutMs) {
      if (current >= position) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          position,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
          reject: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(timedOut(position, timeoutMs));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    reached(position) {
      for (const w of waiters) {
        if (w.position > position) continue;
        waiters.delete(w);
        w.resolve();
      }
    },
    endAll(error) {
      for (const w of waiters) {
        if (error) w.reject(error);
        else w.resolve();
      }
      waiters.clear();
    },
    get size() {
      return waiters.size;
    },
  };
}
