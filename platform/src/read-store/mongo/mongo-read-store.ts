/**
 * The ReadStore on MongoDB (distributed profile), written to also run on FerretDB 1.x, which has
 * NO multi-document transactions. So `commit(writes, checkpoint)` is made crash-safe without them:
 *
 * 1. Journal: the batch (writes + target position) is first stored in the checkpoint's own document
 *    as `pending` - one single-document write, which is atomic everywhere. From then on the batch
 *    counts as committed.
 * 2. Apply: every document write carries the batch position as `_pos` and only applies where the
 *    stored `_pos` is lower: a document not there yet is inserted, one that exists is replaced
 *    conditionally (an upsert that hits a newer document fails with a duplicate key and is dropped). A delete leaves a tombstone `{_id, _pos, _deleted: true}`
 *    so that a late, older write cannot bring the document back. Reads never see tombstones, `_id`
 *    or `_pos`.
 * 3. Finish: `position` is set and `pending` removed in one single-document update, after the
 *    documents.
 *
 * A crash before 1 leaves nothing: the batch is redelivered from the old checkpoint. A crash
 * after 1 is rolled forward by the next `getCheckpoint(name)` (where a projection starts): it
 * re-applies the journal - step 2 is idempotent - and finishes it, so the batch is not redelivered
 * and no event is folded twice, even by folds that read their document back. A batch that IS
 * redelivered anyway (its position not above the stored `_pos`) changes nothing.
 * Commits to one checkpoint name come from one projection instance at a time; a late commit from an
 * instance that lost the projection changes nothing (the checkpoint and each document only move forward).
 * Writes without a checkpoint are applied unconditionally with `_pos: 0`.
 */
import escapeStringRegexp from 'escape-string-regexp';
import { MongoBulkWriteError, MongoClient, MongoServerError, type AnyBulkWriteOperation, type Collection, type Db, type Document, type Filter } from 'mongodb';
import {
  isDocumentsDelete,
  type Checkpoint,
  type CollectionIndex,
  type DocumentWrite,
  type DocumentsDelete,
  type FieldCondition,
  type FindQuery,
  type LeaseState,
  type ReadModelWrite,
  type ReadStore,
  type Where,
} from '../port';

const NAME = /^[a-z][a-z0-9_]{0,62}$/;
const FIELD = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
const RESERVED = new Set(['_id', '_pos', '_deleted']);
const CHECKPOINTS = '_checkpoints';
const LEASES = '_leases';
const DUPLICATE_KEY = 11000;
const NS_NOT_FOUND = 26;

interface StoredDoc extends Document {
  _id: string;
  _pos: number;
  _deleted?: true;
}
interface LeaseDoc {
  _id: string;
  holder: string;
  expiresAt: number;
}
interface CheckpointDoc {
  _id: string;
  position: number;
  /** A batch journaled but not yet finished: its target position and its writes as JSON. */
  pending?: { position: number; writes: string };
}

function collectionName(collection: string): string {
  if (!NAME.test(collection)) throw new Error(`invalid collection name ${collection}`);
  return collection;
}
function field(name: string): string {
  if (!FIELD.test(name)) throw new Error(`invalid field name ${name}`);
  return name;
}
function condition(c: FieldCondition): unknown {
  if (c === null || typeof c !== 'object') return c;
  if ('eq' in c) return c.eq;
  if ('in' in c) return { $in: [...c.in] };
  if ('contains' in c) return { $regex: escapeStringRegexp(c.contains), $options: 'i' };
  const range: Record<string, string | number> = {};
  for (const op of ['gte', 'lte', 'gt', 'lt'] as const) {
    const v = c[op];
    if (v !== undefined) range[`$${op}`] = v;
  }
  return range;
}

function filter(where: Where | undefined): Filter<StoredDoc> {
  const f: Record<string, unknown> = { _deleted: { $ne: true } };
  const and: Record<string, unknown>[] = [];
  for (const [name, cond] of Object.entries(where ?? {})) {
    if (cond === undefined) continue;
    and.push({ [field(name)]: condition(cond) });
  }
  if (and.length) f.$and = and;
  return f;
}

function strip<T>(stored: StoredDoc): T {
  const { _id: _ignoredId, _pos: _ignoredPos, _deleted: _ignoredDeleted, ...doc } = stored;
  return doc as T;
}

export interface MongoReadStoreOptions {
  /** e.g. mongodb://127.0.0.1:27018/?directConnection=true */
  url: string;
  /** The database holding the read models and their checkpoints. */
  database: string;
}

export class MongoReadStore implements ReadStore {
  private readonly client: MongoClient;
  readonly db: Db;

  constructor(options: MongoReadStoreOptions) {
    this.client = new MongoClient(options.url, { serverSelectionTimeoutMS: 5000 });
    this.db = this.client.db(options.database);
  }

  private coll(collection: string): Collection<StoredDoc> {
    return this.db.collection<StoredDoc>(collectionName(collection));
  }
  private checkpoints(): Collection<CheckpointDoc> {
    return this.db.collection<CheckpointDoc>(CHECKPOINTS);
  }

  async get<T>(collection: string, id: string): Promise<T | null> {
    // `_id` alone: FerretDB 1.x (SQLite) pushes only such a filter down to SQL; tombstones are skipped here.
    const d = await this.coll(collection).findOne({ _id: id });
    return d && !d._deleted ? strip<T>(d) : null;
  }

  async getMany<T>(collection: string, ids: readonly string[]): Promise<Map<string, T>> {
    const out = new Map<string, T>();
    if (ids.length === 0) return out;
    for (const d of await this.coll(collection)
      .find({ _id: { $in: [...ids] } })
      .toArray())
      if (!d._deleted) out.set(d._id, strip<T>(d));
    return out;
  }

  async find<T>(collection: string, query: FindQuery = {}): Promise<T[]> {
    const sort: Record<string, 1 | -1> = {};
    for (const s of query.sort ?? []) sort[field(s.field)] = s.direction === 'desc' ? -1 : 1;
    sort._id = 1;
    let cursor = this.coll(collection).find(filter(query.where)).sort(sort);
    if (query.offset) cursor = cursor.skip(query.offset);
    if (query.limit !== undefined) {
      if (query.limit <= 0) return [];
      cursor = cursor.limit(query.limit);
    }
    return (await cursor.toArray()).map((d) => strip<T>(d));
  }

  async count(collection: string, where?: Where): Promise<number> {
    return this.coll(collection).countDocuments(filter(where));
  }

  async commit(writes: readonly ReadModelWrite[], checkpoint?: Checkpoint): Promise<void> {
    for (const w of writes) {
      collectionName(w.collection);
      if (isDocumentsDelete(w)) continue;
      for (const key of Object.keys(w.doc ?? {})) if (RESERVED.has(key)) throw new Error(`document ${w.collection}/${w.id} uses the reserved field ${key}`);
    }
    if (!checkpoint) {
      await this.apply(writes, undefined);
      return;
    }
    if (!(await this.journal(checkpoint, writes))) return;
    await this.apply(writes, checkpoint.position);
    await this.finish(checkpoint.name, checkpoint.position);
  }

  /**
   * Step 1: the batch, stored with the checkpoint in one single-document write; false (nothing
   * stored) when the checkpoint is already at this position or later: a late batch.
   */
  protected async journal(checkpoint: Checkpoint, writes: readonly ReadModelWrite[]): Promise<boolean> {
    if (writes.length === 0) return true;
    try {
      await this.checkpoints().updateOne(
        { _id: checkpoint.name, position: { $lt: checkpoint.position } },
        { $set: { pending: { position: checkpoint.position, writes: JSON.stringify(writes) } }, $setOnInsert: { position: 0 } },
        { upsert: true },
      );
      return true;
    } catch (err) {
      if (err instanceof MongoServerError && err.code === DUPLICATE_KEY) return false;
      throw err;
    }
  }

  /** Step 2: idempotent writes. The last write of a document in a batch wins. */
  protected async apply(writes: readonly ReadModelWrite[], position: number | undefined): Promise<void> {
    // A delete by condition takes effect in its place: the writes before it are applied first.
    const at = writes.findIndex(isDocumentsDelete);
    if (at >= 0) {
      const w = writes[at] as DocumentsDelete;
      await this.apply(writes.slice(0, at), position);
      // Removed outright, not tombstoned: such documents are never written again by id (a feed version's labels).
      await this.coll(w.collection).deleteMany(filter(w.deleteWhere));
      await this.apply(writes.slice(at + 1), position);
      return;
    }
    const last = new Map<string, Map<string, object | null>>();
    for (const w of writes as readonly DocumentWrite[]) {
      let byId = last.get(w.collection);
      if (!byId) last.set(w.collection, (byId = new Map()));
      byId.delete(w.id);
      byId.set(w.id, w.doc);
    }
    for (const [collection, byId] of last) {
      const stored = (id: string, doc: object | null): StoredDoc =>
        doc === null ? { _id: id, _pos: position ?? 0, _deleted: true } : { ...doc, _id: id, _pos: position ?? 0 };
      if (position === undefined) {
        await this.bulk(
          collection,
          [...byId].map(([id, doc]) =>
            doc === null ? { deleteOne: { filter: { _id: id } } } : { replaceOne: { filter: { _id: id }, replacement: stored(id, doc), upsert: true } },
          ),
        );
        continue;
      }
      // A document new to the collection is inserted (an `_id` lookup everywhere; FerretDB 1.x runs
      // a filter on more than `_id` as a scan of the whole collection). Only the ones that exist
      // already take the conditional replace.
      const fresh = [...byId].filter(([, doc]) => doc !== null);
      const existing = new Set(
        await this.bulk(
          collection,
          fresh.map(([id, doc]) => ({ insertOne: { document: stored(id, doc) } })),
        ),
      );
      const rest = [...byId].filter(([id, doc]) => doc === null || existing.has(id));
      await this.bulk(
        collection,
        rest.map(([id, doc]) => ({ replaceOne: { filter: { _id: id, _pos: { $lt: position } }, replacement: stored(id, doc), upsert: true } })),
      );
    }
  }

  /** Runs the operations unordered; a duplicate key is not an error: returns the ids of the documents that hit one. */
  private async bulk(collection: string, ops: AnyBulkWriteOperation<StoredDoc>[]): Promise<string[]> {
    if (ops.length === 0) return [];
    try {
      await this.coll(collection).bulkWrite(ops, { ordered: false });
      return [];
    } catch (err) {
      // An insert: the document exists. A conditional upsert: the document is already at this position or newer, so that write is stale.
      const errors = err instanceof MongoBulkWriteError && !err.writeConcernError ? [err.writeErrors].flat() : [];
      if (errors.length === 0 || !errors.every((e) => e.code === DUPLICATE_KEY)) throw err;
      return errors.map((e) => {
        const op = ops[e.index]!;
        return 'insertOne' in op ? String(op.insertOne.document._id) : 'replaceOne' in op ? (op.replaceOne.filter as { _id: string })._id : '';
      });
    }
  }

  /** Step 3: the checkpoint, after the documents; clears the journal in the same update. */
  protected async finish(name: string, position: number): Promise<void> {
    // Only forward: a late finish (a process that lost its projection to another and is still
    // writing) never moves the checkpoint back nor drops the newer owner's journal.
    try {
      await this.checkpoints().updateOne({ _id: name, position: { $lt: position } }, { $set: { position }, $unset: { pending: '' } }, { upsert: true });
    } catch (err) {
      // The upsert met the checkpoint already at this position or later.
      if (!(err instanceof MongoServerError && err.code === DUPLICATE_KEY)) throw err;
    }
  }

  /** The finished position; a journaled batch is left to its owner (a reader applying it would repeat the owner's writes). */
  async peekCheckpoint(name: string): Promise<number> {
    return (await this.checkpoints().findOne({ _id: name }, { projection: { position: 1 } }))?.position ?? 0;
  }

  /** Returns the checkpoint, first rolling forward a batch a crash left journaled but unfinished. */
  async getCheckpoint(name: string): Promise<number> {
    const cp = await this.checkpoints().findOne({ _id: name });
    if (!cp) return 0;
    if (cp.pending) {
      // Another process (the projections' owner) may be finishing this very batch and journaling
      // the next one: the writes are idempotent, and the journal is closed only if it still holds
      // this batch, so a reader never rolls a checkpoint back or drops a newer journal.
      await this.apply(JSON.parse(cp.pending.writes) as ReadModelWrite[], cp.pending.position);
      await this.checkpoints().updateOne(
        { _id: name, 'pending.position': cp.pending.position },
        { $set: { position: cp.pending.position }, $unset: { pending: '' } },
      );
      return cp.pending.position;
    }
    return cp.position;
  }

  /**
   * One single-document upsert, atomic everywhere: it matches only a lease that is this holder's or
   * expired; where another holds it, the upsert meets its `_id` and fails with a duplicate key.
   */
  async tryLease(name: string, holder: string, ttlMs: number, now: number): Promise<LeaseState> {
    const leases = this.db.collection<LeaseDoc>(LEASES);
    try {
      await leases.updateOne({ _id: name, $or: [{ holder }, { expiresAt: { $lte: now } }] }, { $set: { holder, expiresAt: now + ttlMs } }, { upsert: true });
    } catch (err) {
      if (!(err instanceof MongoServerError && err.code === DUPLICATE_KEY)) throw err;
    }
    const lease = await leases.findOne({ _id: name });
    // Released between the two: nobody holds it now.
    return lease ? { holder: lease.holder, expiresAt: lease.expiresAt } : { holder: '', expiresAt: 0 };
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await this.db.collection<LeaseDoc>(LEASES).deleteOne({ _id: name, holder });
  }

  async ensureIndexes(indexes: readonly CollectionIndex[]): Promise<void> {
    for (const index of indexes) {
      const keys: Record<string, 1> = {};
      for (const f of index.fields) keys[field(f)] = 1;
      await this.coll(index.collection).createIndex(keys, { name: `${index.collection}__${index.fields.join('_')}` });
    }
  }

  async reset(collections: readonly string[], checkpoints: readonly string[]): Promise<void> {
    for (const c of collections) {
      try {
        await this.coll(c).drop();
      } catch (err) {
        if (!(err instanceof MongoServerError && err.code === NS_NOT_FOUND)) throw err;
      }
    }
    if (checkpoints.length) await this.checkpoints().deleteMany({ _id: { $in: [...checkpoints] } });
  }

  /** Drops the whole database (tests, throw-away stores). */
  async dropDatabase(): Promise<void> {
    await this.db.dropDatabase();
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
