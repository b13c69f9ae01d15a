import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  ADMIN_SESSION_CHECK_MS,
  checkAdminSession,
  checkUserSession,
  isAdminSession,
  isReadOnlySession,
  isSessionValid,
  logout,
  readSession,
  SESSION_DURATION_MS,
  SESSION_KEYS,
  signInPathFor,
  signedInArea,
  startAdminSession,
  startUserSession,
  useAdminSession,
  useLogout,
  USER_SESSION_CHECK_MS,
  useUserSession,
  type SessionStorage,
} from './session';

class MemoryStorage implements SessionStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.has(key) ? this.items.get(key)! : null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const NOW = Date.UTC(2026, 0, 15, 9, 30);

function storageWith(values: Partial<Record<keyof typeof SESSION_KEYS, string>>): MemoryStorage {
  const storage = new MemoryStorage();
  for (const [name, value] of Object.entries(values)) storage.setItem(SESSION_KEYS[name as keyof typeof SESSION_KEYS], value);
  return storage;
}

describe('a user sign-in', () => {
  it('stores the token and an expiry 100 minutes ahead, as a millisecond timestamp string', () => {
    const storage = new MemoryStorage();
    startUserSession(storage, 'tok', NOW);
    expect(storage.getItem('authToken')).toBe('tok');
    expect(storage.getItem('authExpiration')).toBe(String(NOW + 100 * 60_000));
    expect(SESSION_DURATION_MS).toBe(6_000_000);
  });

  it('drops a role left behind by an earlier admin sign-in', () => {
    const storage = storageWith({ role: 'admin' });
    startUserSession(storage, 'tok', NOW);
    expect(storage.getItem('userRole')).toBeNull();
  });
});

describe('an admin sign-in', () => {
  it('stores the token, the expiry and the role', () => {
    const storage = new MemoryStorage();
    startAdminSession(storage, 'tok', 'admin', NOW);
    expect(readSession(storage)).toEqual({ token: 'tok', expiresAt: NOW + SESSION_DURATION_MS, role: 'admin' });
  });

  it('stores the role "admin" when the response has none', () => {
    const storage = new MemoryStorage();
    startAdminSession(storage, 'tok', undefined, NOW);
    expect(storage.getItem('userRole')).toBe('admin');
  });
});

describe('session validity', () => {
  it('is valid with a token and an expiry not yet passed, up to the expiry itself', () => {
    expect(isSessionValid({ token: 't', expiresAt: NOW + 1, role: null }, NOW)).toBe(true);
    expect(isSessionValid({ token: 't', expiresAt: NOW, role: null }, NOW)).toBe(true);
  });

  it('is invalid when the token is missing', () => {
    expect(isSessionValid(readSession(storageWith({ expiration: String(NOW + 1000) })), NOW)).toBe(false);
  });

  it('is invalid when the expiry is missing or unreadable', () => {
    expect(isSessionValid(readSession(storageWith({ token: 't' })), NOW)).toBe(false);
    expect(isSessionValid(readSession(storageWith({ token: 't', expiration: 'soon' })), NOW)).toBe(false);
  });

  it('is invalid once now is later than the expiry', () => {
    expect(isSessionValid({ token: 't', expiresAt: NOW - 1, role: null }, NOW)).toBe(false);
  });

  it('is an admin-area session only with the role "admin" or "auditor" as well', () => {
    expect(isAdminSession({ token: 't', expiresAt: NOW + 1, role: 'admin' }, NOW)).toBe(true);
    expect(isAdminSession({ token: 't', expiresAt: NOW + 1, role: 'auditor' }, NOW)).toBe(true);
    expect(isAdminSession({ token: 't', expiresAt: NOW + 1, role: 'user' }, NOW)).toBe(false);
    expect(isAdminSession({ token: 't', expiresAt: NOW + 1, role: null }, NOW)).toBe(false);
    expect(isAdminSession({ token: 't', expiresAt: NOW - 1, role: 'admin' }, NOW)).toBe(false);
  });

  it('is read-only for an auditor alone', () => {
    expect(isReadOnlySession(storageWith({ token: 't', role: 'auditor' }))).toBe(true);
    expect(isReadOnlySession(storageWith({ token: 't', role: 'admin' }))).toBe(false);
    expect(isReadOnlySession(storageWith({ token: 't' }))).toBe(false);
  });
});

describe('the user session check', () => {
  it('passes a valid session and leaves it alone', () => {
    const storage = storageWith({ token: 't', expiration: String(NOW + 1000) });
    expect(checkUserSession(storage, NOW)).toEqual({ ok: true });
    expect(storage.getItem('authToken')).toBe('t');
  });

  it('clears an expired session and sends the visitor to /login', () => {
    const storage = storageWith({ token: 't', expiration: String(NOW - 1) });
    expect(checkUserSession(storage, NOW)).toEqual({ ok: false, redirectTo: '/login' });
    expect(storage.getItem('authToken')).toBeNull();
    expect(storage.getItem('authExpiration')).toBeNull();
  });

  it('clears a token without an expiry', () => {
    const storage = storageWith({ token: 't' });
    expect(checkUserSession(storage, NOW)).toEqual({ ok: false, redirectTo: '/login' });
    expect(storage.items.size).toBe(0);
  });
});

describe('the admin session check', () => {
  it('passes a valid session with the admin role', () => {
    const storage = storageWith({ token: 't', expiration: String(NOW + 1000), role: 'admin' });
    expect(checkAdminSession(storage, NOW)).toEqual({ ok: true });
  });

  it('sends a visitor without a token to /admin-login, clearing all three values', () => {
    const storage = storageWith({ expiration: String(NOW + 1000), role: 'admin' });
    expect(checkAdminSession(storage, NOW)).toEqual({ ok: false, redirectTo: '/admin-login' });
    expect(storage.items.size).toBe(0);
  });

  it('clears an expired admin session and goes to /admin-login', () => {
    const storage = storageWith({ token: 't', expiration: String(NOW - 1), role: 'admin' });
    expect(checkAdminSession(storage, NOW)).toEqual({ ok: false, redirectTo: '/admin-login' });
    expect(storage.items.size).toBe(0);
  });

  it('sends a signed-in user without the admin role to /unauthorized and keeps the user signed in', () => {
    const storage = storageWith({ token: 't', expiration: String(NOW + 1000) });
    expect(checkAdminSession(storage, NOW)).toEqual({ ok: false, redirectTo: '/unauthorized' });
    expect(storage.getItem('authToken')).toBe('t');
  });
});

describe('logout', () => {
  it('removes the token and expiry and goes to /login', () => {
    const storage = storageWith({ token: 't', expiration: String(NOW + 1000) });
    expect(logout(storage, 'user')).toBe('/login');
    expect(storage.items.size).toBe(0);
  });

  it('for an admin also removes the role and goes to /admin-login', () => {
    const storage = storageWith({ token: 't', expiration: String(NOW + 1000), role: 'admin' });
    expect(logout(storage, 'admin')).toBe('/admin-login');
    expect(storage.items.size).toBe(0);
  });

  it('clears the cached profile and navigates, replacing the history entry', () => {
    const storage = storageWith({ token: 't', expiration: String(NOW + 1000) });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['profile'], { email: 'a@b.example', checks_left: 20 });
    const navigate = jest.fn();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(() => useLogout('user', navigate, storage), { wrapper });

    act(() => result.current());

    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
    expect(storage.getItem('authToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});

describe('where a refused session goes', () => {
  it('is /admin-login for an admin or an auditor and /login for everyone else', () => {
    expect(signInPathFor(storageWith({ role: 'admin' }))).toBe('/admin-login');
    expect(signInPathFor(storageWith({ role: 'auditor' }))).toBe('/admin-login');
    expect(signInPathFor(storageWith({}))).toBe('/login');
  });
});

describe('the session guards', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(NOW);
  });
  afterEach(() => jest.useRealTimers());

  it('checks the user session on load and replaces the visitor onto /login when it is invalid', () => {
    const storage = storageWith({ token: 't', expiration: String(NOW - 1) });
    const navigate = jest.fn();
    const { result } = renderHook(() => useUserSession(navigate, storage));
    expect(result.current).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(storage.getItem('authToken')).toBeNull();
  });

  it('checks the user session again every 60 seconds', () => {
    const storage = storageWith({ token: 't', expiration: String(NOW + 90_000) });
    const navigate = jest.fn();
    const { result } = renderHook(() => useUserSession(navigate, storage));
    expect(result.current).toBe(true);

    act(() => jest.advanceTimersByTime(USER_SESSION_CHECK_MS));
    expect(navigate).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(USER_SESSION_CHECK_MS));
    expect(result.current).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('checks the admin session at start and every 30 seconds', () => {
    const storage = storageWith({ token: 't', expiration: String(NOW + 45_000), role: 'admin' });
    const navigate = jest.fn();
    const { result } = renderHook(() => useAdminSession(navigate, storage));
    expect(result.current).toBe(true);

    act(() => jest.advanceTimersByTime(ADMIN_SESSION_CHECK_MS));
    expect(navigate).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(ADMIN_SESSION_CHECK_MS));
    expect(result.current).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/admin-login', { replace: true });
    expect(storage.items.size).toBe(0);
  });

  it('sends a user opening the admin area to /unauthorized', () => {
    const storage = storageWith({ token: 't', expiration: String(NOW + 45_000) });
    const navigate = jest.fn();
    const { result } = renderHook(() => useAdminSession(navigate, storage));
    expect(result.current).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/unauthorized', { replace: true });
  });
});

describe('a visitor of the public pages', () => {
  it('is sent to their area when signed in: a user to the dashboard and straight to the checker, an admin to the admin area', () => {
    const expiry = String(NOW + 60_000);
    expect(signedInArea(readSession(storageWith({ token: 't', expiration: expiry })), NOW)).toEqual({
      kind: 'user',
      label: 'Dashboard',
      home: '/dashboard',
      checkWallet: '/dashboard/wallet-checker',
    });
    expect(signedInArea(readSession(storageWith({ token: 't', expiration: expiry, role: 'admin' })), NOW)).toEqual({
      kind: 'admin',
      label: 'Admin',
      home: '/admin',
      checkWallet: null,
    });
  });

  it('is not signed in without a token or after the expiry', () => {
    expect(signedInArea(readSession(storageWith({})), NOW)).toBeNull();
    expect(signedInArea(readSession(storageWith({ token: 't', expiration: String(NOW - 1) })), NOW)).toBeNull();
    expect(signedInArea(readSession(storageWith({ expiration: String(NOW + 60_000) })), NOW)).toBeNull();
  });
});
