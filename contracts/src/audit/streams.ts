/**
 * The auditor's view of the event streams (admin API): a check's stream event by event with the
 * versions it used, its replay (the recorded risk-model version re-run on the recorded evidence),
 * and a browser of any stream's state at any global position.
 */
import { z } from 'zod';

/** A stream id as the store names them: `user-<id>`, `check-<id>`, `custom-list-<id>`, `sanctions-ofac`… */
export const streamIdSchema = z
  .string()
  .min(1, { error: 'Give a stream id' })
  .max(200, { error: 'A stream id has at most 200 characters' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:@+-]*$/, { error: 'Not a stream id: letters, digits and . _ : @ + - only, starting with a letter or digit' });

export const streamParamsSchema = z.object({ streamId: streamIdSchema.meta({ description: 'The stream id, e.g. user-<id>' }) });

const position = z.coerce
  .number({ error: 'The position must be a whole number' })
  .int({ error: 'The position must be a whole number' })
  .min(0, { error: 'The position cannot be negative' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'The position is too large' });

export const streamQuerySchema = z.object({
  position: position.optional().meta({ description: 'Global position: the events recorded up to it (inclusive) and the state folded from them; default: all' }),
});

export const streamListQuerySchema = z.object({
  prefix: z
    .string()
    .max(100, { error: 'The prefix may have at most 100 characters' })
    .regex(/^[A-Za-z0-9._:@+-]*$/, { error: 'Not a stream-id prefix: letters, digits and . _ : @ + - only' })
    .optional()
    .meta({ description: 'Only streams whose id starts with this, e.g. user-' }),
  after: streamIdSchema.optional().meta({ description: 'Only stream ids after this one: the next_after of the previous page' }),
  limit: z.coerce
    .number({ error: 'The limit must be a number' })
    .int({ error: 'The limit must be a whole number' })
    .min(1, { error: 'The limit is at least 1' })
    .max(500, { error: 'The limit is at most 500' })
    .default(100),
});

/** One recorded event, as stored (sensitive fields redacted). */
export const streamEventSchema = z.object({
  position: z.number().int(),
  revision: z.number().int(),
  type: z.string(),
  /** The type's human name (auditEventName). */
  name: z.string(),
  recorded_at: z.string(),
  hash: z.string().nullable().meta({ description: 'sha256(previous hash || canonical event), hex; null where the store keeps no chain (EventStoreDB)' }),
  prev_hash: z.string().nullable(),
  data: z.unknown().meta({ description: 'The event data as recorded; passwordHash, tokenHash and other secrets read [REDACTED]' }),
});
export type StreamEvent = z.infer<typeof streamEventSchema>;

/** What a check used, as its evidence records it; null where it records nothing. */
export const checkVersionsSchema = z.object({
  risk_model: z.string().nullable(),
  /** The risk-model profile the check was scored with, its version and the SHA-256 of its canonical JSON (checks scored since profiles were recorded). */
  risk_profile: z.object({ version: z.string(), sha256: z.string() }).nullable(),
  sanctions_list_loaded: z.boolean().nullable(),
  sanctions_list: z
    .object({ source: z.string(), published_at: z.string().nullable(), sha256: z.string(), imported_at: z.string(), address_count: z.number().int() })
    .nullable(),
  custom_lists: z.array(
    z.object({ list_id: z.string(), name: z.string(), kind: z.string(), version: z.number().int(), sha256: z.string(), entry_count: z.number().int() }),
  ),
  intelligence: z.object({ labels_version: z.string().nullable(), chainabuse: z.string().nullable() }),
  /** The intelligence feeds in force when the check ran, each with its version and file hash (empty before feeds). */
  feeds: z.array(z.object({ id: z.string(), name: z.string(), version: z.string(), sha256: z.string(), entry_count: z.number().int() })),
  blockchain_provider: z.string().nullable(),
  /** How far funds were followed beyond the direct counterparties; null when they were not traced. */
  trace: z
    .object({
      depth: z.number().int(),
      fan_out: z.number().int(),
      request_budget: z.number().int(),
      requests: z.number().int(),
      expanded: z.number().int(),
      failed: z.number().int(),
      not_expanded: z.number().int(),
    })
    .nullable(),
  /** A list-change re-screen reuses an earlier check's blockchain data: that check. */
  reused_blockchain_data_of: z.string().nullable(),
  writer: z.string().nullable(),
});
export type CheckVersions = z.infer<typeof checkVersionsSchema>;

/**
 * What a check cost its customer, from their own stream: `charged` (and not refunded), `refunded`
 * (when, why, and the admin who did when one did), `free` (a re-screen after a list change), or
 * `not-charged` (their stream holds no charge of it).
 */
export const checkChargeSchema = z.object({
  status: z.enum(['charged', 'refunded', 'free', 'not-charged']),
  /** Which balance paid for it (null when nothing was charged). */
  source: z.enum(['bonus', 'purchased']).nullable(),
  refunded_at: z.string().nullable(),
  refund_reason: z.string().nullable(),
  refunded_by: z.string().nullable().meta({ description: 'E-mail of the admin who refunded it; null when the refund worker did, or not refunded' }),
});
export type CheckCharge = z.infer<typeof checkChargeSchema>;

export const checkEventsSchema = z.object({
  check_id: z.string(),
  status: z.enum(['running', 'completed', 'failed']),
  events: z.array(streamEventSchema),
  versions: checkVersionsSchema,
  charge: checkChargeSchema,
});
export type CheckEvents = z.infer<typeof checkEventsSchema>;

export const replayVerdicts = ['identical', 'differs', 'not-replayable'] as const;
export const notReplayableReasons = ['check-failed', 'still-running', 'model-version-unknown', 'evidence-missing'] as const;

const verdictShape = z.object({
  score: z.number(),
  level: z.string(),
  status: z.string(),
  factors: z.array(z.object({ code: z.string(), points: z.number(), reason: z.string() })),
  missing: z.array(z.string()).optional(),
});

export const checkReplaySchema = z.object({
  check_id: z.string(),
  verdict: z.enum(replayVerdicts),
  /** Why it cannot be replayed (verdict not-replayable only). */
  reason: z.enum(notReplayableReasons).nullable(),
  message: z.string().meta({ description: 'The verdict in words: "identical", where it differs, or why it cannot be replayed' }),
  model_version: z.string().nullable(),
  differences: z.array(z.object({ field: z.string(), recorded: z.unknown(), replayed: z.unknown() })),
  /** The model's inputs as extracted from the recorded evidence (null when not replayed). */
  // Any JSON value, null included (an `anyOf` of it and null would say nothing more).
  inputs: z.unknown().meta({ description: "The model's inputs as extracted from the recorded evidence; null when not replayed" }),
  recorded: z.object({ assessment: verdictShape, result: z.object({ risk_score: z.number(), risk_level: z.string(), aml_status: z.string() }) }).nullable(),
  replayed: verdictShape.nullable(),
});
export type CheckReplayResponse = z.infer<typeof checkReplaySchema>;

export const streamViewSchema = z.object({
  stream_id: z.string(),
  /** The stream's kind (user, check, watch, custom-list…); null when no kind matches its id. */
  kind: z.string().nullable(),
  /** The position asked for, or the store's head position when none was. */
  position: z.number().int(),
  /** Events of the stream recorded up to `position`, oldest first, and the stream's event count. */
  events: z.array(streamEventSchema),
  total_events: z.number().int(),
  /** The state folded from those events by the domain's own evolve; null when the kind has no fold. */
  state: z.unknown().meta({ description: "The state folded from those events by the domain's own evolve; null when the kind has no fold" }),
  folds: z.boolean(),
  note: z.string().nullable(),
});
export type StreamView = z.infer<typeof streamViewSchema>;

/**
 * A `user` stream's `state` as the stream view shows it once the user registered (the parts the
 * admin Streams screen reads as a balance card; the view carries more). Before registration the
 * state is `{ registered: false }`.
 */
export const userStreamStateSchema = z.object({
  registered: z.literal(true),
  user_id: z.string(),
  email: z.string(),
  username: z.string().nullish(),
  role: z.string(),
  blocked: z.boolean(),
  bonus_checks: z.number(),
  purchased_checks: z.number(),
  remaining_checks: z.number(),
  registered_at: z.string().nullish(),
});
export type UserStreamState = z.infer<typeof userStreamStateSchema>;

export const streamListSchema = z.object({
  streams: z.array(z.object({ stream_id: z.string(), kind: z.string().nullable() })),
  /** Pass as `after` for the next page; null on the last page. */
  next_after: z.string().nullable(),
  kinds: z.array(z.object({ kind: z.string(), prefix: z.string(), folds: z.boolean() })),
});
export type StreamList = z.infer<typeof streamListSchema>;
