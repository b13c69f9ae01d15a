/**
 * The ReadStore port: read models as collections of JSON documents with an id. Projections write
 * through `commit`, which applies a batch of document writes together with the projection's
 * checkpoint, atomically: a crash never applies an event twice or skips one.
 */

export type Scalar = string | number | boolean | null;

/** A condition on one top-level field of a document. */
export type FieldCondition =
  | Scalar
  | { eq: Scalar }
  | { in: readonly Scalar[] }
  /** Case-insensitive substring. */
  | { contains: string }
  | { gte?: string | number; lte?: string | number; gt?: string | number; lt?: string | number };

export type Where = Record<string, FieldCondition | undefined>;

export interface FindQuery {
  where?: Where;
  sort?: ReadonlyArray<{ field: string; direction: 'asc' | 'desc' }>;
  limit?: number;
  offset?: number;
}

export interface DocumentWrite {
  collection: string;
  id: string;
  /** The new document, or null to delete it. */
  doc: object | null;
  /** A hint: most likely a new document (one per event), so an adapter may write it without looking for an old one first. Still replaces one that is there. */
  fresh?: boolean;
}

/**
 * Deletes every document of a collection that meets a condition, where the documents are too many to
 * name (a feed version's labels, once another version is in force). Applied in its place in the
 * batch: a document written after it in the same commit stays.
 */
export interface DocumentsDelete {
  collection: string;
  deleteWhere: Where;
}

/** What a commit writes: a document by id, or a delete by condition. */
export type ReadModelWrite = DocumentWrite | DocumentsDelete;

export const isDocumentsDelete = (write: ReadModelWrite): write is DocumentsDelete => 'deleteWhere' in write;

export interface Checkpoint {
  name: string;
  /** Global position of the last event folded. */
  position: number;
}

export interface CollectionIndex {
  collection: string;
  fields: readonly string[];
}

/** Who holds a lease, and until when (ms since the epoch, by the holder's clock). */
export interface LeaseState {
  holder: string;
  expiresAt: number;
}

export interface ReadStore {
  get<T>(collection: string, id: string): Promise<T | null>;
  getMany<T>(collection: string, ids: readonly string[]): Promise<Map<string, T>>;
  find<T>(collection: string, query?: FindQuery): Promise<T[]>;
  count(collection: string, where?: Where): Promise<number>;
  /** Writes and checkpoint in one atomic unit. */
  commit(writes: readonly ReadModelWrite[], checkpoint?: Checkpoint): Promise<void>;
  /** The projection's checkpoint; where a crash left a commit half done, it is completed first (the projection's runner calls this). */
  getCheckpoint(name: string): Promise<number>;
  /** The checkpoint of the last finished commit, read only: for processes that follow a projection run elsewhere. */
  peekCheckpoint(name: string): Promise<number>;
  /** Declares the indexes a collection's queries need (idempotent). */
  ensureIndexes(indexes: readonly CollectionIndex[]): Promise<void>;
  /**
   * Takes or renews the lease `name` for `holder` until `now + ttlMs`, atomically, when it is free,
   * expired (`expiresAt <= now`) or already this holder's; otherwise changes nothing. Answers who
   * holds it after the attempt. (The relay's: only one may publish; see message-bus/lease.ts.)
   */
  tryLease(name: string, holder: string, ttlMs: number, now: number): Promise<LeaseState>;
  /** Gives the lease up at once, if `holder` still holds it. */
  releaseLease(name: string, holder: string): Promise<void>;
  /** Drops collections and the named checkpoints, for a rebuild from position 0. */
  reset(collections: readonly string[], checkpoints: readonly string[]): Promise<void>;
  close(): Promise<void>;
}
