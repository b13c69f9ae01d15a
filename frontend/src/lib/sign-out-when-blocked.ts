/**
 * The blocked account's sign-out and the balance refreshed on a refund, apart from session.ts (which every screen loads) so the socket.io
 * client stays off the landing page's path: only the dashboard's frame uses it.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authToken, browserStorage, clearSession, LOGIN_PATH, type Navigate, type SessionStorage } from './session';
import { noteSignOut } from './sign-out-notice';
import { profileQueryKey } from './get-profile';
import { onAccountBlocked, onBalanceChanged } from './socket';
import { closeSocket } from './socket-connection';

/**
 * While a signed-in user's screen is shown: when the server says the account was blocked, the
 * session ends at once (stored credentials, cached data, the live connection) and the visitor goes
 * to /login, which shows why. Other tabs follow through the cleared storage and show it too.
 */
export function useSignOutWhenBlocked(navigate: Navigate, storage?: SessionStorage): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const store = storage ?? browserStorage();
    return onAccountBlocked(
      () => authToken(store),
      (message) => {
        // The notice first: another tab reacts to the cleared token and reads it.
        noteSignOut(store, message, Date.now());
        clearSession(store);
        closeSocket();
        queryClient.clear();
        navigate(LOGIN_PATH, { replace: true });
      },
    );
  }, [navigate, queryClient, storage]);
}

/** While a signed-in user's screen is shown: a premium check given back (failed or Incomplete) reads the balance again. */
export function useBalanceRefresh(storage?: SessionStorage): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const store = storage ?? browserStorage();
    return onBalanceChanged(
      () => authToken(store),
      () => void queryClient.invalidateQueries({ queryKey: profileQueryKey }),
    );
  }, [queryClient, storage]);
}
