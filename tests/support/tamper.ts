/**
 * What an insider with the data directory does to the events' SQLite file, for the tests of tamper
 * detection: every hash of the chain recomputed from a position on over the rows as they now are, so
 * that the chain holds again (sqlite-event-store.ts hashes the same columns).
 */
import type Database from 'better-sqlite3';
import { eventHash, GENESIS_HASH } from '@walletscreen/platform';

interface EventRow {
  position: number;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

/** Recomputes `prev_hash` and `hash` of every event from `from` on; answers the new hash of the last one. */
export function recomputeChainFrom(db: Database.Database, from: number): string {
  const previous = db.prepare('SELECT hash FROM events WHERE position < ? ORDER BY position DESC LIMIT 1').get(from) as { hash: string } | undefined;
  let prev = previous?.hash ?? GENESIS_HASH;
  const update = db.prepare('UPDATE events SET prev_hash = ?, hash = ? WHERE position = ?');
  for (const r of db.prepare('SELECT * FROM events WHERE position >= ? ORDER BY position').all(from) as EventRow[]) {
    const hash = eventHash(prev, {
      position: r.position,
      streamId: r.stream_id,
      revision: r.revision,
      id: r.event_id,
      type: r.type,
      data: JSON.parse(r.data) as unknown,
      metadata: JSON.parse(r.metadata) as Record<string, unknown>,
      recordedAt: r.recorded_at,
    });
    update.run(prev, hash, r.position);
    prev = hash;
  }
  return prev;
}
