/**
 * The Account screen's calls: change password, the signed-in sessions, the user's own purchases
 * and their receipts.
 */
import { z } from 'zod';
import { purchaseSchema } from '../billing/api';
import { accountMessages, newPasswordSchema } from './api';

export const changePasswordRequestSchema = z.object({
  current_password: z
    .string({ error: accountMessages.currentPasswordRequired })
    .min(1, { error: accountMessages.currentPasswordRequired })
    .max(1024, { error: accountMessages.currentPasswordWrong }),
  new_password: newPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** An open session of the signed-in user. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** Browser and system, shortened from the user agent ("Chrome on Windows"). */
  device: z.string(),
  /** The address it signed in from. */
  ip: z.string(),
  area: z.enum(['dashboard', 'admin']),
  started_at: z.string(),
  /** When its token stops working, unless ended before. */
  expires_at: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({
  sessions: z.array(accountSessionSchema),
  /** False when the asking token predates recorded sessions: it is not among them, and ends with "sign out all others". */
  current_listed: z.boolean(),
});
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid() });

export const endedSessionsSchema = z.object({ ended: z.number().int(), message: z.string() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

export const ACCOUNT_PURCHASES_PAGE_MAX = 100;

export const accountPurchasesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ACCOUNT_PURCHASES_PAGE_MAX).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AccountPurchasesQuery = z.input<typeof accountPurchasesQuerySchema>;

/** One of the user's own purchases (no e-mail, no user id: it is theirs). */
export const accountPurchaseSchema = purchaseSchema.omit({ user_id: true, user_email: true }).extend({
  /** The receipt's number, printed on it. */
  receipt_number: z.string(),
});
export type AccountPurchase = z.infer<typeof accountPurchaseSchema>;

export const accountPurchasesSchema = z.object({
  items: z.array(accountPurchaseSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type AccountPurchases = z.infer<typeof accountPurchasesSchema>;

export const purchaseIdParamsSchema = z.object({ id: z.uuid() });

/** A receipt's number: the purchase day and the start of its id, stable for a purchase ("WS-20261125-3F2A9C1B"). */
export function receiptNumber(purchase: { id: string; created_at: string }): string {
  const day = purchase.created_at.slice(0, 10).replaceAll('-', '');
  const tail = purchase.id
    .replace(/[^0-9a-zA-Z]/g, '')
    .slice(-8)
    .toUpperCase();
  return `WS-${day}-${tail}`;
}
