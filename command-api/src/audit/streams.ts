/**
 * The stream browser's fold: the events of one stream up to a global position and the state the
 * domain's own evolve gives them. Which evolve is chosen by the stream's kind, from a registry
 * (stream-kinds.ts: users, checks, watches, custom lists, cases, feeds; a new aggregate joins with
 * one entry). A stream of a kind the registry does not hold is still listed, with no state.
 */
import { auditEventName, redactEventData, type StreamEvent, type StreamView } from '@walletscreen/contracts';
import type { RecordedEvent } from '@walletscreen/platform';

export interface StreamFold<S> {
  /** The event types the evolve folds; others on the stream are listed, not folded. */
  types: ReadonlySet<string>;
  initialState: S;
  evolve(state: S, event: { type: string; data: unknown }): S;
  /** What an auditor sees of a state (secrets out); the state itself, redacted, when absent. */
  view?(state: S): unknown;
}

export interface StreamKind {
  kind: string;
  /** Stream ids of this kind start with it (`user-`). */
  prefix: string;
  fold: StreamFold<unknown> | null;
}

/** A kind entry, its fold's state type checked against its evolve. */
export function streamKind<S>(kind: string, prefix: string, fold: StreamFold<S> | null): StreamKind {
  return { kind, prefix, fold: fold };
}

/** The kind of a stream id: the entry with the longest prefix it starts with (`custom-list-` before a `custom-`). */
export function streamKindOf(kinds: readonly StreamKind[], streamId: string): StreamKind | null {
  let found: StreamKind | null = null;
  for (const k of kinds) if (streamId.startsWith(k.prefix) && (!found || k.prefix.length > found.prefix.length)) found = k;
  return found;
}

export function streamEventOf(e: RecordedEvent): StreamEvent {
  return {
    position: e.position,
    revision: e.revision,
    type: e.type,
    name: auditEventName(e.type),
    recorded_at: e.recordedAt,
    hash: e.hash ?? null,
    prev_hash: e.prevHash ?? null,
    data: redactEventData(e.data),
  };
}

/** The stream's events recorded up to `position` (inclusive) and the state folded from them. */
export function browseStream(kinds: readonly StreamKind[], streamId: string, events: readonly RecordedEvent[], position: number): StreamView {
  const upTo = events.filter((e) => e.position <= position);
  const kind = streamKindOf(kinds, streamId);
  const fold = kind?.fold ?? null;
  let state: unknown = null;
  if (fold) {
    let s = fold.initialState;
    for (const e of upTo) if (fold.types.has(e.type)) s = fold.evolve(s, { type: e.type, data: e.data });
    state = redactEventData(fold.view ? fold.view(s) : s);
  }
  return {
    stream_id: streamId,
    kind: kind?.kind ?? null,
    position,
    events: upTo.map(streamEventOf),
    total_events: events.length,
    state,
    folds: fold !== null,
    note:
      kind === null
        ? 'This stream is of no known kind: its events are listed, no state is folded.'
        : fold === null
          ? `Streams of kind "${kind.kind}" have no fold: their events are listed, no state is folded.`
          : null,
  };
}
