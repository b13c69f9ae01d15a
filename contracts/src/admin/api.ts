/**
 * Admin calls on customers (spec §7): top up, block, unblock, and all users' checks. Bodies,
 * limits and messages shared by the server and the admin screens.
 */
import { z } from 'zod';
import { emailSchema, newPasswordSchema, roles, USERNAME_MAX } from '../accounts/api';
import { NOT_BLANK } from '../common/text';

/** The spec's top-up: 10 checks per confirm, with a fixed reason (spec §7, §9). */
export const ADMIN_TOPUP_AMOUNT = 10;
export const ADMIN_TOPUP_REASON = 'Manual top-up from admin panel';
export const ADMIN_BLOCK_REASON = 'Blocked from admin panel';
export const ADMIN_UNBLOCK_REASON = 'Unblocked from admin panel';
export const TOPUP_MAX = 10_000;
export const ADMIN_REASON_MAX = 500;

export const adminMessages = {
  amountInvalid: `The amount must be a whole number from 1 to ${TOPUP_MAX}`,
  reasonRequired: 'Give a reason',
  reasonTooLong: `The reason may have at most ${ADMIN_REASON_MAX} characters`,
  customerNotFound: 'No such customer',
  checkNotFound: 'No such check',
  cannotBlockSelf: 'You cannot block your own account',
  cannotBlockAdmin: 'An admin account cannot be blocked',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a top-up of another amount',
  auditorNameRequired: "Enter the auditor's name",
  auditorNameTooLong: `The name may have at most ${USERNAME_MAX} characters`,
  emailTaken: 'An account with this e-mail already exists',
} as const;

const reason = z
  .string({ error: adminMessages.reasonRequired })
  .regex(NOT_BLANK, { error: adminMessages.reasonRequired })
  .trim()
  .min(1, { error: adminMessages.reasonRequired })
  .max(ADMIN_REASON_MAX, { error: adminMessages.reasonTooLong });

export const topUpRequestSchema = z.object({
  amount: z
    .number({ error: adminMessages.amountInvalid })
    .int({ error: adminMessages.amountInvalid })
    .min(1, { error: adminMessages.amountInvalid })
    .max(TOPUP_MAX, { error: adminMessages.amountInvalid }),
  reason,
});
export type TopUpRequest = z.input<typeof topUpRequestSchema>;

/** Block and unblock: the body may be empty (spec §7); the reason then is a default text. */
export const roleChangeRequestSchema = z.object({ reason: reason.optional() });
export type RoleChangeRequest = z.input<typeof roleChangeRequestSchema>;

/** The answer to top-up, block and unblock: the customer as they now are. */
export const adminActionResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  remaining_checks: z.number().int(),
  bonus_checks: z.number().int(),
  /** False when nothing changed (a retried top-up, a user already blocked). */
  changed: z.boolean(),
});
export type AdminActionResponse = z.infer<typeof adminActionResponseSchema>;

/**
 * An auditor's account, created by an admin (POST /api/admin/auditors): read-only access to the
 * admin area. The admin sets the first password and hands it over; the auditor signs in to the
 * admin area with it.
 */
export const createAuditorRequestSchema = z.object({
  email: emailSchema,
  username: z
    .string({ error: adminMessages.auditorNameRequired })
    .regex(NOT_BLANK, { error: adminMessages.auditorNameRequired })
    .trim()
    .min(1, { error: adminMessages.auditorNameRequired })
    .max(USERNAME_MAX, { error: adminMessages.auditorNameTooLong }),
  password: newPasswordSchema,
});
export type CreateAuditorRequest = z.input<typeof createAuditorRequestSchema>;

export const auditorSchema = z.object({ id: z.string(), email: z.string(), username: z.string(), role: z.literal('auditor'), created_at: z.string() });
export type Auditor = z.infer<typeof auditorSchema>;
