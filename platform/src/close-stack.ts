/**
 * What a composition root has opened, closed in the reverse order it was opened: once, however
 * often `close` is called (a failed start, then a signal).
 */
export interface CloseStack {
  add(closer: () => Promise<void> | void): void;
  close(): Promise<void>;
}

export function closeStack(): CloseStack {
  const closers: Array<() => Promise<void> | void> = [];
  let closing: Promise<void> | undefined;
  return {
    add: (closer) => void closers.push(closer),
    close: () =>
      (closing ??= (async () => {
        for (const closer of closers.reverse()) await closer();
      })()),
  };
}
