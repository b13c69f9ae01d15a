/**
 * The user aggregate: one stream per account, `user-<userId>`. Its events, state and evolve.
 * Every event's data carries the user id and the moment it happened (`at`, ISO-8601).
 */
import type { Network, Role } from '@walletscreen/contracts';

export const userStreamId = (userId: string) => `user-${userId}`;

export interface Actor {
  userId: string;
  email: string;
}

export type UserEvent =
  | {
      type: 'UserRegistered';
      data: { userId: string; email: string; username: string; passwordHash: string; role: Role; bonusChecks: number; at: string };
    }
  | { type: 'PasswordResetRequested'; data: { userId: string; tokenHash: string; expiresAt: string; at: string } }
  | { type: 'PasswordReset'; data: { userId: string; tokenHash: string; passwordHash: string; at: string } }
  | { type: 'CheckCharged'; data: { userId: string; checkId: string; source: ChargeSource; check?: ChargedCheck; at: string } }
  | { type: 'CheckRefunded'; data: { userId: string; checkId: string; source: ChargeSource; reason: string; at: string } }
  | { type: 'UserSignedIn'; data: { userId: string; area: 'dashboard' | 'admin'; address: string; at: string } }
  | {
      type: 'UserRoleChanged';
      data: { userId: string; role: Role; previousRole: Role; by: Actor | null; reason: string; at: string };
    };

/**
 * What the user asked to check, recorded with the charge: should the process stop between the
 * charge and the check's first event, the check is started from it (see the charge sweeper).
 */
export interface ChargedCheck {
  input: string;
  address: string;
  chain: string;
  network: Network;
  idempotencyKey?: string;
}

/** Which balance paid for a check: bonus checks are spent first, then purchased ones. */
export type ChargeSource = 'bonus' | 'purchased';

export type UserEventType = UserEvent['type'];
export const userEventTypes: ReadonlySet<string> = new Set<UserEventType>([
  'UserRegistered',
  'PasswordResetRequested',
  'PasswordReset',
  'UserRoleChanged',
  'UserSignedIn',
  'CheckCharged',
  'CheckRefunded',
]);

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
      /** Every check charged to this user, by check id, and whether it was refunded. */
      charges: Record<string, { source: ChargeSource; refunded: boolean }>;
    };

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
      };
    }
    case 'PasswordResetRequested':
      if (state.status !== 'registered') return state;
      return { ...state, resetTokens: { ...state.resetTokens, [event.data.tokenHash]: event.data.expiresAt } };
    case 'PasswordReset':
      // A reset consumes every outstanding link and ends every session opened before it.
      if (state.status !== 'registered') return state;
      return { ...state, passwordHash: event.data.passwordHash, resetTokens: {}, credentialsChangedAt: event.data.at };
    case 'UserRoleChanged':
      if (state.status !== 'registered') return state;
      return { ...state, role: event.data.role };
    case 'UserSignedIn':
      return state;
    case 'CheckCharged': {
      if (state.status !== 'registered') return state;
      const { checkId, source } = event.data;
      return {
        ...state,
        bonusChecks: state.bonusChecks - (source === 'bonus' ? 1 : 0),
        purchasedChecks: state.purchasedChecks - (source === 'purchased' ? 1 : 0),
        charges: { ...state.charges, [checkId]: { source, refunded: false } },
      };
    }
    case 'CheckRefunded': {
      if (state.status !== 'registered') return state;
      const { checkId, source } = event.data;
      return {
        ...state,
        bonusChecks: state.bonusChecks + (source === 'bonus' ? 1 : 0),
        purchasedChecks: state.purchasedChecks + (source === 'purchased' ? 1 : 0),
        charges: { ...state.charges, [checkId]: { source, refunded: true } },
      };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** Premium checks the user can still spend: bonus first, then purchased. */
export const checksLeft = (state: Extract<UserState, { status: 'registered' }>) => state.bonusChecks + state.purchasedChecks;

export const userAggregate = { initialState: initialUserState, evolve: evolveUser, types: userEventTypes };
