/**
 * A typed client of the API for tests: openapi-fetch over the types openapi-typescript generates
 * from the OpenAPI document (`npm run openapi:types` writes ./api-schema.d.ts). Paths, parameters,
 * bodies and answers are checked by `tsc`: a call the API does not have does not compile.
 */
import createClient from 'openapi-fetch';
import type { paths } from './api-schema';

export type { paths } from './api-schema';
export type ApiClient = ReturnType<typeof apiClient>;

/**
 * Like the web app, the client keeps the newest consistency token an answer carried and sends it
 * with every later call, so a read shows what this client wrote (command-api/src/http/consistency.ts).
 */
export function apiClient(baseUrl: string, headers?: Record<string, string>) {
  const client = createClient<paths>({ baseUrl, headers });
  let newest = 0;
  client.use({
    onRequest({ request }) {
      if (newest > 0 && !request.headers.has('Consistency-Token')) request.headers.set('Consistency-Token', String(newest));
      return request;
    },
    onResponse({ response }) {
      const token = Number(response.headers.get('Consistency-Token'));
      if (Number.isSafeInteger(token) && token > newest) newest = token;
      return response;
    },
  });
  return client;
}

/** The Authorization header of a session token (none without one). */
export const bearer = (token: string | undefined): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});
