/**
 * Every aggregate's events, by type name: to check that a stored event has the shape its
 * aggregate declares (the test servers check every event they recorded; the data-directory test,
 * every event an earlier version wrote).
 */
import type { z } from 'zod';
import { adminRosterEvents } from './admin-roster/events';
import { alertEvents } from './alert/events';
import { auditorAccessEvents } from './auditor-access/events';
import { batchEvents } from './batch/events';
import { caseEvents } from './case/events';
import { checkEvents } from './check/events';
import { consumerStartEvents } from './consumer-start/events';
import { customListEvents } from './custom-list/events';
import { feedEvents } from './feed/events';
import { feedEntriesEvents } from './feed-entries/events';
import { feedSyncEvents } from './feed-sync-log/events';
import { sanctionsListEvents } from './sanctions-list/events';
import { sanctionsSyncEvents } from './sanctions-sync-log/events';
import { storeIntegrityEvents } from './store-integrity/events';
import { treeHeadEvents } from './tree-heads/events';
import { userEvents } from './user/events';
import { watchEvents } from './watch/events';
import { webhookDeliveryEvents } from './webhook-delivery/events';
import { webhookEndpointEvents } from './webhook-endpoint/events';

const unions: ReadonlyArray<{ schema: z.ZodType; types: readonly string[] }> = [
  userEvents,
  auditorAccessEvents,
  adminRosterEvents,
  checkEvents,
  caseEvents,
  watchEvents,
  alertEvents,
  batchEvents,
  webhookEndpointEvents,
  webhookDeliveryEvents,
  customListEvents,
  sanctionsListEvents,
  sanctionsSyncEvents,
  feedEvents,
  feedEntriesEvents,
  feedSyncEvents,
  storeIntegrityEvents,
  consumerStartEvents,
  treeHeadEvents,
];

const byType = new Map<string, z.ZodType>();
for (const union of unions) for (const type of union.types) byType.set(type, union.schema);

/** Every event type the aggregates declare. */
export const declaredEventTypes: readonly string[] = [...byType.keys()];

/** Whether `type` is an event some aggregate declares. */
export const isDeclaredEventType = (type: string): boolean => byType.has(type);

/**
 * Event types the stores themselves append, which no aggregate decides: the EventStoreDB adapter's
 * claim of an event id (platform/src/event-store/eventstoredb).
 */
const storeEventTypes: ReadonlySet<string> = new Set(['EventIdClaimed']);

/** What is wrong with a stored event's shape (null when it has the shape its aggregate declares). */
export function eventShapeProblem(event: { type: string; data: unknown }): string | null {
  const schema = byType.get(event.type);
  if (!schema) return storeEventTypes.has(event.type) ? null : `${event.type}: no aggregate declares this event type`;
  const parsed = schema.safeParse({ type: event.type, data: event.data });
  return parsed.success ? null : `${event.type}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(data)'} ${i.message}`).join('; ')}`;
}
