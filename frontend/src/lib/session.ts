/**
 * The browser session (spec §3, §4, §6): what is kept in localStorage, when it is valid, where an
 * invalid one sends the visitor. The rules are pure functions over a storage and a moment; the
 * hooks at the bottom only run them on a timer and navigate.
 */
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_MINUTES } from '@walletscreen/contracts';
import { closeSocket } from './socket-connection';

export const SESSION_KEYS = {
  token: 'authToken',
  expiration: 'authExpiration',
  role: 'userRole',
} as const;

/** A session lasts 100 minutes from sign-in, for users and admins alike (spec §9). */
export const SESSION_DURATION_MS = SESSION_MINUTES * 60_000;
/** The user session is checked on load and every 60 seconds (spec §4). */
export const USER_SESSION_CHECK_MS = 60_000;
/** The admin session is checked at start and every 30 seconds (spec §4). */
export const ADMIN_SESSION_CHECK_MS = 30_000;

export const LOGIN_PATH = '/login';
export const ADMIN_LOGIN_PATH = '/admin-login';
export const UNAUTHORIZED_PATH = '/unauthorized';

/** The part of `Storage` the session needs (window.localStorage in the app). */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SessionSnapshot {
  token: string | null;
  /** Expiry as a millisecond timestamp; null when missing or unreadable. */
  expiresAt: number | null;
  role: string | null;
}

export function readSession(storage: SessionStorage): SessionSnapshot {
  const raw = storage.getItem(SESSION_KEYS.expiration);
  const expiresAt = raw === null || raw.trim() === '' ? null : Number(raw);
  return {
    token: storage.getItem(SESSION_KEYS.token) || null,
    expiresAt: expiresAt !== null && Number.isFinite(expiresAt) ? expiresAt : null,
    role: storage.getItem(SESSION_KEYS.role) || null,
  };
}

/** Valid: a token and an expiry are present, and now is not later than the expiry. */
export function isSessionValid(session: SessionSnapshot, now: number): boolean {
  return session.token !== null && session.expiresAt !== null && now <= session.expiresAt;
}

/** The roles that sign in to the admin area: admins, and auditors, for whom it is read-only. */
export const ADMIN_AREA_ROLES: readonly string[] = ['admin', 'auditor'];

/** Admin area: a valid session whose stored role is "admin" or "auditor". */
export function isAdminSession(session: SessionSnapshot, now: number): boolean {
  return isSessionValid(session, now) && ADMIN_AREA_ROLES.includes(session.role ?? '');
}

/**
 * An auditor's session: the admin area shows no action that changes anything (the server refuses
 * them anyway; this only keeps buttons that cannot work off the screen).
 */
export function isReadOnlySession(storage: SessionStorage = browserStorage()): boolean {
  return readSession(storage).role === 'auditor';
}

/** After a user sign-in: the token and an expiry 100 minutes ahead. A role left by an admin sign-in is dropped. */
export function startUserSession(storage: SessionStorage, token: string, now: number): void {
  storage.setItem(SESSION_KEYS.token, token);
  storage.setItem(SESSION_KEYS.expiration, String(now + SESSION_DURATION_MS));
  storage.removeItem(SESSION_KEYS.role);
}

/** After an admin sign-in: the token, the expiry and the role ("admin" when the response has none). */
export function startAdminSession(storage: SessionStorage, token: string, role: string | null | undefined, now: number): void {
  storage.setItem(SESSION_KEYS.token, token);
  storage.setItem(SESSION_KEYS.expiration, String(now + SESSION_DURATION_MS));
  storage.setItem(SESSION_KEYS.role, role || 'admin');
}

/** Removes the token and its expiry (user logout, expired token). */
export function clearSession(storage: SessionStorage): void {
  storage.removeItem(SESSION_KEYS.token);
  storage.removeItem(SESSION_KEYS.expiration);
}

/** Removes all three stored values (admin logout, invalid admin session). */
export function clearAdminSession(storage: SessionStorage): void {
  clearSession(storage);
  storage.removeItem(SESSION_KEYS.role);
}

export type SessionCheck = { ok: true } | { ok: false; redirectTo: string };

/**
 * The user session check (on load and every 60 s): an invalid session is cleared and the visitor
 * is sent to /login.
 */
export function checkUserSession(storage: SessionStorage, now: number): SessionCheck {
  if (isSessionValid(readSession(storage), now)) return { ok: true };
  clearSession(storage);
  return { ok: false, redirectTo: LOGIN_PATH };
}

/**
 * The admin session check (at start and every 30 s). A missing or expired session clears all three
 * values and goes to /admin-login. A valid session without the admin role (a signed-in user) goes
 * to /unauthorized and is kept: the user stays signed in to the dashboard.
 */
export function checkAdminSession(storage: SessionStorage, now: number): SessionCheck {
  const session = readSession(storage);
  if (!isSessionValid(session, now)) {
    clearAdminSession(storage);
    return { ok: false, redirectTo: ADMIN_LOGIN_PATH };
  }
  if (!ADMIN_AREA_ROLES.includes(session.role ?? '')) return { ok: false, redirectTo: UNAUTHORIZED_PATH };
  return { ok: true };
}

/**
 * Ends the session on the user's request: user logout removes the token and expiry and goes to
 * /login; admin logout also removes the role and goes to /admin-login. Returns where to go.
 */
export function logout(storage: SessionStorage, kind: 'user' | 'admin'): string {
  if (kind === 'admin') {
    clearAdminSession(storage);
    return ADMIN_LOGIN_PATH;
  }
  clearSession(storage);
  return LOGIN_PATH;
}

/** Where a session that the server refused sends the visitor: admins to their own sign-in. */
export function signInPathFor(storage: SessionStorage): string {
  return ADMIN_AREA_ROLES.includes(readSession(storage).role ?? '') ? ADMIN_LOGIN_PATH : LOGIN_PATH;
}

/** Where the public pages send someone already signed in: their area, and where Check Wallet goes. */
export interface SignedInArea {
  kind: 'user' | 'admin';
  /** The header link: "Dashboard" or "Admin". */
  label: string;
  home: string;
  /** Check Wallet: straight to the checker for a user; an admin signs in as a user for that. */
  checkWallet: string | null;
}

/** The visitor's signed-in area, or null without a valid session (spec §3's validity: token, expiry not passed). */
export function signedInArea(session: SessionSnapshot, now: number): SignedInArea | null {
  if (!isSessionValid(session, now)) return null;
  if (ADMIN_AREA_ROLES.includes(session.role ?? '')) return { kind: 'admin', label: 'Admin', home: '/admin', checkWallet: null };
  return { kind: 'user', label: 'Dashboard', home: '/dashboard', checkWallet: '/dashboard/wallet-checker' };
}

/** The auth token to send, or null. */
export function authToken(storage: SessionStorage): string | null {
  return readSession(storage).token;
}

/** Navigation as the hooks need it; the app passes react-router's navigate. */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

export function browserStorage(): SessionStorage {
  return window.localStorage;
}

/** A session rule as the guards run it: the check (with its side effects), its pure form, its period. */
export interface SessionRule {
  check: (storage: SessionStorage, now: number) => SessionCheck;
  /** Whether the check would pass, without side effects (for the first render). */
  holds: (session: SessionSnapshot, now: number) => boolean;
  intervalMs: number;
}

export const USER_SESSION_RULE: SessionRule = { check: checkUserSession, holds: isSessionValid, intervalMs: USER_SESSION_CHECK_MS };
export const ADMIN_SESSION_RULE: SessionRule = { check: checkAdminSession, holds: isAdminSession, intervalMs: ADMIN_SESSION_CHECK_MS };

/**
 * Runs a session rule when mounted, every `rule.intervalMs`, and when another tab changes the
 * stored session; a failed check navigates (replacing the history entry). Returns whether the
 * session holds, so a guard renders nothing until it does.
 */
export function useSessionCheck(rule: SessionRule, navigate: Navigate, storage: SessionStorage = browserStorage()): boolean {
  const [ok, setOk] = useState(() => rule.holds(readSession(storage), Date.now()));
  useEffect(() => {
    const run = () => {
      const result = rule.check(storage, Date.now());
      setOk(result.ok);
      if (!result.ok) {
        closeSocket();
        navigate(result.redirectTo, { replace: true });
      }
    };
    run();
    const timer = window.setInterval(run, rule.intervalMs);
    const keys: readonly string[] = Object.values(SESSION_KEYS);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || keys.includes(event.key)) run();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [rule, navigate, storage]);
  return ok;
}

/** The user session guard of /dashboard: on load and every 60 seconds. */
export function useUserSession(navigate: Navigate, storage?: SessionStorage): boolean {
  return useSessionCheck(USER_SESSION_RULE, navigate, storage);
}

/** The admin session guard of /admin: at start and every 30 seconds. */
export function useAdminSession(navigate: Navigate, storage?: SessionStorage): boolean {
  return useSessionCheck(ADMIN_SESSION_RULE, navigate, storage);
}

/**
 * Tells the server the session is over (POST /api/auth/logout), so its token stops working at
 * once: sent in the background (keepalive survives the navigation); the browser signs out whatever
 * the answer.
 */
export function endServerSession(token: string | null): void {
  if (!token || typeof fetch !== 'function') return;
  fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
}

/** Logout: ends the session on the server, clears the stored session, every cached query (the profile among them) and the live connection, then navigates. */
export function useLogout(kind: 'user' | 'admin', navigate: Navigate, storage?: SessionStorage): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const store = storage ?? browserStorage();
    endServerSession(authToken(store));
    const to = logout(store, kind);
    closeSocket();
    queryClient.clear();
    navigate(to, { replace: true });
  }, [kind, navigate, queryClient, storage]);
}
