import type { RecordedEvent } from '../event-store/port';

/**
 * The heart of a `progress: 'bus'` consumer, shared by every bus adapter: hands events to the
 * handler, up to `concurrency` at once and one stream's events in order, retries a failing event
 * with a back-off, sets it aside as a dead letter after `maxAttempts`, and tells, per lane (a Kafka
 * partition; the one log of the in-process bus), how far every event has settled. Progress is
 * recorded up to there only, so a member that stops, or is killed, leaves nothing unhandled: the
 * events after that point are handled again by whoever resumes (handlers are idempotent).
 */
export interface SettlingQueueOptions {
  /** The consumer's `concurrency` (default 1, as the port says). */
  concurrency?: number;
  /** The consumer's `maxAttempts` (default 5, as the port says). */
  maxAttempts?: number;
  handle(event: RecordedEvent): Promise<void>;
  deadLetter(event: RecordedEvent, error: unknown, attempts: number): Promise<void>;
  /** Every event before and including `seq` in `lane` has settled. */
  settled(lane: string, seq: number): void;
  /** The queue cannot go on (a dead letter could not be recorded). */
  failed(error: unknown): void;
  retryDelayMs?: (attempt: number) => number;
}

interface Pending {
  seq: number;
  done: boolean;
}

export class SettlingQueue {
  private readonly lanes = new Map<string, Pending[]>();
  private readonly streams = new Map<string, Promise<void>>();
  private readonly waiting: Array<() => void> = [];
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly options: SettlingQueueOptions) {}

  get size(): number {
    return this.inFlight.size;
  }

  /** Resolves once a slot is free (call before `push` to keep at most `concurrency` running). */
  async slot(): Promise<void> {
    while (!this.stopped && this.inFlight.size >= (this.options.concurrency ?? 1)) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Starts the event (after the earlier events of its stream). `seq` grows within a lane. */
  push(lane: string, seq: number, event: RecordedEvent): void {
    if (this.stopped) return;
    let pending = this.lanes.get(lane);
    if (!pending) this.lanes.set(lane, (pending = []));
    const entry: Pending = { seq, done: false };
    pending.push(entry);
    const before = this.streams.get(event.streamId) ?? Promise.resolve();
    const run = before
      .then(() => this.attempt(event))
      .then(
        () => this.settle(lane, entry),
        (error: unknown) => {
          this.stopped = true;
          this.options.failed(error);
        },
      );
    const tail = run.catch(() => undefined);
    this.streams.set(event.streamId, tail);
    void tail.then(() => {
      if (this.streams.get(event.streamId) === tail) this.streams.delete(event.streamId);
    });
    this.inFlight.add(run);
    void run.finally(() => {
      this.inFlight.delete(run);
      this.waiting.shift()?.();
    });
  }

  /** Records an event that needs no handling (filtered out), so progress can move past it. */
  pass(lane: string, seq: number): void {
    if (this.stopped) return;
    let pending = this.lanes.get(lane);
    if (!pending) this.lanes.set(lane, (pending = []));
    const entry: Pending = { seq, done: false };
    pending.push(entry);
    this.settle(lane, entry);
  }

  /** Forgets a lane (a Kafka partition taken away by a rebalance): its progress is no longer ours to record. */
  dropLane(lane: string): void {
    this.lanes.delete(lane);
  }

  /** Settles when every event pushed so far has settled. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** No more events start and no more progress is reported; events already running finish. */
  stop(): void {
    this.stopped = true;
    for (const wake of this.waiting.splice(0)) wake();
  }

  private async attempt(event: RecordedEvent): Promise<void> {
    const delay = this.options.retryDelayMs ?? ((n: number) => Math.min(100 * 2 ** (n - 1), 5_000));
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.handle(event);
        return;
      } catch (error) {
        if (attempt >= (this.options.maxAttempts ?? 5)) {
          await this.options.deadLetter(event, error, attempt);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay(attempt)));
      }
    }
  }

  private settle(lane: string, entry: Pending) {
    entry.done = true;
    const pending = this.lanes.get(lane);
    if (!pending || this.stopped) return;
    let last: Pending | undefined;
    while (pending.length > 0 && pending[0]!.done) last = pending.shift();
    if (last) this.options.settled(lane, last.seq);
  }
}
