/**
 * Live progress: follows the check events as they are committed (a bus consumer starting at the
 * head) and hands each one to whoever listens for that check or that user: the HTTP call waiting
 * for its result and the socket.io rooms. Nothing here advances on a timer. It also passes on the
 * blocking of an account, so the gateway can tell that user's open sockets at once.
 */
import { checkEventTypes, type CheckEvent } from '@walletscreen/domain/check/events';
import type { BatchCompleted } from '@walletscreen/domain/batch/events';
import type { EventStore, Logger, MessageBus, RecordedEvent } from '@walletscreen/platform';
import { supervise } from '@walletscreen/platform';

export type CheckListener = (event: CheckEvent, recorded: RecordedEvent, userId: string | undefined) => void;

/** An account blocked by an admin: who, when, and the reason recorded (which the user is told). */
export interface AccountBlocked {
  userId: string;
  at: string;
  reason?: string;
}

/**
 * Sessions of an account that ended: one (`ended`), or every one but `kept` (`kept: null`: all of
 * them), so the gateway closes the sockets opened with their tokens.
 */
export type SessionsEnded = { userId: string; ended: string } | { userId: string; kept: string | null };

/** The events that end sessions (accounts/user.ts). */
const SESSION_ENDING = ['SessionEnded', 'OtherSessionsEnded', 'PasswordChanged', 'PasswordReset'];

/** The event an admin's block is recorded as (accounts/user.ts): the account's role becomes `blocked`. */
const ROLE_CHANGED = 'UserRoleChanged';

export interface ProgressHub {
  onCheck(checkId: string, listener: CheckListener): () => void;
  onUser(userId: string, listener: CheckListener): () => void;
  /** Every check event, for fan-out (socket.io). */
  onAny(listener: CheckListener): () => void;
  /** Every batch that completes (its wallets' checks come through the check listeners). */
  onBatchCompleted(listener: (batch: BatchCompleted, recorded: RecordedEvent) => void): () => void;
  /** Every account that becomes blocked. */
  onAccountBlocked(listener: (blocked: AccountBlocked, recorded: RecordedEvent) => void): () => void;
  /** Every session that ends (sign-out, ended from another session, a password change or reset). */
  onSessionsEnded(listener: (ended: SessionsEnded) => void): () => void;
  /** Every premium check given back (its user, the check), a moment after the check settled. */
  onCheckRefunded(listener: (refund: { userId: string; checkId: string }, recorded: RecordedEvent) => void): () => void;
  stop(): Promise<void>;
}

export async function startProgressHub(deps: { bus: MessageBus; eventStore: EventStore; logger: Logger; group?: string }): Promise<ProgressHub> {
  const byCheck = new Map<string, Set<CheckListener>>();
  const byUser = new Map<string, Set<CheckListener>>();
  const any = new Set<CheckListener>();
  const batchListeners = new Set<(batch: BatchCompleted, recorded: RecordedEvent) => void>();
  const blockListeners = new Set<(blocked: AccountBlocked, recorded: RecordedEvent) => void>();
  const sessionListeners = new Set<(ended: SessionsEnded) => void>();
  const refundListeners = new Set<(refund: { userId: string; checkId: string }, recorded: RecordedEvent) => void>();
  // The user of a check, learnt from its request (stage events carry only the check id).
  const owners = new Map<string, string>();
  const head = await deps.eventStore.headPosition();

  const emit = (set: Set<CheckListener> | undefined, event: CheckEvent, recorded: RecordedEvent, userId: string | undefined) => {
    for (const l of set ?? []) {
      try {
        l(event, recorded, userId);
      } catch (error) {
        deps.logger.error({ err: error }, 'progress listener failed');
      }
    }
  };

  const consumer = supervise(
    () =>
      deps.bus.consume(
        {
          group: deps.group ?? 'progress-hub',
          filter: { eventTypes: [...checkEventTypes, 'BatchCompleted', ROLE_CHANGED, ...SESSION_ENDING, 'CheckRefunded'] },
          startAfter: async () => head,
          prompt: true,
        },
        async (events) => {
          for (const recorded of events) {
            if (recorded.type === 'CheckRefunded') {
              const data = recorded.data as { userId: string; checkId: string };
              for (const l of refundListeners) {
                try {
                  l({ userId: data.userId, checkId: data.checkId }, recorded);
                } catch (error) {
                  deps.logger.error({ err: error }, 'refund listener failed');
                }
              }
              continue;
            }
            if (recorded.type === 'BatchCompleted') {
              for (const l of batchListeners) l(recorded.data as BatchCompleted, recorded);
              continue;
            }
            if (SESSION_ENDING.includes(recorded.type)) {
              const data = recorded.data as { userId: string; sessionId?: string; keptSessionId?: string | null };
              const ended: SessionsEnded =
                recorded.type === 'SessionEnded' ? { userId: data.userId, ended: data.sessionId! } : { userId: data.userId, kept: data.keptSessionId ?? null };
              for (const l of sessionListeners) {
                try {
                  l(ended);
                } catch (error) {
                  deps.logger.error({ err: error }, 'sessions-ended listener failed');
                }
              }
              continue;
            }
            if (recorded.type === ROLE_CHANGED) {
              const data = recorded.data as { userId: string; role: string; at: string; reason?: string };
              if (data.role !== 'blocked') continue;
              for (const l of blockListeners) {
                try {
                  l({ userId: data.userId, at: data.at, ...(typeof data.reason === 'string' ? { reason: data.reason } : {}) }, recorded);
                } catch (error) {
                  deps.logger.error({ err: error }, 'account-blocked listener failed');
                }
              }
              continue;
            }
            const event = { type: recorded.type, data: recorded.data } as CheckEvent;
            const checkId = event.data.checkId;
            if (event.type === 'WalletCheckRequested') owners.set(checkId, event.data.userId);
            const userId = 'userId' in event.data ? event.data.userId : owners.get(checkId);
            emit(byCheck.get(checkId), event, recorded, userId);
            if (userId) emit(byUser.get(userId), event, recorded, userId);
            emit(any, event, recorded, userId);
            if (event.type === 'WalletCheckCompleted' || event.type === 'WalletCheckFailed') owners.delete(checkId);
          }
        },
      ),
    (error, delayMs) => deps.logger.error({ err: error, retryInMs: delayMs }, 'progress hub failed; restarting'),
  );

  const add = (map: Map<string, Set<CheckListener>>, key: string, listener: CheckListener) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) map.delete(key);
    };
  };

  return {
    onCheck: (checkId, listener) => add(byCheck, checkId, listener),
    onUser: (userId, listener) => add(byUser, userId, listener),
    onAny: (listener) => {
      any.add(listener);
      return () => any.delete(listener);
    },
    onBatchCompleted: (listener) => {
      batchListeners.add(listener);
      return () => batchListeners.delete(listener);
    },
    onAccountBlocked: (listener) => {
      blockListeners.add(listener);
      return () => blockListeners.delete(listener);
    },
    onSessionsEnded: (listener) => {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
    onCheckRefunded: (listener) => {
      refundListeners.add(listener);
      return () => refundListeners.delete(listener);
    },
    stop: () => consumer.close(),
  };
}
