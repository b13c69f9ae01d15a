import { createApiClient, requiresPremium } from './api-client';
import { navigateTo } from './navigation';
import { closeSocket } from './socket-connection';

/**
 * The main API client of the app: same origin, under /api, token from localStorage. A 401 that
 * says the user needs premium checks (the analysis call) keeps the session (spec §6, §8); when the
 * client ends a session it also closes the live connection.
 */
export const api = createApiClient({
  baseUrl: '/api',
  storage: window.localStorage,
  navigate: (to, options) => {
    closeSocket();
    navigateTo(to, options);
  },
  keepSessionOn401: requiresPremium,
});
