/**
 * A typed client of the API for tests: openapi-fetch over the types openapi-typescript generates
 * from the OpenAPI document (`npm run openapi:types` writes ./api-schema.d.ts). Paths, parameters,
 * bodies and answers are checked by `tsc`: a call the API does not have does not compile.
 */
import createClient from 'openapi-fetch';
import type { paths } from './api-schema';

export type { paths } from './api-schema';
export type ApiClient = ReturnType<typeof apiClient>;

export function apiClient(baseUrl: string, headers?: Record<string, string>) {
  return createClient<paths>({ baseUrl, headers });
}

/** The Authorization header of a session token (none without one). */
export const bearer = (token: string | undefined): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});
