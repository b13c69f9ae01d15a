import type { ReadStore } from '../read-store/port';

/** Writes a group's checkpoint, one write at a time, always the newest position asked for. */
export function checkpointWriter(progress: ReadStore, name: string) {
  let wanted = 0;
  let written = 0;
  let writing: Promise<void> | undefined;
  const write = async (): Promise<void> => {
    while (wanted > written) {
      const position = wanted;
      await progress.commit([], { name, position });
      written = position;
    }
  };
  return {
    save(position: number) {
      if (position <= wanted) return;
      wanted = position;
      // A failed write is tried again with the next position; the events after the last written one are handled again after a restart.
      writing ??= write()
        .catch(() => undefined)
        .finally(() => (writing = undefined));
    },
    async flush() {
      await writing;
    },
  };
}
