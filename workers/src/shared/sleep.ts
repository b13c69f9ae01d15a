/** Waiting between attempts, cut short by an abort signal (the reason it was aborted with, as an Error). */

/** Why `signal` was aborted, as the Error the wait rejects with. */
const abortReason = (signal: AbortSignal | undefined): Error => {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new Error(reason === undefined ? 'aborted' : typeof reason === 'string' ? reason : JSON.stringify(reason));
};

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
