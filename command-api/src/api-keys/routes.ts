/** The API keys screen's calls: create (the key is shown once), list, revoke. Signed-in users, their own keys. */
import { z } from 'zod';
import { apiKeyListSchema, apiKeySchema, createApiKeyRequestSchema, createApiKeyResponseSchema, type ApiKey, type ApiKeyScope } from '@walletscreen/contracts';
import { currentUser, sessionAuth, type Authenticator } from '../http/auth';
import { consistencyTokenAnswer, setConsistencyToken } from '../http/consistency';
import { route, routeGroup } from '../http/route';

export interface ApiKeyCommands {
  createApiKey(userId: string, input: { name: string; scopes?: ApiKeyScope[]; expiresAt: string | null }): Promise<ApiKey & { key: string }>;
  revokeApiKey(userId: string, keyId: string, by: { userId: string; email: string }): Promise<{ key: ApiKey; position: number | null }>;
  listApiKeys(userId: string): Promise<ApiKey[]>;
}

const keyIdSchema = z.object({ id: z.string().regex(/^[0-9a-f]{12}$/, { error: 'Not an API key id' }) });
const signedIn = { 401: { description: 'Not signed in' }, 403: { description: 'Account blocked' } };

export function apiKeyRoutes(deps: { auth: Authenticator; keys: ApiKeyCommands }) {
  return routeGroup(
    [
      route({
        method: 'post',
        path: '/keys',
        summary: 'Create an API key; the whole key is in this answer only',
        tags: ['API keys'],
        auth: 'session',
        request: { body: createApiKeyRequestSchema },
        responses: {
          201: { description: 'The key (shown once) and its details', schema: createApiKeyResponseSchema },
          400: { description: 'Invalid name, scopes or expiry' },
          409: { description: 'Too many active keys' },
          ...signedIn,
        },
        async handle({ body }, _req, res) {
          const created = await deps.keys.createApiKey(currentUser(res).userId, {
            name: body.name,
            ...(body.scopes ? { scopes: body.scopes } : {}),
            expiresAt: body.expires_at ? new Date(body.expires_at).toISOString() : null,
          });
          res.status(201).json(createApiKeyResponseSchema.parse(created));
        },
      }),
      route({
        method: 'get',
        path: '/keys',
        summary: "The user's API keys, newest first (prefix, scopes, created, last used, expiry, status)",
        tags: ['API keys'],
        auth: 'session',
        responses: { 200: { description: 'The keys', schema: apiKeyListSchema }, ...signedIn },
        async handle(_input, _req, res) {
          res.json({ items: await deps.keys.listApiKeys(currentUser(res).userId) });
        },
      }),
      route({
        method: 'delete',
        path: '/keys/:id',
        summary: 'Revoke an API key: calls with it stop at once',
        tags: ['API keys'],
        auth: 'session',
        request: { params: keyIdSchema, paramsNotFound: 'No such key' },
        responses: {
          200: { description: 'The revoked key', schema: apiKeySchema, headers: consistencyTokenAnswer },
          404: { description: 'No such key' },
          ...signedIn,
        },
        async handle({ params }, _req, res) {
          const user = currentUser(res);
          const { key, position } = await deps.keys.revokeApiKey(user.userId, params.id, { userId: user.userId, email: user.email });
          // The Customers screen counts the account's suspended keys: a read that carries this token sees the revocation.
          setConsistencyToken(res, position);
          res.json(key);
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}
