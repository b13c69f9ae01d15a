/**
 * socket.io: each signed-in browser joins its user's room and receives the progress of its own
 * checks as the stage events are committed. A (re)connecting browser can ask for the current
 * state of a check it started. Each message carries the check's Idempotency-Key (when it was
 * requested with one), which the browser knows before the analysis call answers with the check id.
 *
 * One user may have a bounded number of sockets open at once on this process, and open a bounded
 * number a minute (counted by the rate limiter, shared by the API processes when its store is): a
 * connection past either is refused with a `connect_error` saying so, with `data` holding the
 * status (429) and the seconds after which to try again (socketRefusalSchema).
 *
 * When an admin blocks a user, that user's sockets are told why (`account:blocked`) and closed:
 * the browser says so at once rather than at the next call. A blocked user cannot connect again
 * (the handshake authenticates like every call). Likewise a socket whose session ends (signed out,
 * ended from another session, a password change) is closed: its token no longer works.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import {
  ACCOUNT_BLOCKED,
  BALANCE_CHANGED,
  type BalanceChangedMessage,
  blockedMessage,
  BATCH_PROGRESS,
  type AccountBlockedMessage,
  type BatchProgressMessage,
  type CheckProgress,
  socketMessages,
  type SocketRefusal,
} from '@walletscreen/contracts';
import type { Logger } from '@walletscreen/platform';
import type { RateLimiter } from '@walletscreen/platform/rate-limit/rate-limiter';
import type { AuthenticatedUser, Authenticator } from '../http/auth';
import type { ProgressHub } from './progress-hub';
import type { Checks } from './service';

export const CHECK_PROGRESS = 'check:progress';
export const CHECK_SUBSCRIBE = 'check:subscribe';

const room = (userId: string) => `user:${userId}`;

/** A settled check's progress carries its consistency token (the store position of its outcome). */
const withToken = ({ progress, position }: { progress: CheckProgress; position: number }): CheckProgress =>
  progress.status === 'running' ? progress : { ...progress, consistency_token: String(position) };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a browser page of `origin` may open a socket: only the product's own pages, those of
 * PUBLIC_URL's origin. When PUBLIC_URL is on this machine (the default, `http://localhost:PORT`),
 * the same server reached as 127.0.0.1 or [::1] on the port it listens on is the same site too. A
 * request with no Origin is no browser's (a server-side client): nothing to refuse it for, since
 * the handshake authenticates with a token no other site's page holds either way.
 */
export function socketOriginAllowed(origin: string | undefined, publicUrl: string, listeningPort: number | null): boolean {
  if (origin === undefined) return true;
  const own = new URL(publicUrl);
  if (origin === own.origin) return true;
  if (!URL.canParse(origin) || !LOOPBACK.has(own.hostname)) return false;
  const from = new URL(origin);
  return from.protocol === own.protocol && LOOPBACK.has(from.hostname) && listeningPort !== null && from.port === String(listeningPort);
}

export interface SocketLimits {
  /** Sockets one user may have open at once on this process. */
  openPerUser: number;
  /** Counts the connections each user opens (keyed by user id), refused or not. */
  connects: RateLimiter;
}

/** Seconds after which a connection refused for the sockets open at once is tried again. */
const RETRY_OPEN_SECONDS = 30;

/** A refusal the client reads from its `connect_error`: the message, and `data` with the status and when to try again. */
const refusal = (message: string, retryAfterSeconds: number) =>
  Object.assign(new Error(message), { data: { status: 429, retry_after: Math.max(1, retryAfterSeconds) } satisfies SocketRefusal });

export function attachSocketGateway(deps: {
  server: HttpServer;
  auth: Authenticator;
  hub: ProgressHub;
  checks: Checks;
  logger: Logger;
  /** PUBLIC_URL: the origin of the only pages that may open a socket (socketOriginAllowed). */
  publicUrl: string;
  /** Sockets one user may have open at once on this process, and the limiter of the connections a user opens. */
  limits: SocketLimits;
}): {
  close(): Promise<void>;
} {
  const io = new Server(deps.server, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    // Another site's page is refused before the handshake (403): cross-site WebSocket hijacking.
    allowRequest: (req, callback) => {
      const address = deps.server.address();
      const allowed = socketOriginAllowed(req.headers.origin, deps.publicUrl, typeof address === 'object' && address !== null ? address.port : null);
      callback(allowed ? null : 'This origin may not open a socket: only the pages of this WalletScreen may', allowed);
    },
  });

  // Connections let through and not yet in their user's room: counted with the room's sockets, so
  // that many opened at once are held to the limit too. Released when the socket joins the room, or
  // when its connection closes before that.
  const joining = new Map<string, number>();
  const opened = (userId: string) => (io.sockets.adapter.rooms.get(room(userId))?.size ?? 0) + (joining.get(userId) ?? 0);
  const reserve = (userId: string): (() => void) => {
    joining.set(userId, (joining.get(userId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (joining.get(userId) ?? 1) - 1;
      if (left > 0) joining.set(userId, left);
      else joining.delete(userId);
    };
  };

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    void (async () => {
      let user: AuthenticatedUser;
      try {
        user = await deps.auth.authenticate(typeof token === 'string' ? `Bearer ${token}` : undefined);
      } catch (error) {
        return next(new Error(error instanceof Error ? error.message : 'Authentication required'));
      }
      const { connects, openPerUser } = deps.limits;
      const outcome = await connects.consume(user.userId);
      if (!outcome.allowed) {
        const seconds = Math.ceil(outcome.resetMs / 1000);
        return next(refusal(socketMessages.tooManyAttempts(connects.policy.limit, Math.max(1, seconds)), seconds));
      }
      if (opened(user.userId) >= openPerUser) return next(refusal(socketMessages.tooManyOpen(openPerUser), RETRY_OPEN_SECONDS));
      const release = reserve(user.userId);
      socket.conn.once('close', release);
      socket.data.user = user;
      socket.data.release = release;
      next();
    })().catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'could not admit a socket connection');
      next(new Error('The live connection could not be opened. Please try again.'));
    });
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as AuthenticatedUser;
    void socket.join(room(user.userId));
    (socket.data.release as () => void)();
    socket.on(CHECK_SUBSCRIBE, async (payload: unknown, ack?: (answer: CheckProgress | { error: string }) => void) => {
      const checkId = (payload as { check_id?: unknown } | null)?.check_id;
      const reply = typeof ack === 'function' ? ack : (answer: CheckProgress | { error: string }) => socket.emit(CHECK_PROGRESS, answer);
      if (typeof checkId !== 'string') return reply({ error: 'check_id is required' });
      try {
        reply(withToken(await deps.checks.follow(user.userId, checkId)));
      } catch {
        reply({ error: 'No such check' });
      }
    });
  });

  // Progress is built from each event as it arrives (in order), with the address, network and
  // Idempotency-Key learnt from the check's request; a check requested before this process started is looked up.
  const known = new Map<string, { wallet_address: string; network: CheckProgress['network']; idempotency_key?: string; batch_id?: string; stage: number }>();
  // Sent at once, with the consistency token the batch's next read sends back to show this move.
  const sendBatch = (userId: string, message: BatchProgressMessage, position: number) =>
    io.to(room(userId)).emit(BATCH_PROGRESS, { ...message, consistency_token: String(position) });
  const send = (userId: string, progress: CheckProgress) => io.to(room(userId)).emit(CHECK_PROGRESS, progress);
  const stop = deps.hub.onAny((event, recorded, userId) => {
    if (!userId) return;
    const checkId = event.data.checkId;
    if (event.type === 'WalletCheckRequested') {
      const { address, network, idempotencyKey, batchId } = event.data;
      known.set(checkId, {
        wallet_address: address,
        network,
        ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
        ...(batchId ? { batch_id: batchId } : {}),
        stage: 0,
      });
    }
    const info = known.get(checkId);
    if (!info) {
      deps.checks.follow(userId, checkId).then(
        (settled) => send(userId, withToken(settled)),
        (error: unknown) => deps.logger.warn({ err: error, checkId }, 'could not send check progress'),
      );
      return;
    }
    const base = {
      check_id: checkId,
      wallet_address: info.wallet_address,
      network: info.network,
      ...(info.idempotency_key ? { idempotency_key: info.idempotency_key } : {}),
    };
    switch (event.type) {
      case 'WalletCheckRequested':
        send(userId, { ...base, status: 'running', stage: 0 });
        break;
      case 'WalletCheckStageCompleted':
        info.stage = event.data.stage;
        send(userId, { ...base, status: 'running', stage: event.data.stage });
        break;
      case 'WalletCheckCompleted':
        known.delete(checkId);
        send(userId, { ...base, status: 'completed', stage: 7, result: event.data.result, consistency_token: String(recorded.position) });
        break;
      case 'WalletCheckFailed':
        known.delete(checkId);
        send(userId, { ...base, status: 'failed', stage: info.stage, error: event.data.reason, consistency_token: String(recorded.position) });
        break;
    }
    // A batch's wallet started or settled: its batch moved.
    if (info.batch_id && event.type !== 'WalletCheckStageCompleted') sendBatch(userId, { batch_id: info.batch_id, status: 'running' }, recorded.position);
  });
  const stopBatches = deps.hub.onBatchCompleted((batch, recorded) =>
    sendBatch(batch.userId, { batch_id: batch.batchId, status: 'completed' }, recorded.position),
  );
  // Sent as soon as the block is committed (the token stops working then, whatever the read models show).
  // A check given back (failed, or Incomplete): the balance the user sees is read again, showing the refund.
  const stopRefunds = deps.hub.onCheckRefunded(({ userId, checkId }, recorded) => {
    const message: BalanceChangedMessage = { reason: 'refund', check_id: checkId, consistency_token: String(recorded.position) };
    io.to(room(userId)).emit(BALANCE_CHANGED, message);
  });
  const stopBlocks = deps.hub.onAccountBlocked(({ userId, at, reason }) => {
    const message: AccountBlockedMessage = { message: blockedMessage(reason), at };
    io.to(room(userId)).emit(ACCOUNT_BLOCKED, message);
    io.in(room(userId)).disconnectSockets();
  });

  const stopSessions = deps.hub.onSessionsEnded((ended) => {
    void io
      .in(room(ended.userId))
      .fetchSockets()
      .then((sockets) => {
        for (const socket of sockets) {
          const sessionId = (socket.data as { user?: AuthenticatedUser }).user?.sessionId;
          const over = 'ended' in ended ? sessionId === ended.ended : sessionId === undefined || sessionId !== ended.kept;
          if (over) socket.disconnect(true);
        }
      })
      .catch((error: unknown) => deps.logger.warn({ err: error, userId: ended.userId }, 'could not close the sockets of ended sessions'));
  });

  return {
    close: () =>
      new Promise<void>((resolve) => {
        stop();
        stopBatches();
        stopBlocks();
        stopRefunds();
        stopSessions();
        void io.close(() => resolve());
      }),
  };
}
