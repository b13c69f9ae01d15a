/**
 * Paces the overlay's steps: the server's stage events can arrive within milliseconds of each
 * other (and together with the result), which on screen would jump from "fetching blockchain data"
 * straight to the result. The pacer shows each step as current for at least `minMs` before it is
 * checked, queueing the stages reported meanwhile, and checks them one by one, in order.
 *
 * It never invents progress: a step is checked only once the server has reported its stage done
 * (`report`); the timer only holds a reported stage back, it never moves an unreported one.
 *
 * A step's moment counts from when it is on screen: the screen says so (`displayed`) after it has
 * rendered, so a busy browser that renders late does not shorten the moment.
 */
import { clampStage, STEP_COUNT } from './check-steps';

/** How long each step stays current at least, once the overlay or the previous step's check shows it. */
export const MIN_STAGE_MS = 200;

export interface StagePacerOptions {
  minMs: number;
  /** Called with the number of stages to show as done, once for each, in order. */
  onShow: (stage: number) => void;
  /** Stages already done when following starts (a check picked up again after a reload): shown at once. */
  initial?: number;
  /**
   * Whether anyone can see the steps (the page is visible). While not, reported stages are shown at
   * once: a hidden tab's timers are slowed to a second or more, and nobody would see the moments.
   */
  watched?: () => boolean;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface StagePacer {
  /** The server reports `stage` stages done (lower or repeated reports change nothing). */
  report(stage: number): void;
  /** The stages shown as done now. */
  shown(): number;
  /** The screen now shows `stage` stages done: the current step's moment counts from now. */
  displayed(stage: number): void;
  /** Resolves once `stage` stages are shown as done (the last one's moment as current has passed), or once stopped. */
  whenShown(stage: number): Promise<void>;
  /** Stops (the check ended otherwise, or was dropped): nothing more is shown; whoever waits is let go. */
  stop(): void;
}

export function createStagePacer(options: StagePacerOptions): StagePacer {
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let shown = clampStage(options.initial ?? 0);
  let reported = shown;
  // When the current step became current.
  let since = now();
  let timer: unknown = null;
  let stopped = false;
  const waiters: Array<{ stage: number; resolve: () => void }> = [];

  const settleWaiters = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i]!.stage <= shown) waiters.splice(i, 1)[0]!.resolve();
    }
  };

  const pump = () => {
    timer = null;
    while (!stopped && shown < reported) {
      const wait = (options.watched?.() ?? true) ? since + options.minMs - now() : 0;
      if (wait > 0) {
        timer = setTimer(pump, wait);
        return;
      }
      shown++;
      since = now();
      options.onShow(shown);
      settleWaiters();
    }
  };

  return {
    report(stage) {
      const next = clampStage(stage);
      if (stopped || next <= reported) return;
      reported = next;
      if (timer === null) pump();
    },
    shown: () => shown,
    displayed(stage) {
      if (stopped || stage !== shown) return;
      since = Math.max(since, now());
      if (timer === null) return;
      clearTimer(timer);
      pump();
    },
    whenShown(stage) {
      const wanted = Math.min(clampStage(stage), STEP_COUNT);
      if (wanted <= shown || stopped) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ stage: wanted, resolve }));
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
      for (const waiter of waiters.splice(0)) waiter.resolve();
    },
  };
}
