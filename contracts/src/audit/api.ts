/**
 * The admin audit log (GET /api/admin/audit…): every recorded event, newest first, filtered on the
 * server; its JSON Lines export; a customer's balance as of a moment; the hash chain's verification.
 */
import { z } from 'zod';
import { dayFilter } from '../common/day';

/** Data fields never shown in the audit log: their values are replaced by this. */
export const REDACTED = '[REDACTED]';
export const redactedFields: readonly string[] = ['passwordHash', 'tokenHash', 'password', 'token', 'secret', 'apiKey', 'keyHash', 'secretHash'];

/** `data` with sensitive fields (at any depth) replaced by `REDACTED`. */
export function redactEventData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactEventData);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = redactedFields.includes(k) ? REDACTED : redactEventData(v);
  return out;
}

const optionalText = (max: number, name: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `The ${name} filter may have at most ${max} characters` })
    .optional()
    .transform((v) => (v ? v : undefined));

/** Filters of the audit log and its export. Dates are days (UTC), both ends included. */
export const auditFiltersSchema = z
  .object({
    type: optionalText(100, 'type').meta({ description: 'Event type, e.g. UserRegistered' }),
    /** The affected user: an e-mail or a user id. */
    user: optionalText(320, 'user').meta({ description: 'The affected user: e-mail (any case) or user id' }),
    /** The e-mail of the admin who acted. */
    admin: optionalText(320, 'admin').meta({ description: 'E-mail of the admin who acted' }),
    stream: optionalText(200, 'stream').meta({ description: 'Stream id, e.g. user-<id>' }),
    from: dayFilter().meta({ description: 'First day (UTC, YYYY-MM-DD), included' }),
    to: dayFilter().meta({ description: 'Last day (UTC, YYYY-MM-DD), included' }),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { error: 'The start date must not be after the end date', path: ['from'] });
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** The log's query: the filters and a page (one object, so each parameter is documented). */
export const auditQuerySchema = auditFiltersSchema.safeExtend({
  limit: z.coerce.number({ error: 'The limit must be a number' }).int().min(1).max(500).default(50),
  offset: z.coerce.number({ error: 'The offset must be a number' }).int().min(0).default(0),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One recorded event as the audit log shows it. */
export const auditEntrySchema = z.object({
  position: z.number().int(),
  /** When the store recorded the event (ISO-8601). */
  at: z.string(),
  type: z.string(),
  stream: z.string(),
  /** The affected user, when the event names one. */
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  /** The admin who acted, when an admin did. */
  admin_email: z.string().nullable(),
  /** The event's data, sensitive fields redacted. */
  data: z.unknown().meta({ description: `The event data; passwordHash, tokenHash and other secrets read ${REDACTED}` }),
  hash: z.string().nullable().meta({ description: 'sha256(previous hash || canonical event), hex' }),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Event types present in the log, for the type filter. */
export const auditTypesSchema = z.object({ types: z.array(z.string()) });
export type AuditTypes = z.infer<typeof auditTypesSchema>;

const balanceShape = { bonus_checks: z.number().int(), purchased_checks: z.number().int(), remaining_checks: z.number().int() };
export const balanceSchema = z.object(balanceShape);
export type Balance = z.infer<typeof balanceSchema>;

export const balanceAsOfSchema = z.object({
  user_id: z.string(),
  at: z.string(),
  /** Position of the last event of the user folded (0 when none was recorded by then). */
  position: z.number().int(),
  registered: z.boolean(),
  ...balanceShape,
});
export type BalanceAsOf = z.infer<typeof balanceAsOfSchema>;

export const balanceHistoryEntrySchema = z.object({
  position: z.number().int(),
  at: z.string(),
  type: z.string(),
  /** Change of remaining checks by this event. */
  delta: z.number().int(),
  ...balanceShape,
});
export type BalanceHistoryEntry = z.infer<typeof balanceHistoryEntrySchema>;

export const balanceHistorySchema = z.object({ user_id: z.string(), email: z.string().nullable(), entries: z.array(balanceHistoryEntrySchema) });
export type BalanceHistory = z.infer<typeof balanceHistorySchema>;

export const chainProblemKinds = ['position-gap', 'broken-link', 'hash-mismatch', 'missing-hash', 'truncated', 'rewritten'] as const;

export const chainVerificationResponseSchema = z.object({
  ok: z.boolean(),
  count: z.number().int(),
  head_position: z.number().int(),
  head_hash: z.string(),
  problem: z
    .object({
      kind: z.enum(chainProblemKinds),
      position: z.number().int(),
      stream: z.string().nullable(),
      type: z.string().nullable(),
      revision: z.number().int().nullable(),
      event_id: z.string().nullable(),
      message: z.string(),
    })
    .nullable(),
  checked_at: z.string(),
});
export type ChainVerificationResponse = z.infer<typeof chainVerificationResponseSchema>;

export const balanceAsOfQuerySchema = z.object({
  at: z.iso
    .datetime({ offset: true, error: 'Give the moment as an ISO-8601 date-time, e.g. 2026-11-22T10:00:00Z' })
    .optional()
    .meta({ description: 'The moment (ISO-8601); default: now' }),
});
