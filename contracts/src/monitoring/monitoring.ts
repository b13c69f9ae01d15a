/**
 * Monitoring: the watchlist (wallets re-screened on a schedule and when a list changes) and the
 * alerts raised when a re-screen's verdict differs from the one before. The API bodies, what an
 * alert shows (verdicts, hits, evidence), and the comparison that decides what raises an alert
 * (pure, shared by the server and its tests). The events are the domain's (domain/src/watch,
 * domain/src/alert).
 */
import { z } from 'zod';
import { networks } from '../addresses/parse';
import { NOT_BLANK } from '../common/text';
import { someChange } from '../common/changes';

/** Wallets one user may watch at once. */
export const WATCHLIST_MAX_DEFAULT = 10_000;
/** Wallets one call may add. */
export const WATCH_BATCH_MAX = 10_000;
/** Tags one watched wallet may have. */
export const WATCH_TAGS_MAX = 20;
/**
 * The largest body of a watch call: 2 KiB a wallet, room for a full batch of wallets whose every
 * field is at its longest (a 200-character address and reference, 20 tags of 50 characters).
 */
export const WATCH_BODY_MAX_BYTES = WATCH_BATCH_MAX * 2048;
export const WATCH_INTERVAL_HOURS_DEFAULT = 24;
export const WATCH_INTERVAL_HOURS_MAX = 24 * 31;
export const watchIntervalPresets = { hourly: 1, daily: 24, weekly: 168 } as const;
export type WatchIntervalPreset = keyof typeof watchIntervalPresets;

/**
 * The pricing rule of re-screens, stated once: the Watchlist screen shows it, the README says it,
 * and the scheduler and the list-change worker enforce it.
 */
export const rescreenPricing = {
  scheduled:
    'A scheduled re-screen costs one check, like a manual one. When you have no checks left it is skipped (never charged on credit) and tried again at the next scheduled time.',
  listChange:
    'A re-screen because a sanctions or custom list changed is free: it reuses the blockchain data of the last check and screens it against the new lists.',
} as const;

export const monitoringMessages = {
  notFound: 'No such watched wallet',
  alertNotFound: 'No such alert',
  tooMany: (max: number) => `You can watch at most ${max.toLocaleString('en-US')} wallets. Unwatch some first.`,
  checkNotFound: 'No such check',
  checkOtherWallet: 'That check is of another wallet',
  noteRequired: 'Write a note saying how the alert was resolved',
  noteTooLong: 'A note may have at most 2000 characters',
  alreadyResolved: 'This alert is already resolved',
  itemsRequired: 'Send at least one wallet',
  tooManyItems: `At most ${WATCH_BATCH_MAX.toLocaleString('en-US')} wallets per call`,
  tooManyTags: `At most ${WATCH_TAGS_MAX} tags`,
  oneOrMany: `Send one wallet ({ "address": … }) or up to ${WATCH_BATCH_MAX.toLocaleString('en-US')} as { "items": [ … ] }`,
  nothingToChange: 'Nothing to change: send at least one of reference, tags, interval, interval_hours',
} as const;

// ---------------------------------------------------------------------------------------------
// What a check's verdict was, as the watchlist keeps it and alerts compare it
// ---------------------------------------------------------------------------------------------

/** One hit of a wallet or its counterparty on the OFAC list or an admin's block list. */
export const sanctionsHitSchema = z.object({
  /** `wallet`: the watched wallet itself; `counterparty`: a wallet one hop away. */
  relation: z.enum(['wallet', 'counterparty']),
  address: z.string(),
  /** `OFAC SDN`, or the block list's name. */
  list: z.string(),
  source: z.enum(['ofac', 'custom']),
  /** The listed party (OFAC) or the list entry's note (custom lists; empty when none). */
  entity: z.string(),
  programs: z.array(z.string()),
});
export type SanctionsHit = z.infer<typeof sanctionsHitSchema>;

export const hitKey = (h: SanctionsHit) => `${h.relation}|${h.address}|${h.source}|${h.list}|${h.entity}`;

export const verdictSchema = z.object({
  score: z.number().nullable(),
  level: z.string(),
  status: z.string(),
  sanctionsHits: z.array(sanctionsHitSchema),
});
export type Verdict = z.infer<typeof verdictSchema>;

/** The lists a check was screened against: what an auditor needs to see why a hit appeared. */
export const listVersionsSchema = z.object({
  ofac: z.object({ sha256: z.string(), publishedAt: z.string().nullable() }).nullable(),
  custom: z.array(z.object({ listId: z.string(), name: z.string(), kind: z.string(), version: z.number() })),
});
export type ListVersions = z.infer<typeof listVersionsSchema>;

export const alertReasons = ['level-changed', 'status-changed', 'new-sanctions-hit'] as const;
export type AlertReason = (typeof alertReasons)[number];

/**
 * What raises an alert: a different risk level, a different AML status, or a sanctions (or block
 * list) hit the previous check did not have. A hit that disappears is not by itself an alert (the
 * level or status it changes is). The reasons come in a fixed order.
 */
export function compareVerdicts(before: Verdict, after: Verdict): { reasons: AlertReason[]; newHits: SanctionsHit[] } {
  const reasons: AlertReason[] = [];
  if (before.level !== after.level) reasons.push('level-changed');
  if (before.status !== after.status) reasons.push('status-changed');
  const known = new Set(before.sanctionsHits.map(hitKey));
  const newHits = after.sanctionsHits.filter((h) => !known.has(hitKey(h)));
  if (newHits.length > 0) reasons.push('new-sanctions-hit');
  return { reasons, newHits };
}

export const alertReasonText: Record<AlertReason, string> = {
  'level-changed': 'Risk level changed',
  'status-changed': 'AML status changed',
  'new-sanctions-hit': 'New sanctions hit',
};

// ---------------------------------------------------------------------------------------------
// Streams, and an alert's evidence
// ---------------------------------------------------------------------------------------------

export const watchStreamId = (watchId: string) => `watch-${watchId}`;
export const alertStreamId = (alertId: string) => `alert-${alertId}`;

export type RescreenTrigger = 'schedule' | 'list-change';

/** The list change a re-screen answers: the event that imported or changed the list. */
export const listChangeSchema = z.object({
  kind: z.enum(['ofac-import', 'custom-list-uploaded', 'custom-list-removed']),
  /** The list event's id. */
  eventId: z.string(),
  /** `OFAC SDN` or the custom list's name. */
  list: z.string(),
  /** The OFAC list's SHA-256, or the custom list's version (absent when removed). */
  version: z.string().nullable(),
  at: z.string(),
});
export type ListChange = z.infer<typeof listChangeSchema>;

/** An alert's evidence: the new hits, the lists and what started the check that raised it. */
export const alertEvidenceSchema = z.object({
  /** Hits the previous check did not have. */
  newHits: z.array(sanctionsHitSchema),
  /** The lists the new check was screened against. */
  lists: listVersionsSchema,
  /** What started the new check: the schedule, a list change (with the change), or a check the user ran. */
  trigger: z.enum(['schedule', 'list-change', 'check']),
  listChange: listChangeSchema.nullable(),
  /** The check whose blockchain data the new check reused (no blockchain call was made), when it did. */
  reusedChainEvidenceOf: z.string().nullable(),
});
export type AlertEvidence = z.infer<typeof alertEvidenceSchema>;

// ---------------------------------------------------------------------------------------------
// API
// ---------------------------------------------------------------------------------------------

const tagSchema = z
  .string()
  .regex(NOT_BLANK, { error: 'A tag may not be empty' })
  .trim()
  .min(1, { error: 'A tag may not be empty' })
  .max(50, { error: 'A tag may have at most 50 characters' });
const intervalFields = {
  interval: z.enum(['hourly', 'daily', 'weekly']).optional().meta({ description: 'How often it is re-screened: hourly, daily (default) or weekly' }),
  interval_hours: z
    .number({ error: 'interval_hours must be a number of hours' })
    .int({ error: 'interval_hours must be a whole number of hours' })
    .min(1, { error: 'interval_hours must be at least 1' })
    .max(WATCH_INTERVAL_HOURS_MAX, { error: `interval_hours may be at most ${WATCH_INTERVAL_HOURS_MAX}` })
    .optional()
    .meta({ description: 'Re-screen every this many hours (overrides interval)' }),
};

export const watchItemSchema = z.object({
  address: z
    .string({ error: 'address is required' })
    .regex(NOT_BLANK, { error: 'address is required' })
    .trim()
    .min(1, { error: 'address is required' })
    .max(200),
  network: z.enum(networks, { error: `network must be one of: ${networks.join(', ')}` }).optional(),
  reference: z.string().trim().max(200, { error: 'A reference may have at most 200 characters' }).optional(),
  tags: z.array(tagSchema).max(WATCH_TAGS_MAX, { error: monitoringMessages.tooManyTags }).optional(),
  ...intervalFields,
  check_id: z
    .uuid({ error: 'check_id must be a check id' })
    .optional()
    .meta({ description: 'The completed check to compare the next re-screen with (default: your latest completed check of this wallet)' }),
});
export type WatchItem = z.infer<typeof watchItemSchema>;

/** One wallet, or `{ items: [...] }` for many (a batch's wallets). */
export const watchRequestSchema = z.union(
  [
    watchItemSchema,
    z.object({
      items: z.array(watchItemSchema).min(1, { error: monitoringMessages.itemsRequired }).max(WATCH_BATCH_MAX, { error: monitoringMessages.tooManyItems }),
    }),
  ],
  { error: monitoringMessages.oneOrMany },
);
export type WatchRequest = z.input<typeof watchRequestSchema>;

export const updateWatchRequestSchema = someChange(
  z.object({
    reference: z.string().trim().max(200, { error: 'A reference may have at most 200 characters' }).nullable().optional(),
    tags: z.array(tagSchema).max(WATCH_TAGS_MAX, { error: monitoringMessages.tooManyTags }).optional(),
    ...intervalFields,
  }),
  monitoringMessages.nothingToChange,
);
export type UpdateWatchRequest = z.input<typeof updateWatchRequestSchema>;

const HOUR_MS = 3_600_000;
/** `at` plus some hours, as an ISO timestamp. */
export const plusHours = (at: string, hours: number): string => new Date(Date.parse(at) + hours * HOUR_MS).toISOString();

/** The first slot after `now` of the series `slot + k × interval` (k ≥ 1): a server that was down does not re-screen once per missed slot. */
export function nextSlotAfter(slot: string, intervalHours: number, now: string): string {
  const step = intervalHours * HOUR_MS;
  const from = Date.parse(slot);
  const k = Math.max(1, Math.floor((Date.parse(now) - from) / step) + 1);
  return new Date(from + k * step).toISOString();
}

export const intervalHoursOf = (input: { interval?: WatchIntervalPreset | undefined; interval_hours?: number | undefined }): number | undefined =>
  input.interval_hours ?? (input.interval ? watchIntervalPresets[input.interval] : undefined);

export const watchSchema = z.object({
  id: z.string(),
  address: z.string(),
  network: z.enum(networks),
  reference: z.string().nullable(),
  tags: z.array(z.string()),
  interval_hours: z.number(),
  status: z.enum(['active', 'unwatched']),
  watched_at: z.string(),
  last_check_id: z.string().nullable(),
  last_screened_at: z.string().nullable(),
  last_score: z.number().nullable(),
  last_level: z.string().nullable(),
  last_status: z.string().nullable(),
  next_rescreen_at: z.string().nullable(),
  /** The last scheduled re-screen that was skipped, and why (cleared by the next re-screen). */
  skipped: z.object({ at: z.string(), slot: z.string(), reason: z.string() }).nullable(),
  /** A re-screen started and not yet recorded. */
  pending_check_id: z.string().nullable(),
  open_alerts: z.number(),
});
export type Watch = z.infer<typeof watchSchema>;

export const watchListSchema = z.object({
  items: z.array(watchSchema),
  total: z.number(),
  limit: z.number(),
  pricing: z.object({ scheduled: z.string(), list_change: z.string() }),
});
export type WatchList = z.infer<typeof watchListSchema>;

export const watchResultSchema = z.object({
  items: z.array(z.object({ id: z.string(), address: z.string(), network: z.enum(networks), created: z.boolean() })),
  added: z.number(),
  already_watched: z.number(),
});
export type WatchResult = z.infer<typeof watchResultSchema>;

export const alertStatuses = ['open', 'acknowledged', 'resolved'] as const;
export type AlertStatus = (typeof alertStatuses)[number];

export const alertSchema = z.object({
  id: z.string(),
  status: z.enum(alertStatuses),
  watch_id: z.string(),
  address: z.string(),
  network: z.enum(networks),
  reference: z.string().nullable(),
  reasons: z.array(z.enum(alertReasons)),
  before: verdictSchema,
  after: verdictSchema,
  check_id: z.string(),
  previous_check_id: z.string(),
  evidence: alertEvidenceSchema,
  raised_at: z.string(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  note: z.string().nullable(),
  emailed_at: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListSchema = z.object({ items: z.array(alertSchema), total: z.number(), open: z.number() });
export type AlertList = z.infer<typeof alertListSchema>;

export const resolveAlertRequestSchema = z.object({
  note: z
    .string({ error: monitoringMessages.noteRequired })
    .regex(NOT_BLANK, { error: monitoringMessages.noteRequired })
    .trim()
    .min(1, { error: monitoringMessages.noteRequired })
    .max(2000, { error: monitoringMessages.noteTooLong }),
});
export type ResolveAlertRequest = z.input<typeof resolveAlertRequestSchema>;
