/**
 * Why the server ended a session (the account was blocked), kept for the sign-in page to say, so a
 * signed-out user is told why instead of simply landing on /login. It is kept in localStorage like
 * the session itself: every open tab of the account is signed out, and each one's sign-in page
 * shows it. A successful sign-in or a new attempt removes it; an old one is not shown.
 */
import type { SessionStorage } from './session';

export const SIGN_OUT_NOTICE_KEY = 'signOutNotice';
/** A notice older than this is someone else's old news on a shared browser: not shown. */
export const SIGN_OUT_NOTICE_MAX_AGE_MS = 60 * 60_000;

/** Keeps the message to show on the sign-in page. */
export function noteSignOut(storage: SessionStorage, message: string, now: number): void {
  storage.setItem(SIGN_OUT_NOTICE_KEY, JSON.stringify({ message, at: now }));
}

/** The message to show, or null when there is none (or it is too old, or unreadable). */
export function readSignOutNotice(storage: SessionStorage, now: number): string | null {
  const raw = storage.getItem(SIGN_OUT_NOTICE_KEY);
  if (raw === null) return null;
  try {
    const { message, at } = JSON.parse(raw) as { message?: unknown; at?: unknown };
    if (typeof message !== 'string' || message === '' || typeof at !== 'number') return null;
    return now - at <= SIGN_OUT_NOTICE_MAX_AGE_MS && at <= now + 60_000 ? message : null;
  } catch {
    return null;
  }
}

export function clearSignOutNotice(storage: SessionStorage): void {
  storage.removeItem(SIGN_OUT_NOTICE_KEY);
}
