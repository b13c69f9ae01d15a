import { z } from 'zod';
import { NOT_BLANK } from '../common/text';

/** Messages shown by the browser and sent by the server; the spec's wording where it has one. */
export const accountMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Minimum 8 characters',
  passwordTooLong: 'Maximum 128 characters',
  passwordTooCommon: 'This password is too common. Choose another one.',
  companyRequired: 'Company name is required',
  companyTooLong: 'Maximum 100 characters',
  confirmRequired: 'Confirm your password',
  passwordsMismatch: 'Passwords do not match',
  invalidCredentials: 'Invalid email or password',
  registrationFailed: 'Registration failed. Try another email.',
  resetRequested: 'If your email exists in our system, a reset link has been sent.',
  resetDone: 'Password reset successfully! You can now log in.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Request a new one.',
  tokenMissing: 'Invalid or missing token.',
  tooManyAttempts: 'Too many sign-in attempts. Try again later.',
  sessionExpired: 'Token has expired. Please sign in again.',
  unauthorized: 'Authentication required',
  forbidden: 'You do not have access to this resource',
  blocked: 'This account is blocked. Contact support.',
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'The current password is not correct',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  sessionNotFound: 'No such session',
  signedOut: 'Signed out',
  otherSessionsEnded: 'Your other sessions have been signed out.',
  receiptNotFound: 'No such purchase',
  auditorReadOnly: 'Auditors have read-only access: this action is not available to them',
  registered: 'Registration successful. You are signed in.',
  registeredConfirmEmail: 'Registration successful. We sent you a link: open it to confirm your e-mail address and receive your free checks.',
  tooManyRegistrations: 'Too many accounts were registered from your network. Try again later.',
  registrationsBusy: 'Too many accounts are being registered right now. Try again later.',
  confirmationSent: 'We sent you a new link. Open it to confirm your e-mail address.',
  tooManyConfirmationRequests: 'Several links were sent already. Check your inbox and spam folder, or try again later.',
  emailAlreadyConfirmed: 'Your e-mail address is already confirmed.',
  emailConfirmed: 'Your e-mail address is confirmed. Your free checks are on your balance.',
  confirmationLinkInvalid: 'This confirmation link is invalid or has expired. Sign in and ask for a new one.',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const USERNAME_MAX = 100;
export { SESSION_MINUTES, WELCOME_BONUS_CHECKS } from './limits';

const requiredString = (message: string) =>
  z.string({ error: message }).regex(NOT_BLANK, { error: message, abort: true }).trim().min(1, { error: message, abort: true });

/** E-mail: trimmed, lower-cased, at most 254 characters, one @ with a dotted domain. */
export const emailSchema = requiredString(accountMessages.emailRequired)
  .max(EMAIL_MAX, { error: accountMessages.emailInvalid })
  // z.email's pattern, checked on the string itself so that the document states it too.
  .regex(z.regexes.email, { error: accountMessages.emailInvalid })
  .transform((e) => e.toLowerCase());

/** Password rules for new passwords (registration and reset). The common-password check is the server's. */
export const newPasswordSchema = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, { error: accountMessages.passwordRequired, abort: true })
  .min(PASSWORD_MIN, { error: accountMessages.passwordTooShort })
  .max(PASSWORD_MAX, { error: accountMessages.passwordTooLong });

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  username: requiredString(accountMessages.companyRequired).max(USERNAME_MAX, {
    error: accountMessages.companyTooLong,
  }),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: accountMessages.passwordRequired })
    .min(1, { error: accountMessages.passwordRequired })
    .max(1024, { error: accountMessages.invalidCredentials }),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Admins and auditors sign in to the admin area; an auditor's is read-only. */
export const adminLoginResponseSchema = z.object({ token: z.string(), role: z.enum(['admin', 'auditor']) });
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

export const requestPasswordResetSchema = z.object({ email: emailSchema });
export type RequestPasswordResetRequest = z.input<typeof requestPasswordResetSchema>;
export const resetPasswordSchema = z.object({
  token: requiredString(accountMessages.tokenMissing).max(512, { error: accountMessages.resetTokenInvalid }),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Registration signs the new user in: the token is a session token, as sign-in answers it. */
export const registerResponseSchema = z.object({
  message: z.string(),
  token: z.string().meta({ description: 'Session token (100 minutes), as POST /api/auth/login answers it' }),
  email_confirmation_pending: z.boolean().meta({ description: 'Whether the free checks wait for the e-mail address to be confirmed (a link was sent to it)' }),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** The link of a confirmation e-mail: `token` is its `token` parameter. */
export const confirmEmailRequestSchema = z.object({
  token: requiredString(accountMessages.tokenMissing).max(512, { error: accountMessages.confirmationLinkInvalid }),
});
export type ConfirmEmailRequest = z.input<typeof confirmEmailRequestSchema>;

export const profileSchema = z.object({
  email: z.string(),
  username: z.string(),
  role: z.enum(['user', 'admin', 'auditor', 'blocked']),
  checks_left: z.number().int(),
  bonus_checks: z.number().int(),
  email_confirmation_pending: z
    .boolean()
    .optional()
    .meta({ description: 'Whether the e-mail address awaits confirmation: the free checks are added when the link sent to it is opened' }),
});
export type Profile = z.infer<typeof profileSchema>;

/** `auditor`: read-only access to the admin area (customers, checks, cases, the audit log), created by an admin. */
export const roles = ['user', 'admin', 'auditor', 'blocked'] as const;
export type Role = (typeof roles)[number];

/** A row of the admin Customers screen (spec §3 "Customer"). */
export const customerSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.enum(roles),
  remaining_checks: z.number().int(),
  bonus_checks: z.number().int(),
  purchased_checks: z.number().int(),
  created_at: z.string(),
  /** The API keys a block suspended, not re-enabled or revoked since: an admin can re-enable them once the customer is unblocked. */
  suspended_api_keys: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customersQuerySchema = z.object({
  email: z.string().trim().max(EMAIL_MAX).optional().meta({ description: 'Case-insensitive e-mail substring' }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/**
 * The socket.io message a user's open sessions receive when an admin blocks the account, so the
 * browser can say why at once instead of failing at the next click; the server closes those
 * connections right after it. `message` is the text to show (the same sentence sign-in answers).
 */
export const ACCOUNT_BLOCKED = 'account:blocked';

/**
 * The socket.io message a user's open sessions receive when a premium check is given back (a check
 * that failed or came back Incomplete), which happens a moment after the check settles: the
 * balance shown is read again. `consistency_token` makes that read show the refund.
 */
export const BALANCE_CHANGED = 'balance:changed';
export const balanceChangedMessageSchema = z.object({
  reason: z.literal('refund'),
  check_id: z.string(),
  consistency_token: z.string(),
});
export type BalanceChangedMessage = z.infer<typeof balanceChangedMessageSchema>;
export const accountBlockedMessageSchema = z.object({
  message: z.string(),
  /** When the account was blocked (ISO 8601). */
  at: z.string(),
});
export type AccountBlockedMessage = z.infer<typeof accountBlockedMessageSchema>;

/**
 * A socket connection refused because its user has too many (open at once, or opened in the last
 * minute): the `connect_error` a socket.io client receives, `message` to read and `data` with the
 * status and the seconds after which to try again.
 */
export const socketRefusalSchema = z.object({ status: z.literal(429), retry_after: z.number().int().min(1) });
export type SocketRefusal = z.infer<typeof socketRefusalSchema>;
export const socketMessages = {
  tooManyOpen: (max: number) =>
    `Too many live connections for this account: at most ${max} at once. Close some WalletScreen tabs or apps signed in to it; this one tries again in a moment.`,
  tooManyAttempts: (perMinute: number, seconds: number) =>
    `Too many live connections opened for this account: at most ${perMinute} a minute. Try again in ${seconds} s.`,
} as const;
