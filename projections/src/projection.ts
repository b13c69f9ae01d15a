import type { RecordedEvent } from '@walletscreen/platform';

/**
 * A projection: `fold(readModel | null, event) => readModel | null` over the event types it
 * handles, one document per key. Pure: everything it needs is in the event.
 */
export interface Projection<Doc extends object = object> {
  /** Checkpoint name; change it to rebuild the read model from position 0. */
  name: string;
  collection: string;
  handles: readonly string[];
  /** The document an event touches, or null to skip it. */
  keyOf(event: RecordedEvent): string | null;
  fold(doc: Doc | null, event: RecordedEvent): Doc | null;
  indexes?: ReadonlyArray<readonly string[]>;
}
