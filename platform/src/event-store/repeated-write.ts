import { DuplicateEventId, type AppendResult } from './port';

/**
 * Event-id idempotency, as every adapter decides it: `rows` are the stored events that carry
 * any of an append's `ids` (in order). None: the append is new. All of them, as one write to
 * this stream in the same order: that write's result, marked `duplicate`. Anything else (some
 * ids only, or ids on another stream) is DuplicateEventId.
 */
export function repeatedWrite(
  streamId: string,
  ids: readonly string[],
  rows: ReadonlyArray<{ id: string; streamId: string; revision: number; position: number }>,
): AppendResult | null {
  if (rows.length === 0) return null;
  const sameWrite =
    rows.length === ids.length && rows.every((r, i) => r.streamId === streamId && r.id === ids[i] && (i === 0 || r.revision === rows[i - 1]!.revision + 1));
  if (!sameWrite) throw new DuplicateEventId(rows[0]!.id);
  const last = rows[rows.length - 1]!;
  return { nextExpectedRevision: last.revision, position: last.position, duplicate: true };
}
