/**
 * A watched wallet's events, on its own stream `watch-<watchId>`: watched, edited, unwatched, its
 * re-screens requested or skipped, and each completed check of it recorded (the verdict the next
 * one is compared with). Every event's data carries the watch id, its user and the moment it
 * happened (`at`).
 */
import { z } from 'zod';
import { chains, listChangeSchema, listVersionsSchema, networks, verdictSchema } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';

export { watchStreamId } from '@walletscreen/contracts';

/** A completed check of a watched wallet, as the watch records it. */
export const checkSummarySchema = verdictSchema.extend({
  checkId: z.string(),
  /** When the check was requested. */
  requestedAt: z.string(),
  completedAt: z.string(),
  lists: listVersionsSchema,
  /** Whether the check reused an earlier check's blockchain data (a list-change re-screen). */
  reusedChainEvidenceOf: z.string().nullable(),
});
export type CheckSummary = z.infer<typeof checkSummarySchema>;

export const rescreenTriggers = ['schedule', 'list-change'] as const;

/** Where a wallet was added: the web app (a result or the watchlist), or the public API with this key. */
export const watchViaSchema = z.discriminatedUnion('kind', [z.object({ kind: z.literal('web') }), z.object({ kind: z.literal('api'), apiKeyId: z.string() })]);
export type WatchVia = z.infer<typeof watchViaSchema>;

const onWatch = { watchId: z.string(), userId: z.string(), at: z.string() };

export const walletWatchedSchema = z.object({
  ...onWatch,
  address: z.string(),
  chain: z.enum(chains),
  network: z.enum(networks),
  reference: z.string().nullable(),
  tags: z.array(z.string()),
  intervalHours: z.number(),
  /** The completed check the next result is compared with (null: the first check after watching sets it). */
  baseline: checkSummarySchema.nullable(),
  nextDueAt: z.string(),
  via: watchViaSchema,
});
export type WalletWatched = z.infer<typeof walletWatchedSchema>;

export const watchUpdatedSchema = z.object({
  ...onWatch,
  reference: z.string().nullable(),
  tags: z.array(z.string()),
  intervalHours: z.number(),
  nextDueAt: z.string(),
});
export type WatchUpdated = z.infer<typeof watchUpdatedSchema>;

export const walletUnwatchedSchema = z.object(onWatch);
export type WalletUnwatched = z.infer<typeof walletUnwatchedSchema>;

export const watchRescreenRequestedSchema = z.object({
  ...onWatch,
  checkId: z.string(),
  trigger: z.enum(rescreenTriggers),
  /** The scheduled time this re-screen is for (scheduled re-screens). */
  slot: z.string().nullable(),
  /** Whether a check was charged (scheduled) or not (list changes are free). */
  charged: z.boolean(),
  /** The check whose blockchain data the re-screen reuses (list changes). */
  reusedChainEvidenceOf: z.string().nullable(),
  /** The list change that touched the wallet (list changes). */
  listChange: listChangeSchema.nullable(),
  nextDueAt: z.string(),
});
export type WatchRescreenRequested = z.infer<typeof watchRescreenRequestedSchema>;

export const watchRescreenSkippedSchema = z.object({ ...onWatch, slot: z.string(), reason: z.string(), nextDueAt: z.string() });
export type WatchRescreenSkipped = z.infer<typeof watchRescreenSkippedSchema>;

export const watchCheckRecordedSchema = z.object({
  ...onWatch,
  summary: checkSummarySchema,
  /** The alert this check raised, if it did. */
  alertId: z.string().nullable(),
});
export type WatchCheckRecorded = z.infer<typeof watchCheckRecordedSchema>;

export const watchEvents = eventUnion([
  eventSchema('WalletWatched', walletWatchedSchema),
  eventSchema('WatchUpdated', watchUpdatedSchema),
  eventSchema('WalletUnwatched', walletUnwatchedSchema),
  eventSchema('WatchRescreenRequested', watchRescreenRequestedSchema),
  eventSchema('WatchRescreenSkipped', watchRescreenSkippedSchema),
  eventSchema('WatchCheckRecorded', watchCheckRecordedSchema),
]);
export type WatchEvent = z.infer<typeof watchEvents.schema>;
export const watchEventTypes = watchEvents.types;
