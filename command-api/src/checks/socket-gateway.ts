/**
 * socket.io: each signed-in browser joins its user's room and receives the progress of its own
 * checks as the stage events are committed. A (re)connecting browser can ask for the current
 * state of a check it started.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { CheckProgress } from '@walletscreen/contracts';
import type { Logger } from '@walletscreen/platform';
import type { AuthenticatedUser, Authenticator } from '../http/auth';
import type { ProgressHub } from './progress-hub';
import type { Checks } from './service';

export const CHECK_PROGRESS = 'check:progress';
export const CHECK_SUBSCRIBE = 'check:subscribe';

const room = (userId: string) => `user:${userId}`;

export function attachSocketGateway(deps: { server: HttpServer; auth: Authenticator; hub: ProgressHub; checks: Checks; logger: Logger }): { close(): Promise<void> } {
  const io = new Server(deps.server, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 16 * 1024 });

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    deps.auth.authenticate(typeof token === 'string' ? `Bearer ${token}` : undefined).then(
      (user) => {
        socket.data.user = user;
        next();
      },
      (error: unknown) => next(new Error(error instanceof Error ? error.message : 'Authentication required')),
    );
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as AuthenticatedUser;
    void socket.join(room(user.userId));
    socket.on(CHECK_SUBSCRIBE, async (payload: unknown, ack?: (answer: CheckProgress | { error: string }) => void) => {
      const checkId = (payload as { check_id?: unknown } | null)?.check_id;
      const reply = typeof ack === 'function' ? ack : (answer: CheckProgress | { error: string }) => socket.emit(CHECK_PROGRESS, answer);
      if (typeof checkId !== 'string') return reply({ error: 'check_id is required' });
      try {
        reply(await deps.checks.get(user.userId, checkId));
      } catch {
        reply({ error: 'No such check' });
      }
    });
  });

  const stop = deps.hub.onAny((event, _recorded, userId) => {
    if (!userId) return;
    deps.checks.get(userId, event.data.checkId).then(
      (progress) => io.to(room(userId)).emit(CHECK_PROGRESS, progress),
      (error: unknown) => deps.logger.warn({ err: error, checkId: event.data.checkId }, 'could not send check progress'),
    );
  });

  return {
    close: () =>
      new Promise<void>((resolve) => {
        stop();
        void io.close(() => resolve());
      }),
  };
}
