/**
 * A read model's collection as code reads it: its name and its document type, declared once beside
 * the projection that writes it. Conditions and sort orders name the document's own fields, so a
 * renamed field, or a query of another collection's document, does not compile; the projection
 * takes its collection name from the same handle (its key index's too: entries `{ key }`, stored
 * under the id they map).
 */
import type { FieldCondition, ReadStore } from '@walletscreen/platform';

/** A condition per top-level field of the document. */
export type DocWhere<Doc> = { [K in keyof Doc & string]?: FieldCondition | undefined };

export interface DocQuery<Doc> {
  where?: DocWhere<Doc>;
  sort?: ReadonlyArray<{ field: keyof Doc & string; direction: 'asc' | 'desc' }>;
  limit?: number;
  offset?: number;
}

export interface Collection<Doc extends object> {
  readonly name: string;
  get(store: ReadStore, id: string): Promise<Doc | null>;
  getMany(store: ReadStore, ids: readonly string[]): Promise<Map<string, Doc>>;
  find(store: ReadStore, query?: DocQuery<Doc>): Promise<Doc[]>;
  count(store: ReadStore, where?: DocWhere<Doc>): Promise<number>;
}

export function collection<Doc extends object>(name: string): Collection<Doc> {
  return {
    name,
    get: (store, id) => store.get<Doc>(name, id),
    getMany: (store, ids) => store.getMany<Doc>(name, ids),
    find: (store, query) => store.find<Doc>(name, query),
    count: (store, where) => store.count(name, where),
  };
}
