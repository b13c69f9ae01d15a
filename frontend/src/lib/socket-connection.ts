/**
 * The shared live connection, held apart from socket.ts so that closing it (logout, an ended
 * session: session.ts and http-client.ts, which every screen loads) does not bring the socket.io
 * client into screens that never open it, such as the landing page.
 */
import type { Socket } from 'socket.io-client';

let current: Socket | null = null;

/** The open connection, if any. */
export const currentSocket = (): Socket | null => current;

/** Keeps the connection socket.ts opened. */
export function holdSocket(socket: Socket): void {
  current = socket;
}

/** Closes the shared connection (logout, session ended). */
export function closeSocket(): void {
  if (!current) return;
  const s = current;
  current = null;
  s.removeAllListeners();
  s.disconnect();
}
