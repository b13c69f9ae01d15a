import type { Writable } from 'node:stream';

/**
 * Resolves once `out` (an answer being streamed) takes more, or has closed because the client
 * went; either way both listeners go, so a long export waiting on a slow client does not pile up
 * one 'close' listener per wait (Node warns past ten: MaxListenersExceededWarning).
 */
export function drainedOrClosed(out: Writable): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done).off('close', done);
      resolve();
    };
    out.once('drain', done).once('close', done);
  });
}
