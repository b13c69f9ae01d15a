/**
 * The live connection to the server (socket.io, same origin, path /socket.io): one shared
 * connection per signed-in browser tab, opened once the dashboard is shown and closed on logout
 * or when the API ends the session. The server sends `check:progress` for every committed stage
 * of the user's own checks, with the check's `idempotency_key` (the browser's Idempotency-Key, so a
 * check can be recognised before its id is known); `check:subscribe` asks for a check's current
 * state (sent again after every reconnect, so nothing missed while offline stays missed).
 * `account:blocked` says an admin blocked the account; the server closes the connection after it
 * (and refuses a new one with the same sentence). A connection refused because the account has too
 * many (tabs, apps) is tried again after the seconds the refusal gives.
 *
 * Nothing here is required for a check to finish: the wallet checker also long-polls the check,
 * so a blocked WebSocket only costs the live step updates.
 */
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { noteConsistencyToken } from './consistency';
import {
  ACCOUNT_BLOCKED,
  BALANCE_CHANGED,
  balanceChangedMessageSchema,
  accountBlockedMessageSchema,
  accountMessages,
  isBlockedMessage,
  BATCH_PROGRESS,
  socketRefusalSchema,
  type BatchProgressMessage,
  type CheckProgress,
} from '@walletscreen/contracts';
import { currentSocket, holdSocket } from './socket-connection';

export const SOCKET_PATH = '/socket.io';
export const CHECK_PROGRESS_EVENT = 'check:progress';
export const CHECK_SUBSCRIBE_EVENT = 'check:subscribe';
/** How long a `check:subscribe` waits for the server's acknowledgement. */
export const SUBSCRIBE_ACK_TIMEOUT_MS = 5_000;

const statuses: ReadonlySet<string> = new Set(['running', 'completed', 'failed']);

/** A `check:progress` payload (or a subscribe acknowledgement) as the server sends it; anything else is ignored. */
export function isCheckProgress(value: unknown): value is CheckProgress {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.check_id === 'string' &&
    typeof v.status === 'string' &&
    statuses.has(v.status) &&
    typeof v.stage === 'number' &&
    (v.idempotency_key === undefined || typeof v.idempotency_key === 'string')
  );
}

/**
 * Opens the shared connection (or returns the open one). The token is read at every
 * (re)connection, so a reconnect after a new sign-in presents the current token.
 */
export function openSocket(readToken: () => string | null): Socket {
  const open = currentSocket();
  if (open) {
    if (!open.active) open.connect();
    return open;
  }
  const socket = io({
    path: SOCKET_PATH,
    auth: (send) => send({ token: readToken() ?? '' }),
    reconnectionDelayMax: 10_000,
  });
  // Refused for the account's number of connections (too many tabs): socket.io does not try again
  // after a refusal, so this connection does, when the server says.
  socket.on('connect_error', (error: Error & { data?: unknown }) => {
    const refusal = socketRefusalSchema.safeParse(error.data);
    if (!refusal.success) return;
    setTimeout(() => {
      if (currentSocket() === socket && !socket.active) socket.connect();
    }, refusal.data.retry_after * 1000);
  });
  holdSocket(socket);
  return socket;
}

/** Opens the shared connection while a signed-in screen is shown; it stays open across screens until logout. */
export function useLiveConnection(readToken: () => string | null): void {
  useEffect(() => {
    if (readToken()) openSocket(readToken);
  }, [readToken]);
}

/** Every progress message of the user's checks, as it arrives. Returns the unsubscribe. */
export function onCheckProgress(listener: (progress: CheckProgress) => void): () => void {
  const s = currentSocket();
  if (!s) return () => undefined;
  const handler = (payload: unknown) => {
    if (isCheckProgress(payload)) {
      noteConsistencyToken(payload.consistency_token);
      listener(payload);
    }
  };
  s.on(CHECK_PROGRESS_EVENT, handler);
  return () => {
    s.off(CHECK_PROGRESS_EVENT, handler);
  };
}

/**
 * Follows one check: its progress messages, plus its current state asked for now (when connected)
 * and after every (re)connection. Returns the unsubscribe.
 */
export function followCheck(checkId: string, listener: (progress: CheckProgress) => void): () => void {
  const s = currentSocket();
  if (!s) return () => undefined;
  let active = true;
  const deliver = (payload: unknown) => {
    if (!active || !isCheckProgress(payload) || payload.check_id !== checkId) return;
    noteConsistencyToken(payload.consistency_token);
    listener(payload);
  };
  const subscribe = () => {
    s.timeout(SUBSCRIBE_ACK_TIMEOUT_MS).emit(CHECK_SUBSCRIBE_EVENT, { check_id: checkId }, (error: Error | null, answer: unknown) => {
      if (!error) deliver(answer);
    });
  };
  s.on(CHECK_PROGRESS_EVENT, deliver);
  s.on('connect', subscribe);
  if (s.connected) subscribe();
  else if (!s.active) s.connect();
  return () => {
    active = false;
    s.off(CHECK_PROGRESS_EVENT, deliver);
    s.off('connect', subscribe);
  };
}

/** A `batch:progress` payload as the server sends it; anything else is ignored. */
export function isBatchProgress(value: unknown): value is BatchProgressMessage {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.batch_id === 'string' && (v.status === 'running' || v.status === 'completed');
}

/**
 * Every `batch:progress` message of the user's batches, and a call of `onConnect` after every
 * (re)connection (messages sent while offline are not replayed, so the screen reads its batches
 * again). Opens the shared connection when the screen is shown before it is. Returns the unsubscribe.
 */
export function onBatchProgress(readToken: () => string | null, listener: (message: BatchProgressMessage) => void, onConnect: () => void): () => void {
  if (!readToken()) return () => undefined;
  const s = openSocket(readToken);
  const handler = (payload: unknown) => {
    if (!isBatchProgress(payload)) return;
    noteConsistencyToken(payload.consistency_token);
    listener(payload);
  };
  s.on(BATCH_PROGRESS, handler);
  s.on('connect', onConnect);
  return () => {
    s.off(BATCH_PROGRESS, handler);
    s.off('connect', onConnect);
  };
}

/** Calls `listener` when the server gives a premium check back (the balance changed). Returns the unsubscribe. */
export function onBalanceChanged(readToken: () => string | null, listener: () => void): () => void {
  if (!readToken()) return () => undefined;
  const s = openSocket(readToken);
  const changed = (payload: unknown) => {
    const parsed = balanceChangedMessageSchema.safeParse(payload);
    if (parsed.success) noteConsistencyToken(parsed.data.consistency_token);
    listener();
  };
  s.on(BALANCE_CHANGED, changed);
  return () => {
    s.off(BALANCE_CHANGED, changed);
  };
}

/**
 * Calls `listener` with the message to show when the account is blocked: told by the server while
 * connected (`account:blocked`), or as the reason a (re)connection is refused. Opens the shared
 * connection when there is none yet. Returns the unsubscribe.
 */
export function onAccountBlocked(readToken: () => string | null, listener: (message: string) => void): () => void {
  if (!readToken()) return () => undefined;
  const s = openSocket(readToken);
  const told = (payload: unknown) => {
    const parsed = accountBlockedMessageSchema.safeParse(payload);
    listener(parsed.success ? parsed.data.message : accountMessages.blocked);
  };
  const refused = (error: Error) => {
    if (isBlockedMessage(error.message)) listener(error.message);
  };
  s.on(ACCOUNT_BLOCKED, told);
  s.on('connect_error', refused);
  return () => {
    s.off(ACCOUNT_BLOCKED, told);
    s.off('connect_error', refused);
  };
}
