import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { EventStore, Logger } from '@walletscreen/platform';
import {
  accountMessages,
  adminMessages,
  apiKeyMessages,
  blockedMessage,
  apiKeyScopes,
  SESSION_MINUTES,
  ADMIN_ADDED_REASON,
  checkStreamId,
  type AccountSessions,
  type AdminMember,
  type ApiKey,
  type ApiKeyScope,
  type Profile,
  type Role,
} from '@walletscreen/contracts';
import { adminRosterDecider, rosterSeedOf, type AdminRosterCommand } from '@walletscreen/domain/admin-roster/decide';
import { adminRosterStreamId, type AdminRosterMember } from '@walletscreen/domain/admin-roster/events';
import type { AdminRosterState } from '@walletscreen/domain/admin-roster/state';
import { auditorAccessDecider } from '@walletscreen/domain/auditor-access/decide';
import { auditorAccessStreamId } from '@walletscreen/domain/auditor-access/events';
import type { WalletCheckRequested } from '@walletscreen/domain/check/events';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { BusinessError, Conflict, Forbidden, Invalid, NotFound, TooManyRequests, Unauthorized } from '@walletscreen/domain/errors';
import { userIdForEmail } from '@walletscreen/domain/ids';
import { API_KEY_USE_RECORD_MS, apiKeyStatus, apiKeyView, suspendedApiKeys } from '@walletscreen/domain/user/api-keys';
import { EMAIL_CONFIRMATION_TOKEN_HOURS, RESET_TOKEN_MINUTES, userDecider, type UserCommand } from '@walletscreen/domain/user/decide';
import { userStreamId, type Actor, type ChargedCheck, type SessionEndReason, type UserEvent } from '@walletscreen/domain/user/events';
import type { PurchaseChecksData, PurchasedPlan } from '@walletscreen/domain/user/purchases';
import { activeSessions, awaitingEmailConfirmation, checksLeft, type RegisteredUser, type StoredApiKey, type UserState } from '@walletscreen/domain/user/state';
import { keyMatches, newApiKey, readApiKey } from './api-key-format';
import type { LoginThrottle } from './login-throttle';
import type { Mailer } from './mailer';
import { dummyHashPromise, hashPassword, passwordProblem, verifyPassword } from './passwords';
import type { TokenService } from './tokens';
import { describeUserAgent } from './user-agent';

export type { RegisteredUser };

/** What an admin command did: whether anything changed, the user as they now are, and the event position to wait for. */
export interface AdminChange {
  changed: boolean;
  /** The account as it now is; `suspended_api_keys`: its keys a block suspended, not re-enabled or revoked since. */
  user: { id: string; email: string; role: Role; remaining_checks: number; bonus_checks: number; suspended_api_keys: number };
  position: number | null;
}

function adminChange(result: { events: UserEvent[]; state: UserState; position: number | null }): AdminChange {
  const state = result.state as RegisteredUser;
  const suspended = suspendedApiKeys(state).length;
  return {
    changed: result.events.length > 0,
    user: {
      id: state.userId,
      email: state.email,
      role: state.role,
      remaining_checks: checksLeft(state),
      bonus_checks: state.bonusChecks,
      suspended_api_keys: suspended,
    },
    position: result.position,
  };
}

/** A user's id is derived from their e-mail, so the store itself keeps e-mails unique. */
export { userIdForEmail };

/** A purchase as billing reports it: the purchased checks expire `expiryDays` after it is recorded. */
export type PurchaseInput = Omit<PurchaseChecksData, 'expiresAt'> & { expiryDays: number };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The token of an e-mailed link (password reset, e-mail confirmation): `<userId>.<secret>`. The
 * account records only the secret's hash, with the link's expiry.
 */
function newLinkToken(userId: string, validMs: number, clock: () => Date): { token: string; tokenHash: string; expiresAt: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${userId}.${secret}`, tokenHash: sha256(secret), expiresAt: new Date(clock().getTime() + validMs).toISOString() };
}

/** The user id and the secret's hash of a link's token, or null when it cannot be one. */
function readLinkToken(token: string): { userId: string; tokenHash: string } | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (!/^[0-9a-f-]{36}$/.test(userId) || secret.length < 20) return null;
  return { userId, tokenHash: sha256(secret) };
}

export interface AccountsDeps {
  eventStore: EventStore;
  tokens: TokenService;
  throttle: LoginThrottle;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  clock: () => Date;
  /** Whether a user who registers gets the welcome checks only once they confirm their e-mail address. */
  emailConfirmation?: boolean;
  /** The ids of the accounts the read model shows as admins: the seed of an admin roster not started yet. */
  adminIdsOnRecord: () => Promise<string[]>;
}

export function createAccounts(deps: AccountsDeps) {
  const users = new CommandHandler(deps.eventStore, userDecider);
  const auditorAccess = new CommandHandler(deps.eventStore, auditorAccessDecider);
  const roster = new CommandHandler(deps.eventStore, adminRosterDecider);
  /** Reset e-mails sent per address in the last hour: at most 5, so nobody can flood an inbox. */
  const resetsSent = new Map<string, number[]>();
  /** When this process last recorded a use of each key: a use is recorded at most once a minute. */
  const usesRecorded = new Map<string, number>();
  const now = () => deps.clock().toISOString();

  const execute = (userId: string, command: UserCommand, commandId: string = randomUUID(), actor?: Actor) =>
    users.execute(userStreamId(userId), command, {
      commandId,
      metadata: { command: command.type, ...(actor ? { actor } : {}) },
    });

  async function load(userId: string): Promise<UserState> {
    return (await users.load(userStreamId(userId))).state;
  }

  const onRoster = (command: AdminRosterCommand, actor?: Actor | null) =>
    roster.execute(adminRosterStreamId, command, { commandId: randomUUID(), metadata: { command: command.type, ...(actor ? { actor } : {}) } });

  /**
   * The roster and, when it was not started yet (a data directory from before it), its seed: the
   * accounts the read model shows as admins, each checked against its own stream. The seed is
   * appended with the roster's first change, never by reading it.
   */
  async function loadRoster(): Promise<{ state: AdminRosterState; seed?: AdminRosterMember[] }> {
    const { state } = await roster.load(adminRosterStreamId);
    if (state.seeded) return { state };
    const seed: AdminRosterMember[] = [];
    for (const id of new Set(await deps.adminIdsOnRecord())) {
      const user = await load(id);
      if (user.status === 'registered' && user.role === 'admin') seed.push({ userId: user.userId, email: user.email });
    }
    return { state, seed };
  }

  /** The admins as the roster lists them (with its seed when not started yet), by e-mail. */
  async function listAdmins(): Promise<AdminMember[]> {
    const { state, seed } = await loadRoster();
    const startedSeed = rosterSeedOf(state, seed, now());
    const { admins } = startedSeed ? adminRosterDecider.evolve(state, startedSeed) : state;
    return Object.entries(admins)
      .map(([id, a]) => ({ id, email: a.email, since: a.since }))
      .sort((a, b) => a.email.localeCompare(b.email));
  }

  /** The later of two consistency positions (null when neither command appended). */
  const later = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

  /** A session started now: its token expires with it. */
  const newSession = (sessionId: string, userAgent: string | undefined) => ({
    sessionId,
    device: describeUserAgent(userAgent),
    expiresAt: new Date(deps.clock().getTime() + SESSION_MINUTES * 60_000).toISOString(),
  });

  async function checkCredentials(email: string, password: string, address: string): Promise<RegisteredUser> {
    const wait = deps.throttle.retryAfter(email, address);
    if (wait > 0) throw new TooManyRequests(accountMessages.tooManyAttempts, wait);
    const state = await load(userIdForEmail(email));
    const hash = state.status === 'registered' ? state.passwordHash : await dummyHashPromise;
    const ok = await verifyPassword(password, hash);
    if (!ok || state.status !== 'registered') {
      deps.throttle.failure(email, address);
      throw new Unauthorized(accountMessages.invalidCredentials, { email: accountMessages.invalidCredentials, password: accountMessages.invalidCredentials });
    }
    if (state.role === 'blocked') {
      // Only someone who knows the password learns the account is blocked, and the admin's reason.
      throw new Forbidden(blockedMessage(state.blockReason));
    }
    deps.throttle.success(email, address);
    return state;
  }

  async function registerUser(
    input: { email: string; username: string; password: string },
    role: Role,
    by?: Actor,
    emailConfirmation?: { tokenHash: string; expiresAt: string },
  ): Promise<{ user: RegisteredUser; position: number }> {
    const problem = passwordProblem(input.password, { email: input.email, username: input.username });
    if (problem) throw new Invalid(problem, { password: problem });
    const userId = userIdForEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    const { state, position } = await execute(userId, {
      type: 'RegisterUser',
      data: {
        userId,
        email: input.email,
        username: input.username,
        passwordHash,
        role,
        ...(by ? { by } : {}),
        ...(emailConfirmation ? { emailConfirmation } : {}),
      },
      metadata: { now: now() },
    });
    return { user: state as RegisteredUser, position: position! };
  }

  /** An account an admin creates (an auditor, an admin) with its first password; an e-mail already registered is refused. */
  async function registerByAdmin(input: { email: string; username: string; password: string }, role: Role, by: Actor) {
    try {
      return await registerUser(input, role, by);
    } catch (error) {
      if (error instanceof Conflict) throw new Conflict(adminMessages.emailTaken, { email: adminMessages.emailTaken });
      throw error;
    }
  }

  /** Starts a signed-in session of the user's (recorded on their stream); its token. */
  async function startSession(user: RegisteredUser, area: 'dashboard' | 'admin', address: string, userAgent: string | undefined): Promise<string> {
    const sessionId = randomUUID();
    await execute(user.userId, { type: 'RecordSignIn', data: { area, address, session: newSession(sessionId, userAgent) }, metadata: { now: now() } });
    return deps.tokens.issue(user.userId, user.role, sessionId);
  }

  /** Sends a confirmation link in the background: a failure is logged (the user can ask for another link). */
  function sendConfirmationLink(user: RegisteredUser, token: string) {
    const link = `${deps.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    const checks = user.emailConfirmation?.status === 'pending' ? user.emailConfirmation.checks : 0;
    deps.mailer
      .sendEmailConfirmation(user.email, link, checks)
      .catch((error: unknown) => deps.logger.error({ err: error, userId: user.userId }, 'e-mail confirmation link failed to send'));
  }

  return {
    load,

    async register(input: { email: string; username: string; password: string }, role: Role = 'user'): Promise<RegisteredUser> {
      return (await registerUser(input, role)).user;
    },

    /**
     * A user registering themselves, signed in at once (a session is started, as a sign-in does).
     * With e-mail confirmation the welcome checks wait for the link sent to the address.
     */
    async signUp(
      input: { email: string; username: string; password: string },
      address: string,
      userAgent?: string,
    ): Promise<{ token: string; emailConfirmationPending: boolean }> {
      const userId = userIdForEmail(input.email);
      const link = deps.emailConfirmation ? newLinkToken(userId, EMAIL_CONFIRMATION_TOKEN_HOURS * 3_600_000, deps.clock) : undefined;
      const { user } = await registerUser(input, 'user', undefined, link ? { tokenHash: link.tokenHash, expiresAt: link.expiresAt } : undefined);
      if (link) sendConfirmationLink(user, link.token);
      return { token: await startSession(user, 'dashboard', address, userAgent), emailConfirmationPending: awaitingEmailConfirmation(user) };
    },

    /** Another confirmation link for a signed-in user whose address awaits confirmation (the earlier links stay valid). */
    async requestEmailConfirmation(userId: string): Promise<void> {
      const link = newLinkToken(userId, EMAIL_CONFIRMATION_TOKEN_HOURS * 3_600_000, deps.clock);
      const { state } = await execute(userId, {
        type: 'RequestEmailConfirmation',
        data: { tokenHash: link.tokenHash, expiresAt: link.expiresAt },
        metadata: { now: now() },
      });
      sendConfirmationLink(state as RegisteredUser, link.token);
    },

    /** Confirms the address of the link's account and grants its welcome checks; the same link again changes nothing. */
    async confirmEmail(token: string): Promise<{ position: number | null }> {
      const read = readLinkToken(token);
      if (!read) throw new Invalid(accountMessages.confirmationLinkInvalid, { token: accountMessages.confirmationLinkInvalid });
      const { position } = await execute(read.userId, { type: 'ConfirmEmail', data: { tokenHash: read.tokenHash }, metadata: { now: now() } });
      return { position };
    },

    /** Sign-in: starts a session (recorded with the sign-in) that the token carries. */
    async login(input: { email: string; password: string }, address: string, userAgent?: string): Promise<string> {
      const user = await checkCredentials(input.email, input.password, address);
      return startSession(user, 'dashboard', address, userAgent);
    },

    /**
     * Admin-area sign-in, for admins and auditors (whose access is read-only): anyone else with the
     * right password gets the same answer as a wrong password. Starts a session, as a sign-in does.
     */
    async adminLogin(input: { email: string; password: string }, address: string, userAgent?: string): Promise<{ token: string; role: 'admin' | 'auditor' }> {
      let user: RegisteredUser;
      try {
        user = await checkCredentials(input.email, input.password, address);
      } catch (error) {
        if (error instanceof Forbidden)
          throw new Unauthorized(accountMessages.invalidCredentials, {
            email: accountMessages.invalidCredentials,
            password: accountMessages.invalidCredentials,
          });
        throw error;
      }
      const role = user.role;
      if (role !== 'admin' && role !== 'auditor') {
        throw new Unauthorized(accountMessages.invalidCredentials, { email: accountMessages.invalidCredentials, password: accountMessages.invalidCredentials });
      }
      return { token: await startSession(user, 'admin', address, userAgent), role };
    },

    /** An auditor's account, created by an admin with its first password; an e-mail already registered is refused. */
    async createAuditor(input: { email: string; username: string; password: string }, by: Actor): Promise<{ user: RegisteredUser; position: number }> {
      return registerByAdmin(input, 'auditor', by);
    },

    listAdmins,

    /** Another admin's account, created by an admin with its first password: registered as an admin, then put on the roster. */
    async createAdmin(input: { email: string; username: string; password: string }, by: Actor): Promise<{ admins: AdminMember[]; position: number | null }> {
      const { user, position } = await registerByAdmin(input, 'admin', by);
      const { seed } = await loadRoster();
      const added = await onRoster(
        { type: 'AddAdmin', data: { userId: user.userId, email: user.email, by, reason: ADMIN_ADDED_REASON, seed }, metadata: { now: now() } },
        by,
      );
      return { admins: await listAdmins(), position: later(position, added.position) };
    },

    /**
     * Makes an existing account an admin (not a blocked one): its role first, then the roster (so the
     * roster never lists someone who is not an admin). An admin already: nothing changes.
     */
    async promoteAdmin(email: string, by: Actor, reason: string): Promise<{ admins: AdminMember[]; position: number | null }> {
      const state = await load(userIdForEmail(email));
      if (state.status !== 'registered') throw new NotFound(adminMessages.noAccountWithEmail, { email: adminMessages.noAccountWithEmail });
      if (state.role === 'blocked') throw new Conflict(adminMessages.cannotPromoteBlocked, { email: adminMessages.cannotPromoteBlocked });
      const changed = await execute(state.userId, { type: 'ChangeRole', data: { role: 'admin', by, reason }, metadata: { now: now() } }, randomUUID(), by);
      const { seed } = await loadRoster();
      const added = await onRoster({ type: 'AddAdmin', data: { userId: state.userId, email: state.email, by, reason, seed }, metadata: { now: now() } }, by);
      return { admins: await listAdmins(), position: later(changed.position, added.position) };
    },

    /**
     * Removes an admin (they become an ordinary user): decided on the roster first, which refuses
     * oneself and the last admin (two removals at the same time are decided one after the other
     * there), then the account's role. A removal retried after the role change failed completes it.
     */
    async removeAdmin(userId: string, by: Actor, reason: string): Promise<{ admins: AdminMember[]; position: number | null }> {
      const state = await load(userId);
      if (state.status !== 'registered') throw new NotFound(adminMessages.customerNotFound);
      if (state.role !== 'admin') throw new Conflict(adminMessages.notAnAdmin);
      const { seed } = await loadRoster();
      const removed = await onRoster({ type: 'RemoveAdmin', data: { userId, email: state.email, by, reason, seed }, metadata: { now: now() } }, by);
      const changed = await execute(userId, { type: 'ChangeRole', data: { role: 'user', by, reason }, metadata: { now: now() } }, randomUUID(), by);
      return { admins: await listAdmins(), position: later(removed.position, changed.position) };
    },

    /** Records what an auditor read, on their access stream, before it is answered. */
    async recordAuditorAccess(
      auditor: { userId: string; email: string },
      access: { method: string; path: string; params: Record<string, string> },
    ): Promise<number | null> {
      const by = { userId: auditor.userId, email: auditor.email, role: 'auditor' as const };
      return (
        await auditorAccess.execute(
          auditorAccessStreamId(auditor.userId),
          { type: 'RecordAuditorView', data: { by, ...access }, metadata: { now: now() } },
          { commandId: randomUUID() },
        )
      ).position;
    },

    /**
     * Appends the request and sends the e-mail in the background; the answer is the same, and as
     * quick, whether or not the e-mail is registered.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const hourAgo = deps.clock().getTime() - 3_600_000;
      const recent = (resetsSent.get(email) ?? []).filter((t) => t > hourAgo);
      if (recent.length >= 5) {
        deps.logger.warn({ email }, 'password-reset request ignored: 5 already sent in the last hour');
        return;
      }
      resetsSent.set(email, [...recent, deps.clock().getTime()]);
      if (resetsSent.size > 100_000) resetsSent.delete(resetsSent.keys().next().value!);
      const userId = userIdForEmail(email);
      const { token, tokenHash, expiresAt } = newLinkToken(userId, RESET_TOKEN_MINUTES * 60_000, deps.clock);
      try {
        const { state } = await execute(userId, { type: 'RequestPasswordReset', data: { tokenHash, expiresAt }, metadata: { now: now() } });
        if (state.status !== 'registered') return;
        const link = `${deps.publicUrl}/set-password?token=${encodeURIComponent(token)}`;
        deps.mailer.sendPasswordReset(state.email, link).catch((error: unknown) => deps.logger.error({ err: error, userId }, 'password-reset e-mail failed'));
      } catch (error) {
        if (error instanceof NotFound || error instanceof Forbidden) return;
        throw error;
      }
    },

    async resetPassword(input: { token: string; password: string }): Promise<void> {
      const invalid = new Invalid(accountMessages.resetTokenInvalid, { token: accountMessages.resetTokenInvalid });
      const read = readLinkToken(input.token);
      if (!read) throw invalid;
      const { userId, tokenHash } = read;
      const state = await load(userId);
      if (state.status !== 'registered') throw invalid;
      const problem = passwordProblem(input.password, { email: state.email, username: state.username });
      if (problem) throw new Invalid(problem, { password: problem });
      const passwordHash = await hashPassword(input.password);
      await execute(userId, { type: 'ResetPassword', data: { tokenHash, passwordHash }, metadata: { now: now() } });
    },

    /** Charges one check to the user (bonus first); the same check id is charged once. */
    async chargeCheck(userId: string, checkId: string, check?: ChargedCheck): Promise<{ charged: boolean; state: RegisteredUser }> {
      const { events, state } = await execute(
        userId,
        { type: 'ChargeCheck', data: { checkId, ...(check ? { check } : {}) }, metadata: { now: now() } },
        `charge:${checkId}`,
      );
      return { charged: events.length > 0, state: state as RegisteredUser };
    },

    /** Gives a charged check back; a second refund of the same check changes nothing. */
    async refundCheck(userId: string, checkId: string, reason: string): Promise<boolean> {
      const { events } = await execute(userId, { type: 'RefundCheck', data: { checkId, reason }, metadata: { now: now() } }, `refund:${checkId}`);
      return events.length > 0;
    },

    /**
     * An admin refunds one recorded check (an Incomplete check an earlier build left charged, say):
     * its customer is the one the check's own stream says requested it. Refused when the check was
     * never charged (no such check, a free re-screen: 404) or was refunded already (409).
     */
    async refundRecordedCheck(checkId: string, reason: string, by: Actor): Promise<AdminChange> {
      const requested = (await deps.eventStore.readStream(checkStreamId(checkId))).find((e) => e.type === 'WalletCheckRequested');
      if (!requested) throw new NotFound(adminMessages.checkNotFound);
      const check = requested.data as WalletCheckRequested;
      if (check.chargeSource === 'free') throw new NotFound(adminMessages.checkFreeRescreen);
      return adminChange(await execute(check.userId, { type: 'RefundCheck', data: { checkId, reason, by }, metadata: { now: now() } }, randomUUID(), by));
    },

    async changeRole(userId: string, role: Role, by: Actor | null, reason: string): Promise<UserEvent[]> {
      const { events } = await execute(userId, { type: 'ChangeRole', data: { role, by, reason }, metadata: { now: now() } }, randomUUID(), by ?? undefined);
      return events;
    },

    /** An admin's top-up, credited as bonus checks; the same Idempotency-Key is applied once. */
    async topUp(userId: string, input: { amount: number; reason: string; idempotencyKey?: string }, by: Actor): Promise<AdminChange> {
      const { amount, reason, idempotencyKey } = input;
      const commandId = idempotencyKey ? `topup:${idempotencyKey}` : randomUUID();
      const data = { amount, reason, by, ...(idempotencyKey ? { idempotencyKey } : {}) };
      return adminChange(await execute(userId, { type: 'TopUpChecks', data, metadata: { now: now() } }, commandId, by));
    },

    /** Blocks a user (not an admin, not oneself): their open sessions stop at their next call. */
    async block(userId: string, by: Actor, reason: string): Promise<AdminChange> {
      return adminChange(await execute(userId, { type: 'BlockUser', data: { by, reason }, metadata: { now: now() } }, randomUUID(), by));
    },

    /** Re-enables the API keys a block suspended (the user no longer blocked). */
    async reenableApiKeys(userId: string, by: Actor): Promise<AdminChange> {
      return adminChange(await execute(userId, { type: 'ReenableApiKeys', data: { by }, metadata: { now: now() } }, randomUUID(), by));
    },

    /** Gives a blocked user back the role they had (their API keys stay suspended until re-enabled). */
    async unblock(userId: string, by: Actor, reason: string): Promise<AdminChange> {
      return adminChange(await execute(userId, { type: 'UnblockUser', data: { by, reason }, metadata: { now: now() } }, randomUUID(), by));
    },

    /** Billing: credits a paid purchase once, however often its payment is reported (the purchase id is the key). */
    async purchaseChecks(userId: string, input: PurchaseInput): Promise<{ applied: boolean; state: RegisteredUser; position: number | null }> {
      const { expiryDays, ...purchase } = input;
      const at = now();
      // The purchased checks expire `expiryDays` after the purchase is recorded.
      const expiresAt = new Date(Date.parse(at) + expiryDays * 86_400_000).toISOString();
      const result = await execute(userId, { type: 'PurchaseChecks', data: { ...purchase, expiresAt }, metadata: { now: at } }, `purchase:${input.purchaseId}`);
      return { applied: result.events.length > 0, state: result.state as RegisteredUser, position: result.position };
    },

    /** Billing: opens a local test-payment session (refused to a blocked user). */
    async startLocalCheckout(userId: string, data: PurchasedPlan & { sessionId: string; expiresAt: string }): Promise<void> {
      await execute(userId, { type: 'StartLocalCheckout', data, metadata: { now: now() } }, `local-checkout:${data.sessionId}`);
    },

    /** Billing: expires what is left of the user's purchases past their expiry; how many checks expired. */
    async expirePurchasedChecks(userId: string): Promise<number> {
      const { events } = await execute(userId, { type: 'ExpirePurchasedChecks', data: {}, metadata: { now: now() } });
      return events.reduce((sum, e) => sum + (e.type === 'PurchasedChecksExpired' ? e.data.checks : 0), 0);
    },

    /**
     * The user behind a bearer token, checked against their current state on every call: a token
     * of a blocked or unknown user, of a session that ended (signed out, ended from another session,
     * a password change or reset, a block: an unblock does not revive it) stops working at once. A token without a session (issued before
     * sessions were recorded) works until it expires or the credentials change.
     */
    async authenticate(authorization: string | undefined): Promise<RegisteredUser & { sessionId?: string }> {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
      if (!match) throw new Unauthorized(accountMessages.unauthorized);
      const claims = deps.tokens.verify(match[1]!);
      if (claims === 'expired') throw new Unauthorized(accountMessages.sessionExpired);
      if (claims === 'invalid') throw new Unauthorized(accountMessages.unauthorized);
      const state = await load(claims.sub);
      if (state.status !== 'registered') throw new Unauthorized(accountMessages.unauthorized);
      // While blocked, the user's tokens (whose sessions the block ended) say why; after an unblock they stay ended.
      if (state.role === 'blocked') throw new Forbidden(blockedMessage(state.blockReason));
      if (claims.sid !== undefined ? !state.sessions?.[claims.sid] : claims.iat_ms < Date.parse(state.credentialsChangedAt))
        throw new Unauthorized(accountMessages.sessionExpired);
      return claims.sid !== undefined ? { ...state, sessionId: claims.sid } : state;
    },

    /**
     * Changes the signed-in user's password: the current one is checked under the sign-in throttle
     * (a wrong one counts as a failed sign-in), the new one is held to the registration rules; every
     * other session ends, the one it was made from stays.
     */
    async changePassword(me: { userId: string; sessionId?: string }, input: { currentPassword: string; newPassword: string }, address: string): Promise<void> {
      const state = await load(me.userId);
      if (state.status !== 'registered') throw new Unauthorized(accountMessages.unauthorized);
      const wait = deps.throttle.retryAfter(state.email, address);
      if (wait > 0) throw new TooManyRequests(accountMessages.tooManyAttempts, wait);
      const currentPasswordMatches = await verifyPassword(input.currentPassword, state.passwordHash);
      if (currentPasswordMatches) deps.throttle.success(state.email, address);
      else deps.throttle.failure(state.email, address);
      // Hashed only when the change can go through: a refused one costs no scrypt run.
      const acceptable = currentPasswordMatches && passwordProblem(input.newPassword, { email: state.email, username: state.username }) === null;
      const passwordHash = acceptable ? await hashPassword(input.newPassword) : '';
      const data = { currentPasswordMatches, newPassword: input.newPassword, passwordHash, keepSessionId: me.sessionId ?? null };
      await execute(me.userId, { type: 'ChangePassword', data, metadata: { now: now() } });
    },

    /** The user's open sessions, newest first, the asking one marked. */
    async listSessions(userId: string, currentSessionId: string | undefined): Promise<AccountSessions> {
      const state = await load(userId);
      if (state.status !== 'registered') return { sessions: [], current_listed: false };
      const sessions = activeSessions(state, now()).map((s) => ({
        id: s.sessionId,
        device: s.device,
        ip: s.address,
        area: s.area,
        started_at: s.startedAt,
        expires_at: s.expiresAt,
        current: s.sessionId === currentSessionId,
      }));
      return { sessions, current_listed: sessions.some((s) => s.current) };
    },

    /** Ends one of the user's sessions (their own, or another): its token answers 401 from now on. */
    async endSession(userId: string, sessionId: string, reason: SessionEndReason): Promise<void> {
      await execute(userId, { type: 'EndSession', data: { sessionId, reason }, metadata: { now: now() } });
    },

    /** Ends every session of the user but the given one; how many listed sessions ended. */
    async endOtherSessions(userId: string, keepSessionId: string | undefined): Promise<number> {
      const { events } = await execute(userId, { type: 'EndOtherSessions', data: { keepSessionId: keepSessionId ?? null }, metadata: { now: now() } });
      return events.reduce((sum, e) => sum + (e.type === 'OtherSessionsEnded' ? e.data.sessionIds.length : 0), 0);
    },

    /** A new key for the user: the whole key is in this answer only; the account keeps its hash. */
    async createApiKey(
      userId: string,
      input: { name: string; scopes?: ApiKeyScope[]; expiresAt: string | null },
    ): Promise<ApiKey & { key: string; position: number | null }> {
      const { key, keyId, prefix, keyHash } = newApiKey(userId);
      const scopes = input.scopes ?? [...apiKeyScopes];
      const data = { keyId, name: input.name, prefix, keyHash, scopes, expiresAt: input.expiresAt };
      const result = await execute(userId, { type: 'CreateApiKey', data, metadata: { now: now() } }, `api-key:${keyId}`);
      const stored = (result.state as RegisteredUser).apiKeys![keyId]!;
      return { ...apiKeyView(stored, now()), key, position: result.position };
    },

    /** Revokes one of the user's keys: calls with it stop at once. Revoking a revoked key changes nothing. */
    async revokeApiKey(userId: string, keyId: string, by: Actor): Promise<{ key: ApiKey; position: number | null }> {
      const result = await execute(userId, { type: 'RevokeApiKey', data: { keyId, by }, metadata: { now: now() } }, randomUUID(), by);
      return { key: apiKeyView((result.state as RegisteredUser).apiKeys![keyId]!, now()), position: result.position };
    },

    /** The user's keys, newest first, from their stream (so a key just created or used shows at once). */
    async listApiKeys(userId: string): Promise<ApiKey[]> {
      const state = await load(userId);
      if (state.status !== 'registered') return [];
      const at = now();
      return Object.values(state.apiKeys ?? {})
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.keyId.localeCompare(b.keyId))
        .map((k) => apiKeyView(k, at));
    },

    /**
     * The user and key behind an API key, checked against the account's current state on every
     * call: a revoked or expired key, any key of a blocked user, and a key a block suspended (which
     * stays so after the unblock until an admin re-enables it), stops working at once.
     */
    async authenticateApiKey(presented: string): Promise<{ user: RegisteredUser; key: StoredApiKey }> {
      const named = readApiKey(presented);
      if (!named) throw new Unauthorized(apiKeyMessages.invalidKey);
      const state = await load(named.userId);
      const key = state.status === 'registered' ? state.apiKeys?.[named.keyId] : undefined;
      if (state.status !== 'registered' || !key || !keyMatches(presented, key.keyHash)) throw new Unauthorized(apiKeyMessages.invalidKey);
      const status = apiKeyStatus(key, now());
      if (status === 'revoked') throw new Unauthorized(apiKeyMessages.revoked);
      if (status === 'expired') throw new Unauthorized(apiKeyMessages.expired);
      if (state.role === 'blocked') throw new Forbidden(blockedMessage(state.blockReason));
      if (status === 'suspended') throw new Unauthorized(apiKeyMessages.suspended);
      return { user: state, key };
    },

    /** Records that a key was used (at most once a minute per key), in the background. */
    recordApiKeyUse(userId: string, keyId: string): void {
      const t = deps.clock().getTime();
      const last = usesRecorded.get(keyId);
      if (last !== undefined && t - last < API_KEY_USE_RECORD_MS) return;
      usesRecorded.set(keyId, t);
      if (usesRecorded.size > 100_000) usesRecorded.delete(usesRecorded.keys().next().value!);
      const at = now();
      const recentSince = new Date(Date.parse(at) - API_KEY_USE_RECORD_MS).toISOString();
      execute(userId, { type: 'RecordApiKeyUse', data: { keyId, recentSince }, metadata: { now: at } }).catch((error: unknown) => {
        usesRecorded.delete(keyId);
        deps.logger.warn({ err: error, userId, keyId }, 'could not record an API key use');
      });
    },

    /** The checks the user has left now, from their stream (0 for an unknown user). */
    async checksLeft(userId: string): Promise<number> {
      const state = await load(userId);
      return state.status === 'registered' ? checksLeft(state) : 0;
    },

    /** The user's e-mail address (null for an unknown user). */
    async emailOf(userId: string): Promise<string | null> {
      const state = await load(userId);
      return state.status === 'registered' ? state.email : null;
    },

    profile(user: RegisteredUser): Profile {
      return {
        email: user.email,
        username: user.username,
        role: user.role,
        checks_left: checksLeft(user),
        bonus_checks: user.bonusChecks,
        email_confirmation_pending: awaitingEmailConfirmation(user),
      };
    },

    /**
     * Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no admin exists. An existing
     * ordinary account with that e-mail is left alone: whoever registered it chose its password.
     */
    async ensureFirstAdmin(email: string, password: string, adminExists: () => Promise<boolean>): Promise<'created' | 'exists' | 'conflict'> {
      if (await adminExists()) return 'exists';
      const normalized = email.trim().toLowerCase();
      const state = await load(userIdForEmail(normalized));
      if (state.status === 'registered') return state.role === 'admin' ? 'exists' : 'conflict';
      try {
        const admin = await this.register({ email: normalized, username: 'Administrator', password }, 'admin');
        // On the roster with the reason and time (a roster started later keeps this entry).
        const data = { userId: admin.userId, email: admin.email, by: null, reason: 'First admin, from ADMIN_EMAIL' };
        await onRoster({ type: 'AddAdmin', data, metadata: { now: now() } });
      } catch (error) {
        if (error instanceof BusinessError && error.status === 400) {
          throw new Error(`ADMIN_PASSWORD is not acceptable: ${error.message}`, { cause: error });
        }
        // Another replica starting at the same time registered it first.
        const now = await load(userIdForEmail(normalized));
        if (now.status === 'registered') return now.role === 'admin' ? 'exists' : 'conflict';
        throw error;
      }
      return 'created';
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
