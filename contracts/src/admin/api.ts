/**
 * Admin calls on customers (spec §7): top up, block, unblock, and all users' checks. Bodies,
 * limits and messages shared by the server and the admin screens.
 */
import { z } from 'zod';
import { accountMessages, emailSchema, newPasswordSchema, roles, USERNAME_MAX } from '../accounts/api';
import { NOT_BLANK } from '../common/text';

/** The spec's top-up: 10 checks per confirm, with a fixed reason (spec §7, §9). */
export const ADMIN_TOPUP_AMOUNT = 10;
export const ADMIN_TOPUP_REASON = 'Manual top-up from admin panel';
export const ADMIN_BLOCK_REASON = 'Blocked from admin panel';
export const ADMIN_UNBLOCK_REASON = 'Unblocked from admin panel';
export const TOPUP_MAX = 10_000;

/**
 * What a blocked customer is told (signing in, or a call of a session the block ended): the
 * standing text, then the admin's reason when they gave one (the default text is not a reason).
 * Starts with `accountMessages.blocked` whatever the reason: clients recognise a block by it.
 */
export function blockedMessage(reason?: string | null): string {
  const given = reason?.trim();
  return given && given !== ADMIN_BLOCK_REASON ? `${accountMessages.blocked} Reason: ${given}` : accountMessages.blocked;
}

/** Whether a refusal says the account is blocked (with or without the admin's reason). */
export const isBlockedMessage = (message: string): boolean => message.startsWith(accountMessages.blocked);
export const ADMIN_REASON_MAX = 500;

export const adminMessages = {
  amountInvalid: `The amount must be a whole number from 1 to ${TOPUP_MAX}`,
  reasonRequired: 'Give a reason',
  reasonTooLong: `The reason may have at most ${ADMIN_REASON_MAX} characters`,
  customerNotFound: 'No such customer',
  checkNotFound: 'No such check',
  checkNotCharged: 'This check was never charged to its customer: there is nothing to refund',
  checkFreeRescreen: 'This check was a free re-screen after a list change: nothing was charged, so there is nothing to refund',
  checkRefundedAlready: (refund?: { at: string; reason: string; by?: { email: string } }) =>
    refund
      ? `This check was refunded already, on ${refund.at.slice(0, 16).replace('T', ' ')} UTC${refund.by ? ` by ${refund.by.email}` : ''}: ${refund.reason}`
      : 'This check was refunded already',
  cannotBlockSelf: 'You cannot block your own account',
  cannotBlockAdmin: 'An admin account cannot be blocked',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a top-up of another amount',
  auditorNameRequired: "Enter the auditor's name",
  auditorNameTooLong: `The name may have at most ${USERNAME_MAX} characters`,
  emailTaken: 'An account with this e-mail already exists',
  adminNameRequired: "Enter the admin's name",
  lastAdmin: 'At least one admin must remain: add another admin before removing this one',
  cannotRemoveSelf: 'You cannot remove yourself as an admin; another admin can',
  notAnAdmin: 'This account is not an admin',
  alreadyAdmin: 'This account is an admin already',
  cannotPromoteBlocked: 'A blocked account cannot be made an admin; unblock it first',
  noAccountWithEmail: 'No account has this e-mail; create the admin with a name and a first password instead',
  apiKeysReenableWhileBlocked: 'The account is blocked: unblock it first (its API keys stay suspended while it is blocked)',
  apiKeysReenableTooMany: (active: number, suspended: number, max: number) =>
    `The account has ${active} working API keys: re-enabling its ${suspended} suspended ones would pass the ${max} allowed. The customer must revoke some first.`,
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

/**
 * An admin refunds one recorded check (POST /api/admin/checks/{checkId}/refund): the reason is
 * required, recorded with the refund in the audit log. The customer is the one the check's own
 * stream names, never the client's word.
 */
export const refundCheckRequestSchema = z.object({ reason });
export type RefundCheckRequest = z.input<typeof refundCheckRequestSchema>;

/** Block and unblock: the body may be empty (spec §7); the reason then is a default text. */
export const roleChangeRequestSchema = z.object({ reason: reason.optional() });
export type RoleChangeRequest = z.input<typeof roleChangeRequestSchema>;

/** The answer to top-up, block, unblock and an admin's refund: the customer as they now are. */
export const adminActionResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  remaining_checks: z.number().int(),
  bonus_checks: z.number().int(),
  /** False when nothing changed (a retried top-up, a user already blocked). */
  changed: z.boolean(),
  /** The account's API keys a block suspended, not re-enabled or revoked since. */
  suspended_api_keys: z.number().int(),
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

/**
 * Admins (GET/POST /api/admin/admins, POST /api/admin/admins/promote, POST
 * /api/admin/admins/{id}/remove): an admin creates another admin's account (e-mail, name, first
 * password), makes an existing account an admin, or removes an admin (who becomes an ordinary
 * user). At least one admin always remains; every change is recorded with the admin who made it.
 */
export const createAdminRequestSchema = createAuditorRequestSchema.extend({
  username: z
    .string({ error: adminMessages.adminNameRequired })
    .trim()
    .min(1, { error: adminMessages.adminNameRequired })
    .max(USERNAME_MAX, { error: adminMessages.auditorNameTooLong }),
});
export type CreateAdminRequest = z.input<typeof createAdminRequestSchema>;

/** Make an existing account (by its e-mail) an admin; the reason defaults to a standing text. */
export const promoteAdminRequestSchema = z.object({ email: emailSchema, reason: reason.optional() });
export type PromoteAdminRequest = z.input<typeof promoteAdminRequestSchema>;

export const ADMIN_ADDED_REASON = 'Made an admin from admin panel';
export const ADMIN_REMOVED_REASON = 'Removed as an admin from admin panel';

export const adminMemberSchema = z.object({ id: z.string(), email: z.string(), since: z.string().nullable() });
export type AdminMember = z.infer<typeof adminMemberSchema>;
