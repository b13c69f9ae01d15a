import type { Consumer } from './port';

/**
 * Keeps a consumer running: when it fails, starts it again after a back-off (1 s doubling to
 * 30 s, reset after a minute without failure). The consumer resumes from its own checkpoint.
 */
export function supervise(start: () => Consumer, onFailure: (error: unknown, delayMs: number) => void, now: () => number = Date.now): Consumer {
  let current: Consumer;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  let delay = 1_000;
  let startedAt = now();

  const run = () => {
    startedAt = now();
    current = start();
    current.done.then(
      () => {
        if (stopped) resolveDone();
      },
      (error: unknown) => {
        if (stopped) return resolveDone();
        if (now() - startedAt > 60_000) delay = 1_000;
        onFailure(error, delay);
        timer = setTimeout(run, delay);
        delay = Math.min(delay * 2, 30_000);
      },
    );
  };
  run();

  return {
    done,
    async close() {
      stopped = true;
      clearTimeout(timer);
      await current.close();
      resolveDone();
    },
  };
}
