import { createApiClient } from './api-client';
import { navigateTo } from './navigation';

/** The main API client of the app: same origin, under /api, token from localStorage. */
export const api = createApiClient({
  baseUrl: '/api',
  storage: window.localStorage,
  navigate: navigateTo,
});
