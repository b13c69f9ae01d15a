/**
 * The event store's hash chain: every recorded event carries
 * `hash = sha256(prevHash || canonical(event))`, where `prevHash` is the hash of the event at the
 * previous global position (64 zeros before the first one) and `canonical` is a stable JSON
 * rendering of everything the store recorded: position, stream id, revision, event id, type, data,
 * metadata and the recorded time. Altering, removing or inserting a row breaks the chain at that
 * point; `verifyChain` walks a store and names the first event where it breaks.
 *
 * The chain proves integrity against edits that do not recompute it; whoever can rewrite the
 * whole file can also rewrite the chain, so the head hash `verifyChain` reports is worth
 * recording somewhere else (a ticket, a signed e-mail) and comparing later.
 */
import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';
import type { EventStore, RecordedEvent } from './port';

export const GENESIS_HASH = '0'.repeat(64);

/**
 * Stable JSON: object keys sorted (by UTF-16 code units), no whitespace, and otherwise exactly
 * JSON.stringify's rules (toJSON, undefined members dropped, undefined array items as null), so a
 * value and its JSON round trip render the same. For JSON values that is RFC 8785's canonical form.
 * Rendered by safe-stable-stringify (pino's), about twice as fast as the recursive renderer this
 * store used before, with the same output (hash-chain.unit.test.ts checks both on generated values).
 * A BigInt is left out here; the append that hashes the event then refuses it (JSON.stringify).
 */
const render = configure({ deterministic: true, bigint: false, circularValue: TypeError });

export function canonicalJson(value: unknown): string {
  return render(value) ?? 'null';
}

/** The fields of a recorded event that its hash covers. */
export type ChainedFields = Pick<RecordedEvent, 'position' | 'streamId' | 'revision' | 'id' | 'type' | 'data' | 'metadata' | 'recordedAt'>;

/** The canonical text of an event: a JSON object of the chained fields, keys sorted. */
export function canonicalEvent(e: ChainedFields): string {
  return canonicalJson({
    data: e.data,
    id: e.id,
    metadata: e.metadata,
    position: e.position,
    recordedAt: e.recordedAt,
    revision: e.revision,
    streamId: e.streamId,
    type: e.type,
  });
}

export function eventHash(prevHash: string, e: ChainedFields): string {
  return createHash('sha256').update(prevHash).update(canonicalEvent(e)).digest('hex');
}

export type ChainProblemKind = 'position-gap' | 'broken-link' | 'hash-mismatch' | 'missing-hash' | 'truncated';

export interface ChainProblem {
  kind: ChainProblemKind;
  /** The event where the chain breaks (for `truncated`, the last event still there). */
  position: number;
  streamId: string | null;
  revision: number | null;
  type: string | null;
  eventId: string | null;
  /** What differs, in words. */
  message: string;
  expected?: string | number;
  actual?: string | number | null;
}

export interface ChainVerification {
  ok: boolean;
  /** Events walked (up to the problem, when there is one). */
  count: number;
  /** Position and hash of the last event whose link held. */
  headPosition: number;
  headHash: string;
  problem: ChainProblem | null;
}

/** Where `verifyChain` reads from: the store (its events in global order), and optionally how far positions were handed out. */
export interface ChainSource {
  readAll: EventStore['readAll'];
  /**
   * The highest position the store ever handed out (SQLite: AUTOINCREMENT's sequence), when known:
   * a value above the last event's position means events were removed from the end.
   */
  lastAssignedPosition?: () => Promise<number | null>;
}

/**
 * Walks the store from position 1 and reports the first event where the chain breaks:
 * - `position-gap`: positions are not consecutive (events removed, or one inserted out of order);
 * - `broken-link`: the event's recorded previous hash is not the hash of the event before it;
 * - `hash-mismatch`: the event's content does not hash to its recorded hash (it was altered);
 * - `missing-hash`: the event has no hash (inserted behind the store's back);
 * - `truncated`: positions were handed out beyond the last event (events removed from the end).
 */
export async function verifyChain(source: ChainSource, options: { pageSize?: number } = {}): Promise<ChainVerification> {
  const pageSize = options.pageSize ?? 1000;
  let prevHash = GENESIS_HASH;
  let prevPosition = 0;
  let count = 0;
  const fail = (problem: ChainProblem): ChainVerification => ({ ok: false, count, headPosition: prevPosition, headHash: prevHash, problem });
  const at = (e: RecordedEvent) => ({ position: e.position, streamId: e.streamId, revision: e.revision, type: e.type, eventId: e.id });
  for (;;) {
    const page = await source.readAll({ after: prevPosition, maxCount: pageSize });
    if (page.length === 0) break;
    for (const e of page) {
      if (e.position !== prevPosition + 1) {
        const removed = e.position > prevPosition + 1;
        return fail({
          kind: 'position-gap',
          ...at(e),
          message: removed
            ? `position ${prevPosition + 1}${e.position - 1 > prevPosition + 1 ? ` to ${e.position - 1}` : ''} missing before this event: events were removed`
            : `position ${e.position} follows ${prevPosition}`,
          expected: prevPosition + 1,
          actual: e.position,
        });
      }
      if (!e.hash) return fail({ kind: 'missing-hash', ...at(e), message: "the event has no hash: it was written behind the store's back", actual: null });
      if (e.prevHash !== undefined && e.prevHash !== prevHash) {
        return fail({
          kind: 'broken-link',
          ...at(e),
          message: 'the previous hash recorded with this event is not the hash of the event before it',
          expected: prevHash,
          actual: e.prevHash ?? null,
        });
      }
      const computed = eventHash(prevHash, e);
      if (computed !== e.hash) {
        return fail({
          kind: 'hash-mismatch',
          ...at(e),
          message: 'the event does not hash to its recorded hash: its content was altered',
          expected: e.hash,
          actual: computed,
        });
      }
      prevHash = e.hash;
      prevPosition = e.position;
      count += 1;
    }
  }
  const assigned = (await source.lastAssignedPosition?.()) ?? null;
  if (assigned !== null && assigned > prevPosition) {
    return fail({
      kind: 'truncated',
      position: prevPosition,
      streamId: null,
      revision: null,
      type: null,
      eventId: null,
      message: `positions up to ${assigned} were handed out but the last event is at ${prevPosition}: events were removed from the end`,
      expected: assigned,
      actual: prevPosition,
    });
  }
  return { ok: true, count, headPosition: prevPosition, headHash: prevHash, problem: null };
}
