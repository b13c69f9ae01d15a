import { redactEventData, type AuditEntry } from '@walletscreen/contracts';
import type { RecordedEvent } from '@walletscreen/platform';
import { collection } from '../collection';
import type { KeyIndexEntry, Projection } from '../projection';

/** An entry as the audit log shows it (contracts' AuditEntry), stored with its id (the position) and the acting admin's id. */
export type AuditDoc = AuditEntry & { id: string; admin_id: string | null };

/** The audit log read model: one document per recorded event, keyed by its position. */
export const audit = collection<AuditDoc>('audit');
/** The event types recorded so far: one entry per type (the projection's key index, each type its own key). */
export const auditTypes = collection<KeyIndexEntry>('audit_types');

interface ActorLike {
  userId?: unknown;
  email?: unknown;
}

/** The admin who acted: events record them as `by` (or `uploadedBy`, `removedBy`, …): `{ userId, email }`. */
function actorOf(data: Record<string, unknown>): { id: string | null; email: string | null } {
  for (const [key, value] of Object.entries(data)) {
    if ((key === 'by' || key.endsWith('By')) && value !== null && typeof value === 'object') {
      const a = value as ActorLike;
      if (typeof a.email === 'string') return { id: typeof a.userId === 'string' ? a.userId : null, email: a.email.toLowerCase() };
    }
  }
  return { id: null, email: null };
}

export const auditProjection: Projection<AuditDoc> = {
  name: 'audit-v1',
  collection: audit.name,
  handles: ['*'],
  keyOf: (event: RecordedEvent) => String(event.position),
  fold(_doc, event) {
    const data = event.data !== null && typeof event.data === 'object' && !Array.isArray(event.data) ? (event.data as Record<string, unknown>) : {};
    const admin = actorOf(data);
    return {
      id: String(event.position),
      position: event.position,
      at: event.recordedAt,
      type: event.type,
      stream: event.streamId,
      user_id: typeof data.userId === 'string' ? data.userId : null,
      // Only registration names the e-mail; the API looks the others up by user id.
      user_email: event.type === 'UserRegistered' && typeof data.email === 'string' ? data.email : null,
      admin_email: admin.email,
      admin_id: admin.id,
      data: redactEventData(event.data),
      hash: event.hash ?? null,
    };
  },
  // The runner's key index, used as the list of event types seen (for the log's type filter):
  // every key is its own document, so nothing is ever looked up through it.
  keyIndex: {
    collection: auditTypes.name,
    record: (event) => ({ id: event.type, key: event.type }),
    lookup: () => null,
  },
  // A document per event, never folded again: written without looking for it first.
  insertOnly: true,
  indexes: [['position'], ['type', 'position'], ['user_id', 'position'], ['admin_email', 'position'], ['stream', 'position'], ['at']],
};
