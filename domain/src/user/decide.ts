/**
 * User commands decided over the user's state. Pure: hashes, ids, time and prices come in on the
 * command.
 * - an e-mail registers once (the user id is derived from it);
 * - a blocked user cannot reset their password, sign in, change their password, be charged a
 *   check, buy or create an API key; an admin can neither block themselves nor another admin;
 * - a block suspends every API key working then, as it ends every session: an unblock revives
 *   neither (a key still working at an unblock, under a block recorded before keys were suspended
 *   with it, is suspended then); an admin re-enables the suspended keys of an unblocked account;
 * - a reset link is single use and valid until its expiry; a password change needs the current
 *   password and a new one the registration rules accept, and ends every other session;
 * - a check is charged once (its id is the key), bonus checks first, then the purchase that
 *   expires first; a charged check is refunded once, to the balance it came from (the refund
 *   worker's refund of a check not charged, or refunded already, changes nothing; an admin's is
 *   refused, saying when and why it was refunded);
 * - a top-up with the same Idempotency-Key is applied once, and refused with another amount;
 * - a user registering with e-mail confirmation gets the welcome checks only when they open a
 *   confirmation link (valid until its expiry; asking again adds a link, the old ones stay valid);
 *   opening the link that confirmed the address again changes nothing.
 */
import { accountMessages, adminMessages, ADMIN_REASON_MAX, TOPUP_MAX, WELCOME_BONUS_CHECKS, type Role } from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import { Conflict, Forbidden, Invalid, NotFound, PaymentRequired } from '../errors';
import { decideCreateApiKey, decideRecordApiKeyUse, decideReenableApiKeys, decideRevokeApiKey, suspendWorkingApiKeys } from './api-keys';
import { userEvents, type Actor, type ApiKeyCreatedData, type ChargedCheck, type SessionEndReason, type UserEvent } from './events';
import { passwordProblem } from './password-rules';
import {
  decideExpirePurchasedChecks,
  decidePurchaseChecks,
  decideStartLocalCheckout,
  spendableLot,
  type PurchaseChecksData,
  type PurchasedPlan,
} from './purchases';
import { activeSessions, evolveUser, initialUserState, type RegisteredUser, type UserState } from './state';

export type UserCommand =
  | {
      type: 'RegisterUser';
      data: {
        userId: string;
        email: string;
        username: string;
        passwordHash: string;
        role: Role;
        by?: Actor;
        /** The first confirmation link's secret hash and expiry: the welcome checks wait for the address to be confirmed (users only). */
        emailConfirmation?: { tokenHash: string; expiresAt: string };
      };
      metadata: CommandMetadata;
    }
  | { type: 'RequestEmailConfirmation'; data: { tokenHash: string; expiresAt: string }; metadata: CommandMetadata }
  | { type: 'ConfirmEmail'; data: { tokenHash: string }; metadata: CommandMetadata }
  | { type: 'RequestPasswordReset'; data: { tokenHash: string; expiresAt: string }; metadata: CommandMetadata }
  | { type: 'ResetPassword'; data: { tokenHash: string; passwordHash: string }; metadata: CommandMetadata }
  | { type: 'ChangeRole'; data: { role: Role; by: Actor | null; reason: string }; metadata: CommandMetadata }
  | { type: 'ChargeCheck'; data: { checkId: string; check?: ChargedCheck }; metadata: CommandMetadata }
  /** `by`: the admin refunding one recorded check (absent: the refund worker, for a failed or Incomplete check). */
  | { type: 'RefundCheck'; data: { checkId: string; reason: string; by?: Actor }; metadata: CommandMetadata }
  | {
      type: 'RecordSignIn';
      data: { area: 'dashboard' | 'admin'; address: string; session?: { sessionId: string; device: string; expiresAt: string } };
      metadata: CommandMetadata;
    }
  | { type: 'ChangePassword'; data: ChangePasswordData; metadata: CommandMetadata }
  | { type: 'EndSession'; data: { sessionId: string; reason: SessionEndReason }; metadata: CommandMetadata }
  | { type: 'EndOtherSessions'; data: { keepSessionId: string | null }; metadata: CommandMetadata }
  | { type: 'TopUpChecks'; data: { amount: number; reason: string; by: Actor; idempotencyKey?: string }; metadata: CommandMetadata }
  | { type: 'BlockUser'; data: { by: Actor; reason: string }; metadata: CommandMetadata }
  | { type: 'UnblockUser'; data: { by: Actor; reason: string }; metadata: CommandMetadata }
  | { type: 'PurchaseChecks'; data: PurchaseChecksData; metadata: CommandMetadata }
  | { type: 'StartLocalCheckout'; data: PurchasedPlan & { sessionId: string; expiresAt: string }; metadata: CommandMetadata }
  | { type: 'ExpirePurchasedChecks'; data: Record<string, never>; metadata: CommandMetadata }
  | { type: 'CreateApiKey'; data: Omit<ApiKeyCreatedData, 'userId' | 'at'>; metadata: CommandMetadata }
  | { type: 'RevokeApiKey'; data: { keyId: string; by: Actor }; metadata: CommandMetadata }
  | { type: 'RecordApiKeyUse'; data: { keyId: string; recentSince: string }; metadata: CommandMetadata }
  | { type: 'ReenableApiKeys'; data: { by: Actor }; metadata: CommandMetadata };

/**
 * A signed-in user's password change. The current password is checked (scrypt, asynchronous) before
 * the command is built; the decider is told whether it matched, and gets the new password itself to
 * hold it to the registration rules against the account's e-mail and name.
 */
export interface ChangePasswordData {
  currentPasswordMatches: boolean;
  newPassword: string;
  /** The new password's hash ('' when the current one did not match: nothing was hashed). */
  passwordHash: string;
  /** The session the change was made from: it stays open; every other one ends. */
  keepSessionId: string | null;
}

export const NO_CHECKS_LEFT = 'You have no premium checks left. Top up your balance to run more checks.';

/** Why a check of a user whose address awaits confirmation cannot be charged (with nothing else to spend). */
export const emailNotConfirmed = (checks: number) =>
  `Confirm your e-mail address first: your ${checks} free checks are added once you open the link we sent you. You can ask for a new link on the dashboard.`;

/** Hours an e-mail confirmation link stays valid. */
export const EMAIL_CONFIRMATION_TOKEN_HOURS = 72;

/** Minutes a password-reset link stays valid. */
export const RESET_TOKEN_MINUTES = 30;

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'RegisterUser': {
      // The message is the spec's, and says no more than it: the e-mail is not confirmed as taken.
      if (state.status === 'registered') throw new Conflict(accountMessages.registrationFailed, { email: accountMessages.registrationFailed });
      const d = command.data;
      // An auditor runs no checks: no welcome checks. A user confirming their address gets them on confirmation.
      const welcome = d.role === 'auditor' ? 0 : WELCOME_BONUS_CHECKS;
      const confirmation = d.role === 'user' ? d.emailConfirmation : undefined;
      return [
        {
          type: 'UserRegistered',
          // `by`: the admin who created the account.
          data: {
            userId: d.userId,
            email: d.email,
            username: d.username,
            passwordHash: d.passwordHash,
            role: d.role,
            bonusChecks: confirmation ? 0 : welcome,
            ...(d.by ? { by: d.by } : {}),
            ...(confirmation ? { checksOnEmailConfirmation: welcome } : {}),
            at,
          },
        },
        ...(confirmation
          ? [
              {
                type: 'EmailConfirmationRequested' as const,
                data: { userId: d.userId, tokenHash: confirmation.tokenHash, expiresAt: confirmation.expiresAt, at },
              },
            ]
          : []),
      ];
    }
    case 'RequestEmailConfirmation': {
      if (state.status !== 'registered') throw new NotFound('no such user');
      if (state.role === 'blocked') throw new Forbidden(accountMessages.blocked);
      if (state.emailConfirmation?.status !== 'pending') throw new Conflict(accountMessages.emailAlreadyConfirmed);
      return [{ type: 'EmailConfirmationRequested', data: { userId: state.userId, tokenHash: command.data.tokenHash, expiresAt: command.data.expiresAt, at } }];
    }
    case 'ConfirmEmail': {
      const invalid = new Invalid(accountMessages.confirmationLinkInvalid, { token: accountMessages.confirmationLinkInvalid });
      if (state.status !== 'registered') throw invalid;
      const confirmation = state.emailConfirmation;
      // The link that confirmed the address, opened again (a second click, another device): nothing more to do.
      if (confirmation?.status === 'confirmed' && confirmation.tokenHash === command.data.tokenHash) return [];
      if (confirmation?.status !== 'pending') throw invalid;
      const expiresAt = confirmation.tokens[command.data.tokenHash];
      if (expiresAt === undefined || expiresAt <= at) throw invalid;
      if (state.role === 'blocked') throw new Forbidden(accountMessages.blocked);
      return [{ type: 'EmailConfirmed', data: { userId: state.userId, tokenHash: command.data.tokenHash, bonusChecks: confirmation.checks, at } }];
    }
    case 'RequestPasswordReset': {
      if (state.status !== 'registered') throw new NotFound('no such user');
      if (state.role === 'blocked') throw new Forbidden(accountMessages.blocked);
      return [{ type: 'PasswordResetRequested', data: { userId: state.userId, tokenHash: command.data.tokenHash, expiresAt: command.data.expiresAt, at } }];
    }
    case 'ResetPassword': {
      const invalid = new Invalid(accountMessages.resetTokenInvalid, { token: accountMessages.resetTokenInvalid });
      if (state.status !== 'registered') throw invalid;
      const expiresAt = state.resetTokens[command.data.tokenHash];
      if (expiresAt === undefined || expiresAt <= at) throw invalid;
      if (state.role === 'blocked') throw new Forbidden(accountMessages.blocked);
      return [{ type: 'PasswordReset', data: { userId: state.userId, tokenHash: command.data.tokenHash, passwordHash: command.data.passwordHash, at } }];
    }
    case 'ChangeRole': {
      if (state.status !== 'registered') throw new NotFound('no such user');
      if (state.role === command.data.role) return [];
      if (command.data.by && command.data.by.userId === state.userId && command.data.role !== 'admin') {
        throw new Forbidden('An admin cannot block or demote their own account');
      }
      return roleChange(state, { role: command.data.role, by: command.data.by, reason: command.data.reason }, at);
    }
    case 'ChargeCheck': {
      if (state.status !== 'registered') throw new NotFound('no such user');
      if (state.role === 'blocked') throw new Forbidden(accountMessages.blocked);
      // A check is charged once, whatever the retries: its id is the idempotency key.
      if (state.charges[command.data.checkId]) return [];
      // Bonus checks first, then the purchase that expires first; an expired purchase cannot be spent.
      const purchaseId = state.bonusChecks > 0 ? null : spendableLot(state, at);
      const source = state.bonusChecks > 0 ? 'bonus' : purchaseId !== null ? 'purchased' : null;
      if (source === null) {
        // Nothing to spend while the welcome checks wait for the address: say so, not "top up".
        const pending = state.emailConfirmation?.status === 'pending' ? state.emailConfirmation : undefined;
        throw new PaymentRequired(pending && pending.checks > 0 ? emailNotConfirmed(pending.checks) : NO_CHECKS_LEFT);
      }
      const check = command.data.check ? { check: command.data.check } : {};
      return [
        {
          type: 'CheckCharged',
          data: { userId: state.userId, checkId: command.data.checkId, source, ...check, ...(purchaseId !== null ? { purchaseId } : {}), at },
        },
      ];
    }
    case 'RefundCheck': {
      const { checkId, by } = command.data;
      if (state.status !== 'registered') throw new NotFound(by ? adminMessages.checkNotCharged : 'no such user');
      // An admin's reason is held to the admin rules; the refund worker's is its own text.
      const reason = by ? validReason(command.data.reason) : command.data.reason;
      const charge = state.charges[checkId];
      if (!charge || charge.refunded) {
        if (!by) return [];
        // An admin asked for this refund by name: say why there is none, and change nothing.
        if (!charge) throw new NotFound(adminMessages.checkNotCharged);
        throw new Conflict(adminMessages.checkRefundedAlready(charge.refund));
      }
      const purchase = charge.purchaseId ? { purchaseId: charge.purchaseId } : {};
      return [
        {
          type: 'CheckRefunded',
          data: { userId: state.userId, checkId, source: charge.source, reason, ...purchase, ...(by ? { by } : {}), at },
        },
      ];
    }
    case 'RecordSignIn': {
      if (state.status !== 'registered') throw new NotFound('no such user');
      if (state.role === 'blocked') throw new Forbidden(accountMessages.blocked);
      const { area, address, session } = command.data;
      return [{ type: 'UserSignedIn', data: { userId: state.userId, area, address, ...session, at } }];
    }
    case 'ChangePassword': {
      if (state.status !== 'registered') throw new NotFound('no such user');
      if (state.role === 'blocked') throw new Forbidden(accountMessages.blocked);
      const d = command.data;
      if (!d.currentPasswordMatches) throw new Invalid(accountMessages.currentPasswordWrong, { current_password: accountMessages.currentPasswordWrong });
      const problem = passwordProblem(d.newPassword, { email: state.email, username: state.username });
      if (problem) throw new Invalid(problem, { new_password: problem });
      if (d.passwordHash === '') throw new Error('ChangePassword without the new password hash');
      return [{ type: 'PasswordChanged', data: { userId: state.userId, passwordHash: d.passwordHash, keptSessionId: d.keepSessionId, at } }];
    }
    case 'EndSession': {
      if (state.status !== 'registered') throw new NotFound('no such user');
      const open = activeSessions(state, at).some((s) => s.sessionId === command.data.sessionId);
      if (!open) throw new NotFound(accountMessages.sessionNotFound);
      return [{ type: 'SessionEnded', data: { userId: state.userId, sessionId: command.data.sessionId, reason: command.data.reason, at } }];
    }
    case 'EndOtherSessions': {
      if (state.status !== 'registered') throw new NotFound('no such user');
      const keep = command.data.keepSessionId;
      const ended = activeSessions(state, at)
        .map((s) => s.sessionId)
        .filter((id) => id !== keep)
        .sort();
      // Also ends tokens without a session (issued before sessions were recorded), which cannot be listed.
      return [{ type: 'OtherSessionsEnded', data: { userId: state.userId, keptSessionId: keep, sessionIds: ended, at } }];
    }
    case 'TopUpChecks': {
      if (state.status !== 'registered') throw new NotFound(adminMessages.customerNotFound);
      const { amount, by, idempotencyKey } = command.data;
      const reason = validReason(command.data.reason);
      if (!Number.isInteger(amount) || amount < 1 || amount > TOPUP_MAX)
        throw new Invalid(adminMessages.amountInvalid, { amount: adminMessages.amountInvalid });
      if (idempotencyKey !== undefined) {
        const earlier = state.topUpKeys?.[idempotencyKey];
        if (earlier === amount) return [];
        if (earlier !== undefined) throw new Conflict(adminMessages.idempotencyKeyReused, { 'Idempotency-Key': adminMessages.idempotencyKeyReused });
      }
      return [{ type: 'ChecksToppedUp', data: { userId: state.userId, amount, reason, by, ...(idempotencyKey !== undefined ? { idempotencyKey } : {}), at } }];
    }
    case 'BlockUser': {
      if (state.status !== 'registered') throw new NotFound(adminMessages.customerNotFound);
      const reason = validReason(command.data.reason);
      // 409, not 403: the admin may act, the account's state forbids it (and a 403 signs the browser out).
      if (command.data.by.userId === state.userId) throw new Conflict(adminMessages.cannotBlockSelf);
      if (state.role === 'admin') throw new Conflict(adminMessages.cannotBlockAdmin);
      if (state.role === 'blocked') return [];
      return roleChange(state, { role: 'blocked', by: command.data.by, reason }, at);
    }
    case 'UnblockUser': {
      if (state.status !== 'registered') throw new NotFound(adminMessages.customerNotFound);
      const reason = validReason(command.data.reason);
      if (state.role !== 'blocked') return [];
      const role: Role = state.roleBeforeBlock && state.roleBeforeBlock !== 'blocked' ? state.roleBeforeBlock : 'user';
      return roleChange(state, { role, by: command.data.by, reason }, at);
    }
    case 'PurchaseChecks':
      return decidePurchaseChecks(command.data, state, at);
    case 'StartLocalCheckout':
      return decideStartLocalCheckout(command.data, state, at);
    case 'ExpirePurchasedChecks':
      return decideExpirePurchasedChecks(state, at);
    case 'CreateApiKey':
      return decideCreateApiKey(command.data, state, at);
    case 'RevokeApiKey':
      return decideRevokeApiKey(command.data, state, at);
    case 'RecordApiKeyUse':
      return decideRecordApiKeyUse(command.data, state, at);
    case 'ReenableApiKeys':
      return decideReenableApiKeys(command.data, state, at);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/**
 * A change of role, with what a block does to the account's API keys: a block suspends every key
 * working then; leaving a block suspends any key still working (a block recorded before keys were
 * suspended with it), so that no key works again without an admin re-enabling it.
 */
function roleChange(state: RegisteredUser, change: { role: Role; by: Actor | null; reason: string }, at: string): UserEvent[] {
  const { role, by, reason } = change;
  const changed: UserEvent = { type: 'UserRoleChanged', data: { userId: state.userId, role, previousRole: state.role, by, reason, at } };
  if (change.role === 'blocked') return [changed, ...suspendWorkingApiKeys(state, at)];
  if (state.role === 'blocked') return [...suspendWorkingApiKeys(state, at), changed];
  return [changed];
}

/** An admin's reason: 1 to 500 characters, trimmed. */
function validReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed === '') throw new Invalid(adminMessages.reasonRequired, { reason: adminMessages.reasonRequired });
  if (trimmed.length > ADMIN_REASON_MAX) throw new Invalid(adminMessages.reasonTooLong, { reason: adminMessages.reasonTooLong });
  return trimmed;
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
  types: userEvents.typeSet,
};
