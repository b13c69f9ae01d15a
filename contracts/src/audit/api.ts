/**
 * The admin audit log (GET /api/admin/audit…): every recorded event, newest first, filtered on the
 * server; its JSON Lines export; a customer's balance as of a moment; the hash chain's verification.
 */
import { z } from 'zod';

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

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date in the form YYYY-MM-DD' }).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), { error: 'Not a valid date' });
const optionalText = (max: number, name: string) => z.string().trim().max(max, { error: `The ${name} filter may have at most ${max} characters` }).optional().transform((v) => (v ? v : undefined));

/** Filters of the audit log and its export. Dates are days (UTC), both ends included. */
export const auditFiltersSchema = z
  .object({
    type: optionalText(100, 'type'),
    /** The affected user: an e-mail or a user id. */
    user: optionalText(320, 'user'),
    /** The e-mail of the admin who acted. */
    admin: optionalText(320, 'admin'),
    stream: optionalText(200, 'stream'),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { error: 'The start date must not be after the end date', path: ['from'] });
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const auditQuerySchema = z.intersection(
  auditFiltersSchema,
  z.object({
    limit: z.coerce.number({ error: 'The limit must be a number' }).int().min(1).max(500).default(50),
    offset: z.coerce.number({ error: 'The offset must be a number' }).int().min(0).default(0),
  }),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditEntry {
  position: number;
  /** When the store recorded the event (ISO-8601). */
  at: string;
  type: string;
  stream: string;
  /** The affected user, when the event names one. */
  user_id: string | null;
  user_email: string | null;
  /** The admin who acted, when an admin did. */
  admin_email: string | null;
  /** The event's data, sensitive fields redacted. */
  data: unknown;
  hash: string | null;
}

export interface AuditPage {
  items: AuditEntry[];
  total: number;
  limit: number;
  offset: number;
}

/** Event types present in the log, for the type filter. */
export interface AuditTypes {
  types: string[];
}

export interface Balance {
  bonus_checks: number;
  purchased_checks: number;
  remaining_checks: number;
}

export interface BalanceAsOf extends Balance {
  user_id: string;
  at: string;
  /** Position of the last event of the user folded (0 when none was recorded by then). */
  position: number;
  registered: boolean;
}

export interface BalanceHistoryEntry extends Balance {
  position: number;
  at: string;
  type: string;
  /** Change of remaining checks by this event. */
  delta: number;
}

export interface BalanceHistory {
  user_id: string;
  email: string | null;
  entries: BalanceHistoryEntry[];
}

export interface ChainVerificationResponse {
  ok: boolean;
  count: number;
  head_position: number;
  head_hash: string;
  problem: null | {
    kind: 'position-gap' | 'broken-link' | 'hash-mismatch' | 'missing-hash' | 'truncated';
    position: number;
    stream: string | null;
    type: string | null;
    revision: number | null;
    event_id: string | null;
    message: string;
  };
  checked_at: string;
}

export const balanceAsOfQuerySchema = z.object({
  at: z.iso.datetime({ offset: true, error: 'Give the moment as an ISO-8601 date-time, e.g. 2026-11-22T10:00:00Z' }).optional(),
});
