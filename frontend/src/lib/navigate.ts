/**
 * react-router's `navigate` as a plain command: it starts a navigation and returns nothing. The
 * router's own function may return a promise (data routers settle it when the navigation is done);
 * the callers here only start one, so the promise is deliberately not awaited.
 */
import { useCallback } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router';

export type Go = (to: To, options?: NavigateOptions) => void;

export function useGo(): Go {
  const navigate = useNavigate();
  return useCallback<Go>((to, options) => void navigate(to, options), [navigate]);
}
