import type { ReactNode } from 'react';
import { useAdminSession, useUserSession } from '../../lib/session';
import { useGo } from '../../lib/navigate';

/**
 * /dashboard: renders its children only with a valid user session, checked on load and every
 * 60 seconds; otherwise the session is cleared and the visitor replaced onto /login.
 */
export function RequireUserSession({ children }: { children: ReactNode }) {
  const ok = useUserSession(useGo());
  return ok ? children : null;
}

/**
 * /admin: renders its children only with a valid admin session, checked at start and every
 * 30 seconds. No session goes to /admin-login; a user session without the admin role to /unauthorized.
 */
export function RequireAdminSession({ children }: { children: ReactNode }) {
  const ok = useAdminSession(useGo());
  return ok ? children : null;
}
