import type { ReadModelWrite, RecordedEvent } from '@walletscreen/platform';

/** An entry of a projection's key index (see `keyIndex`): stored under the id it maps, the key that id maps to. */
export interface KeyIndexEntry {
  key: string;
}

/**
 * A projection: `fold(readModel | null, event) => readModel | null` over the event types it
 * handles, one document per key. Pure: everything it needs is in the event.
 */
export interface Projection<Doc extends object = object> {
  /** Checkpoint name; change it to rebuild the read model from position 0. */
  name: string;
  collection: string;
  /** The event types it folds; `['*']` for every type (the audit log). */
  handles: readonly string[];
  /** The document an event touches, or null to skip it. */
  keyOf(event: RecordedEvent): string | null;
  fold(doc: Doc | null, event: RecordedEvent): Doc | null;
  indexes?: ReadonlyArray<readonly string[]>;
  /**
   * Every event it folds makes a document of its own that no later event folds again (the audit
   * log, keyed by position): `fold` is handed null, without looking the key up first.
   */
  insertOnly?: boolean;
  /**
   * For events that do not name their document (a check's completion names the check, not the
   * wallet it screened): a key index this projection keeps in a second collection, committed with
   * its documents and checkpoint. `record` notes which key an id maps to, from an event that knows
   * both; an event whose `keyOf` is null is folded into the document its `lookup` id maps to.
   */
  keyIndex?: {
    collection: string;
    record(event: RecordedEvent): { id: string; key: string } | null;
    lookup(event: RecordedEvent): string | null;
  };
}

/**
 * A projection whose events each write many documents, or delete documents by condition (a feed
 * version's half a million labels, dropped once another version is in force): `writesOf` gives an
 * event's writes, in order, from the event alone; no document is read first. It may write to
 * collections besides its own (`also`), declared with it.
 */
export interface FanOutProjection {
  name: string;
  collection: string;
  indexes?: ReadonlyArray<readonly string[]>;
  also: ReadonlyArray<{ collection: string; indexes?: ReadonlyArray<readonly string[]> }>;
  handles: readonly string[];
  writesOf(event: RecordedEvent): readonly ReadModelWrite[];
  keyIndex?: undefined;
}

/**
 * A projection that folds the events it handles, in order, through a running state kept as one
 * document (`state.id` in its collection): each event gives the state after it and the writes it
 * makes (the audit log's Merkle tree: the leaf of each event and the subtrees it completes, from
 * the tree so far). Pure: state and event in, state and writes out. The runner reads the state
 * once per batch and commits it with the batch's writes and the checkpoint.
 */
export interface SequenceProjection<State extends object = object> {
  name: string;
  collection: string;
  indexes?: ReadonlyArray<readonly string[]>;
  also: ReadonlyArray<{ collection: string; indexes?: ReadonlyArray<readonly string[]> }>;
  handles: readonly string[];
  state: { id: string; initial: State };
  step(state: State, event: RecordedEvent): { state: State; writes: readonly ReadModelWrite[] };
  keyIndex?: undefined;
}

/** Any read model's projection, as the runner, the rebuild and the generations take it. */
export type ReadModelProjection = Projection | FanOutProjection | SequenceProjection;

export const isFanOut = (p: ReadModelProjection): p is FanOutProjection => 'writesOf' in p;
export const isSequence = (p: ReadModelProjection): p is SequenceProjection => 'step' in p;

/** The collections a projection writes besides its own and its key index's. */
const alsoOf = (p: ReadModelProjection) => (isFanOut(p) || isSequence(p) ? p.also : []);

/** Every collection of these projections: their own, their key indexes' and the others they write. */
export const collectionsOf = (projections: readonly ReadModelProjection[]): string[] => [
  ...new Set(projections.flatMap((p) => [p.collection, ...(p.keyIndex ? [p.keyIndex.collection] : []), ...alsoOf(p).map((a) => a.collection)])),
];
