/** A user's state, folded from their stream `user-<userId>`. */
import type { ApiKeyScope, Role } from '@walletscreen/contracts';
import type { Actor, ChargeSource, LocalCheckoutStartedData, UserEvent } from './events';

/** A signed-in session, started by a sign-in: its token carries its id. */
export interface UserSession {
  sessionId: string;
  area: 'dashboard' | 'admin';
  /** The browser and system, shortened from the user agent. */
  device: string;
  address: string;
  startedAt: string;
  /** When its token expires. */
  expiresAt: string;
}

/** What is left of one purchase. */
export interface PurchaseLot {
  planId: string;
  checks: number;
  remaining: number;
  expiresAt: string;
}

/** A key as the user's state keeps it. */
export interface StoredApiKey {
  keyId: string;
  name: string;
  prefix: string;
  /** sha256 of the whole key, hex. */
  keyHash: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** When a block suspended it (null: not suspended, or re-enabled since). */
  suspendedAt: string | null;
}

/**
 * Whether the user's e-mail address is confirmed, where registration asked for it: `pending` with
 * the welcome checks withheld and the outstanding links (by hash, with their expiry); `confirmed`
 * with the link that confirmed it. Absent: no confirmation was asked for (the address counts as confirmed).
 */
export type EmailConfirmation =
  { status: 'pending'; checks: number; tokens: Record<string, string> } | { status: 'confirmed'; tokenHash: string; confirmedAt: string };

/** A check charged to the user; `refund` once it was refunded (`by`: the admin who did, absent for the refund worker). */
export interface ChargedCheckState {
  source: ChargeSource;
  refunded: boolean;
  purchaseId?: string;
  refund?: { at: string; reason: string; by?: Actor };
}

export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      username: string;
      passwordHash: string;
      role: Role;
      bonusChecks: number;
      purchasedChecks: number;
      registeredAt: string;
      /** Tokens issued before this moment no longer authenticate. */
      credentialsChangedAt: string;
      /** Outstanding reset tokens by hash, with their expiry. */
      resetTokens: Record<string, string>;
      /** Every check charged to this user, by check id, and whether it was refunded (when, why and by which admin, if one did). */
      charges: Record<string, ChargedCheckState>;
      /** Purchases by purchase id: what is left of each and when it expires (billing). */
      lots?: Record<string, PurchaseLot>;
      /** Local test-payment sessions by id. */
      localCheckouts?: Record<string, LocalCheckoutStartedData>;
      /** Admin top-ups by Idempotency-Key, with their amount: a retried top-up is applied once. */
      topUpKeys?: Record<string, number>;
      /** The role to give back on unblock: the one the user had when blocked. */
      roleBeforeBlock?: Role;
      /** While blocked: the reason recorded with the block (the customer is told it). */
      blockReason?: string;
      /** API keys by key id (hashes only). */
      apiKeys?: Record<string, StoredApiKey>;
      /**
       * Sessions not ended, by id (those older than a token's lifetime are dropped at the next
       * sign-in). A token with a session id authenticates only while its session is here; one
       * without (issued before sessions were recorded) while it is younger than `credentialsChangedAt`.
       */
      sessions?: Record<string, UserSession>;
      emailConfirmation?: EmailConfirmation;
    };

/** The state of a registered user. */
export type RegisteredUser = Extract<UserState, { status: 'registered' }>;

export const initialUserState: UserState = { status: 'unregistered' };

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return {
        status: 'registered',
        userId: d.userId,
        email: d.email,
        username: d.username,
        passwordHash: d.passwordHash,
        role: d.role,
        bonusChecks: d.bonusChecks,
        purchasedChecks: 0,
        registeredAt: d.at,
        credentialsChangedAt: d.at,
        resetTokens: {},
        charges: {},
        ...(d.checksOnEmailConfirmation !== undefined ? { emailConfirmation: { status: 'pending', checks: d.checksOnEmailConfirmation, tokens: {} } } : {}),
      };
    }
    case 'EmailConfirmationRequested': {
      const pending = state.status === 'registered' && state.emailConfirmation?.status === 'pending' ? state.emailConfirmation : undefined;
      if (state.status !== 'registered' || !pending) return state;
      const tokens = { ...pending.tokens, [event.data.tokenHash]: event.data.expiresAt };
      return { ...state, emailConfirmation: { ...pending, tokens } };
    }
    case 'EmailConfirmed':
      // The withheld welcome checks become bonus checks; every outstanding link is spent.
      if (state.status !== 'registered') return state;
      return {
        ...state,
        bonusChecks: state.bonusChecks + event.data.bonusChecks,
        emailConfirmation: { status: 'confirmed', tokenHash: event.data.tokenHash, confirmedAt: event.data.at },
      };
    case 'PasswordResetRequested':
      if (state.status !== 'registered') return state;
      return { ...state, resetTokens: { ...state.resetTokens, [event.data.tokenHash]: event.data.expiresAt } };
    case 'PasswordReset':
      // A reset consumes every outstanding link and ends every session opened before it.
      if (state.status !== 'registered') return state;
      return { ...state, passwordHash: event.data.passwordHash, resetTokens: {}, credentialsChangedAt: event.data.at, sessions: {} };
    case 'PasswordChanged':
      // A change ends every other session (and any token without a session) and voids outstanding reset links.
      if (state.status !== 'registered') return state;
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        resetTokens: {},
        credentialsChangedAt: event.data.at,
        sessions: keptSession(state, event.data.keptSessionId),
      };
    case 'OtherSessionsEnded':
      if (state.status !== 'registered') return state;
      return { ...state, credentialsChangedAt: event.data.at, sessions: keptSession(state, event.data.keptSessionId) };
    case 'SessionEnded': {
      if (state.status !== 'registered' || !state.sessions?.[event.data.sessionId]) return state;
      const { [event.data.sessionId]: _ended, ...sessions } = state.sessions;
      return { ...state, sessions };
    }
    case 'UserRoleChanged': {
      if (state.status !== 'registered') return state;
      // A block ends every session (and any token without one): an unblock lets the user sign in
      // again, it never revives the sessions the block ended.
      return event.data.role === 'blocked'
        ? {
            ...state,
            role: 'blocked',
            roleBeforeBlock: event.data.previousRole,
            blockReason: event.data.reason,
            credentialsChangedAt: event.data.at,
            sessions: {},
          }
        : { ...withoutBlockReason(state), role: event.data.role };
    }
    case 'UserSignedIn': {
      const d = event.data;
      if (state.status !== 'registered' || d.sessionId === undefined || d.expiresAt === undefined) return state;
      // Sessions whose tokens have expired by now are dropped, so the state does not grow with every sign-in.
      const live = Object.values(state.sessions ?? {}).filter((s) => s.expiresAt > d.at);
      const session: UserSession = {
        sessionId: d.sessionId,
        area: d.area,
        device: d.device ?? '',
        address: d.address,
        startedAt: d.at,
        expiresAt: d.expiresAt,
      };
      return { ...state, sessions: Object.fromEntries([...live, session].map((s) => [s.sessionId, s])) };
    }
    case 'CheckCharged': {
      if (state.status !== 'registered') return state;
      const { checkId, source, purchaseId } = event.data;
      return {
        ...state,
        bonusChecks: state.bonusChecks - (source === 'bonus' ? 1 : 0),
        purchasedChecks: state.purchasedChecks - (source === 'purchased' ? 1 : 0),
        charges: { ...state.charges, [checkId]: { source, refunded: false, ...(purchaseId ? { purchaseId } : {}) } },
        ...lotChange(state, purchaseId, -1),
      };
    }
    case 'CheckRefunded': {
      if (state.status !== 'registered') return state;
      const { checkId, source, purchaseId, reason, by, at } = event.data;
      const refund = { at, reason, ...(by ? { by } : {}) };
      return {
        ...state,
        bonusChecks: state.bonusChecks + (source === 'bonus' ? 1 : 0),
        purchasedChecks: state.purchasedChecks + (source === 'purchased' ? 1 : 0),
        charges: { ...state.charges, [checkId]: { source, refunded: true, ...(purchaseId ? { purchaseId } : {}), refund } },
        // A refunded check goes back to the purchase it was charged to.
        ...lotChange(state, purchaseId, 1),
      };
    }
    case 'ChecksToppedUp': {
      // Top-ups are bonus checks: spent first, never expire.
      if (state.status !== 'registered') return state;
      const key = event.data.idempotencyKey;
      return {
        ...state,
        bonusChecks: state.bonusChecks + event.data.amount,
        ...(key ? { topUpKeys: { ...state.topUpKeys, [key]: event.data.amount } } : {}),
      };
    }
    case 'ChecksPurchased': {
      if (state.status !== 'registered') return state;
      const d = event.data;
      return {
        ...state,
        purchasedChecks: state.purchasedChecks + d.checks,
        lots: { ...state.lots, [d.purchaseId]: { planId: d.planId, checks: d.checks, remaining: d.checks, expiresAt: d.expiresAt } },
      };
    }
    case 'PurchasedChecksExpired': {
      if (state.status !== 'registered') return state;
      return { ...state, purchasedChecks: state.purchasedChecks - event.data.checks, ...lotChange(state, event.data.purchaseId, -event.data.checks) };
    }
    case 'LocalCheckoutStarted':
      if (state.status !== 'registered') return state;
      return { ...state, localCheckouts: { ...state.localCheckouts, [event.data.sessionId]: event.data } };
    case 'ApiKeyCreated': {
      if (state.status !== 'registered') return state;
      const d = event.data;
      const key: StoredApiKey = {
        keyId: d.keyId,
        name: d.name,
        prefix: d.prefix,
        keyHash: d.keyHash,
        scopes: d.scopes,
        createdAt: d.at,
        expiresAt: d.expiresAt,
        lastUsedAt: null,
        revokedAt: null,
        suspendedAt: null,
      };
      return { ...state, apiKeys: { ...state.apiKeys, [d.keyId]: key } };
    }
    case 'ApiKeysSuspended':
    case 'ApiKeysReenabled': {
      if (state.status !== 'registered') return state;
      const suspendedAt = event.type === 'ApiKeysSuspended' ? event.data.at : null;
      const apiKeys = { ...state.apiKeys };
      for (const keyId of event.data.keyIds) {
        const key = apiKeys[keyId];
        if (key) apiKeys[keyId] = { ...key, suspendedAt };
      }
      return { ...state, apiKeys };
    }
    case 'ApiKeyUsed':
    case 'ApiKeyRevoked': {
      const key = state.status === 'registered' ? state.apiKeys?.[event.data.keyId] : undefined;
      if (state.status !== 'registered' || !key) return state;
      const change = event.type === 'ApiKeyUsed' ? { lastUsedAt: event.data.at } : { revokedAt: event.data.at };
      return { ...state, apiKeys: { ...state.apiKeys, [key.keyId]: { ...key, ...change } } };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The lots after `delta` checks moved in or out of one purchase (nothing for a charge not tied to a purchase). */
function lotChange(state: RegisteredUser, purchaseId: string | undefined, delta: number): { lots?: Record<string, PurchaseLot> } {
  const lot = purchaseId ? state.lots?.[purchaseId] : undefined;
  if (!purchaseId || !lot) return {};
  return { lots: { ...state.lots, [purchaseId]: { ...lot, remaining: lot.remaining + delta } } };
}

/** The state without the reason of a block that is over. */
function withoutBlockReason(state: RegisteredUser): RegisteredUser {
  const { blockReason: _over, ...rest } = state;
  return rest;
}

/** Only the kept session, when there is one and it is still open. */
function keptSession(state: RegisteredUser, keptSessionId: string | null): Record<string, UserSession> {
  const kept = keptSessionId !== null ? state.sessions?.[keptSessionId] : undefined;
  return kept ? { [kept.sessionId]: kept } : {};
}

/** The sessions still open at `now` (not ended, and younger than a token's lifetime), newest first. */
export function activeSessions(state: RegisteredUser, now: string): UserSession[] {
  return Object.values(state.sessions ?? {})
    .filter((s) => s.expiresAt > now)
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt) || a.sessionId.localeCompare(b.sessionId));
}

/** Whether the user's e-mail address awaits confirmation (the welcome checks are withheld until then). */
export const awaitingEmailConfirmation = (state: RegisteredUser) => state.emailConfirmation?.status === 'pending';

/** Premium checks the user can still spend: bonus first, then purchased. */
export const checksLeft = (state: RegisteredUser) => state.bonusChecks + state.purchasedChecks;
