import type Database from 'better-sqlite3';
import { openSqliteDatabase } from '../../event-store/sqlite/sqlite-event-store';
import {
  isDocumentsDelete,
  type Checkpoint,
  type CollectionIndex,
  type FindQuery,
  type LeaseState,
  type ReadModelWrite,
  type ReadStore,
  type Where,
} from '../port';

const NAME = /^[a-z][a-z0-9_]{0,62}$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

function table(collection: string): string {
  if (!NAME.test(collection)) throw new Error(`invalid collection name ${collection}`);
  return `rm_${collection}`;
}
/** The column that holds an indexed field's value beside the document (see `ensureIndexes`). */
function column(name: string): string {
  if (!FIELD.test(name)) throw new Error(`invalid field name ${name}`);
  return `f_${name}`;
}
/** A field in SQL: its column where the table has one, else read from the document. */
function field(name: string, columns: ReadonlySet<string> = NO_COLUMNS): string {
  if (!FIELD.test(name)) throw new Error(`invalid field name ${name}`);
  return columns.has(name) ? column(name) : `json_extract(doc, '$.${name}')`;
}
const NO_COLUMNS: ReadonlySet<string> = new Set();
function scalarParam(v: unknown): unknown {
  return typeof v === 'boolean' ? (v ? 1 : 0) : v;
}
/**
 * A field's value as `json_extract(doc, '$.field')` gives it, so that a column and the document
 * always answer a query alike: booleans as 1 and 0, objects and arrays as their JSON text, a
 * missing field as NULL.
 */
export function columnValue(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null; // JSON writes NaN and ±Infinity as null
    case 'boolean':
      return value ? 1 : 0;
    case 'object': {
      if (value === null) return null;
      // What JSON makes of it (a Date becomes its ISO text; an object keeps its JSON form).
      const back: unknown = JSON.parse(JSON.stringify(value));
      return back !== null && typeof back === 'object' ? JSON.stringify(back) : columnValue(back);
    }
    default:
      return null; // undefined, functions and symbols are left out of JSON
  }
}

function whereSql(where: Where | undefined, columns: ReadonlySet<string> = NO_COLUMNS): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  for (const [name, cond] of Object.entries(where ?? {})) {
    if (cond === undefined) continue;
    const f = field(name, columns);
    const c = cond;
    if (c === null) clauses.push(`${f} IS NULL`);
    else if (typeof c !== 'object') {
      clauses.push(`${f} = ?`);
      params.push(scalarParam(c));
    } else if ('eq' in c) {
      clauses.push(c.eq === null ? `${f} IS NULL` : `${f} = ?`);
      if (c.eq !== null) params.push(scalarParam(c.eq));
    } else if ('in' in c) {
      if (c.in.length === 0) clauses.push('0');
      else {
        clauses.push(`${f} IN (${c.in.map(() => '?').join(',')})`);
        params.push(...c.in.map(scalarParam));
      }
    } else if ('contains' in c) {
      clauses.push(`instr(lower(${f}), lower(?)) > 0`);
      params.push(c.contains);
    } else {
      for (const [op, sym] of [
        ['gte', '>='],
        ['lte', '<='],
        ['gt', '>'],
        ['lt', '<'],
      ] as const) {
        const v = c[op];
        if (v !== undefined) {
          clauses.push(`${f} ${sym} ?`);
          params.push(v);
        }
      }
    }
  }
  return { sql: clauses.length ? ` WHERE ${clauses.join(' AND ')}` : '', params };
}

interface TableWriter {
  /** The fields kept in columns, in the statements' order; null when there are none. */
  fields: string[] | null;
  /** Updates the document alone where the columns hold these values already. */
  update: Database.Statement<unknown[], unknown> | null;
  upsert: Database.Statement<unknown[], unknown>;
}

interface PendingCommit {
  writes: readonly ReadModelWrite[];
  checkpoint: Checkpoint | undefined;
  resolve(): void;
  reject(error: unknown): void;
}

/** Read models as SQLite tables of JSON documents, in the same file as the event store. */
export class SqliteReadStore implements ReadStore {
  readonly db: Database.Database;
  private readonly known = new Set<string>();
  /** Per table, the fields kept in columns of their own (those of its indexes), as the file's schema has them. */
  private readonly columns = new Map<string, ReadonlySet<string>>();
  /** Per table, its write statements for those columns. */
  private readonly writers = new Map<string, TableWriter>();
  /** The file's schema version when `columns` was read: another process may add an index. */
  private schemaVersion = -1;
  private readonly statements = new Map<string, Database.Statement<unknown[], unknown>>();
  private readonly commitTx: Database.Transaction<(writes: readonly ReadModelWrite[], checkpoint?: Checkpoint) => void>;
  private readonly commitAllTx: Database.Transaction<(commits: readonly PendingCommit[]) => void>;
  /** Commits asked for in this turn of the event loop, written together (see `commit`). */
  private pending: PendingCommit[] = [];

  constructor(options: { file: string; synchronous?: 'NORMAL' | 'FULL' }) {
    this.db = openSqliteDatabase(options.file, options.synchronous);
    this.db.exec('CREATE TABLE IF NOT EXISTS rm_checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL) WITHOUT ROWID');
    this.db.exec('CREATE TABLE IF NOT EXISTS rm_leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID');
    const write = (writes: readonly ReadModelWrite[], checkpoint?: Checkpoint) => {
      this.followSchema();
      for (const w of writes) {
        const t = this.ensureTable(w.collection);
        if (isDocumentsDelete(w)) {
          const where = whereSql(w.deleteWhere, this.columnsOf(t));
          this.stmt(`DELETE FROM ${t}${where.sql}`).run(...where.params);
        } else if (w.doc === null) this.stmt(`DELETE FROM ${t} WHERE id = ?`).run(w.id);
        else this.put(t, w.id, w.doc, w.fresh);
      }
      if (checkpoint) {
        this.stmt('INSERT INTO rm_checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position').run(
          checkpoint.name,
          checkpoint.position,
        );
      }
    };
    this.commitTx = this.db.transaction(write);
    this.commitAllTx = this.db.transaction((commits: readonly PendingCommit[]) => {
      for (const c of commits) write(c.writes, c.checkpoint);
    });
  }

  /** Prepared statements are cached by their text. */
  private stmt<R>(sql: string): Database.Statement<unknown[], R> {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare<unknown[], unknown>(sql);
      this.statements.set(sql, st);
    }
    return st as Database.Statement<unknown[], R>;
  }

  private ensureTable(collection: string): string {
    const t = table(collection);
    if (!this.known.has(t)) {
      this.db.exec(`CREATE TABLE IF NOT EXISTS ${t} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
      this.known.add(t);
    }
    return t;
  }

  /** The fields table `t` keeps in columns (read from the file's schema once, and again after it changes). */
  private columnsOf(t: string): ReadonlySet<string> {
    let found = this.columns.get(t);
    if (!found) {
      const names = this.db
        .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${t}')`)
        .all()
        .map((c) => c.name);
      found = new Set(names.filter((n) => n.startsWith('f_')).map((n) => n.slice(2)));
      this.columns.set(t, found);
    }
    return found;
  }

  /** Forgets the columns read when another connection changed the schema (a new index). */
  private followSchema(): void {
    const version = this.stmt<{ schema_version: number }>('PRAGMA schema_version').get()!.schema_version;
    if (version !== this.schemaVersion) {
      this.columns.clear();
      this.writers.clear();
      this.schemaVersion = version;
    }
  }

  /**
   * Writes a document with its indexed fields' columns. Most writes of a read model change its
   * document but none of the indexed fields (a check's stage, not its user or moment), so the
   * document alone is updated when the columns already hold these values: SQLite then leaves the
   * indexes alone, where rewriting the row would update every one of them. Otherwise (a new
   * document, or an indexed field changed) the whole row is written, at once for a `fresh` one.
   */
  private put(t: string, id: string, doc: unknown, fresh = false): void {
    const writer = this.writerOf(t);
    const json = JSON.stringify(doc);
    if (!writer.fields) {
      writer.upsert.run(id, json);
      return;
    }
    const values = writer.fields.map((f) => columnValue((doc as Record<string, unknown>)[f]));
    if (!fresh && writer.update!.run(json, id, ...values).changes > 0) return;
    writer.upsert.run(id, json, ...values);
  }

  /** The statements that write to table `t`, made once for its columns (and again when they change). */
  private writerOf(t: string): TableWriter {
    let writer = this.writers.get(t);
    if (!writer) {
      const fields = [...this.columnsOf(t)];
      const cols = fields.map(column);
      writer =
        fields.length === 0
          ? { fields: null, update: null, upsert: this.stmt(`INSERT INTO ${t} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`) }
          : {
              fields,
              update: this.stmt(`UPDATE ${t} SET doc = ? WHERE id = ?${cols.map((c) => ` AND ${c} IS ?`).join('')}`),
              upsert: this.stmt(
                `INSERT INTO ${t} (id, doc, ${cols.join(', ')}) VALUES (?, ?${', ?'.repeat(cols.length)}) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc${cols.map((c) => `, ${c} = excluded.${c}`).join('')}`,
              ),
            };
      this.writers.set(t, writer);
    }
    return writer;
  }

  async get<T>(collection: string, id: string): Promise<T | null> {
    const row = this.stmt<{ doc: string }>(`SELECT doc FROM ${this.ensureTable(collection)} WHERE id = ?`).get(id);
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async getMany<T>(collection: string, ids: readonly string[]): Promise<Map<string, T>> {
    const out = new Map<string, T>();
    if (ids.length === 0) return out;
    const rows = this.stmt<{ id: string; doc: string }>(`SELECT id, doc FROM ${this.ensureTable(collection)} WHERE id IN (SELECT value FROM json_each(?))`).all(
      JSON.stringify(ids),
    );
    for (const r of rows) out.set(r.id, JSON.parse(r.doc) as T);
    return out;
  }

  async find<T>(collection: string, query: FindQuery = {}): Promise<T[]> {
    const t = this.ensureTable(collection);
    this.followSchema();
    const columns = this.columnsOf(t);
    const w = whereSql(query.where, columns);
    const order = (query.sort ?? []).map((s) => `${field(s.field, columns)} ${s.direction === 'desc' ? 'DESC' : 'ASC'}`);
    order.push('id ASC');
    const sql = `SELECT doc FROM ${t}${w.sql} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`;
    return this.stmt<{ doc: string }>(sql)
      .all(...w.params, query.limit ?? -1, query.offset ?? 0)
      .map((r) => JSON.parse(r.doc) as T);
  }

  async count(collection: string, where?: Where): Promise<number> {
    const t = this.ensureTable(collection);
    this.followSchema();
    const w = whereSql(where, this.columnsOf(t));
    const row = this.stmt<{ n: number }>(`SELECT count(*) AS n FROM ${t}${w.sql}`).get(...w.params);
    return row?.n ?? 0;
  }

  /**
   * Each commit is one transaction, all or nothing; the commits asked for in one turn of the event
   * loop (the projections woken by the same appends fold one after another, each then commits)
   * are written in one transaction, once that turn's work is done, and each answers after it.
   * Should that fail, each is written on its own, so one failing commit fails only its caller.
   */
  commit(writes: readonly ReadModelWrite[], checkpoint?: Checkpoint): Promise<void> {
    const committed = new Promise<void>((resolve, reject) => this.pending.push({ writes, checkpoint, resolve, reject }));
    if (this.pending.length === 1) this.flushSoon();
    return committed;
  }

  /** Flushes once this turn's work is done (a closure of its own: the tick queue never holds on to a commit's writes). */
  private flushSoon(): void {
    process.nextTick(() => this.flush());
  }

  private flush() {
    const commits = this.pending;
    if (commits.length === 0) return;
    this.pending = [];
    try {
      if (commits.length === 1) this.commitTx.immediate(commits[0]!.writes, commits[0]!.checkpoint);
      else this.commitAllTx.immediate(commits);
      for (const c of commits) c.resolve();
      return;
    } catch (error) {
      if (commits.length === 1) return commits[0]!.reject(error);
    }
    for (const c of commits) {
      try {
        this.commitTx.immediate(c.writes, c.checkpoint);
        c.resolve();
      } catch (error) {
        c.reject(error);
      }
    }
  }

  async getCheckpoint(name: string): Promise<number> {
    return this.stmt<{ position: number }>('SELECT position FROM rm_checkpoints WHERE name = ?').get(name)?.position ?? 0;
  }

  /** A commit is one transaction here: nothing is ever left half done. */
  async peekCheckpoint(name: string): Promise<number> {
    return this.getCheckpoint(name);
  }

  async tryLease(name: string, holder: string, ttlMs: number, now: number): Promise<LeaseState> {
    // One statement: the upsert's WHERE makes the take-over atomic against other processes on the file.
    this.stmt(
      `INSERT INTO rm_leases (name, holder, expires_at) VALUES (?, ?, ?)
         ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE rm_leases.holder = excluded.holder OR rm_leases.expires_at <= ?`,
    ).run(name, holder, now + ttlMs, now);
    const row = this.stmt<{ holder: string; expires_at: number }>('SELECT holder, expires_at FROM rm_leases WHERE name = ?').get(name)!;
    return { holder: row.holder, expiresAt: row.expires_at };
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    this.stmt('DELETE FROM rm_leases WHERE name = ? AND holder = ?').run(name, holder);
  }

  /**
   * An index on columns that hold the fields' values beside the document (added, and filled from
   * the documents, when missing), not on expressions over the JSON: SQLite can then leave the
   * indexes alone when a write changes none of the indexed fields (see `put`). An index of an
   * earlier version on the JSON expressions is dropped.
   */
  async ensureIndexes(indexes: readonly CollectionIndex[]): Promise<void> {
    this.db
      .transaction(() => {
        for (const index of indexes) {
          const t = this.ensureTable(index.collection);
          this.columns.delete(t);
          this.writers.delete(t);
          const have = this.columnsOf(t);
          for (const f of index.fields) {
            if (have.has(f)) continue;
            this.db.exec(`ALTER TABLE ${t} ADD COLUMN ${column(f)}`);
            this.db.exec(`UPDATE ${t} SET ${column(f)} = json_extract(doc, '$.${f}')`);
          }
          this.db.exec(`DROP INDEX IF EXISTS ${t}__${index.fields.join('_')}`);
          this.db.exec(`CREATE INDEX IF NOT EXISTS ${t}__c__${index.fields.join('_')} ON ${t} (${index.fields.map(column).join(', ')})`);
          this.columns.delete(t);
          this.writers.delete(t);
        }
      })
      .immediate();
    this.statements.clear();
  }

  async reset(collections: readonly string[], checkpoints: readonly string[]): Promise<void> {
    this.db.transaction(() => {
      for (const c of collections) {
        const t = table(c);
        this.db.exec(`DROP TABLE IF EXISTS ${t}`);
        this.statements.clear();
        this.known.delete(t);
        this.columns.delete(t);
        this.writers.delete(t);
      }
      for (const name of checkpoints) this.db.prepare('DELETE FROM rm_checkpoints WHERE name = ?').run(name);
    })();
  }

  async close(): Promise<void> {
    this.flush();
    this.db.close();
  }
}
