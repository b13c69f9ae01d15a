import { z } from 'zod';
import {
  adminLoginResponseSchema,
  customerSchema,
  loginRequestSchema,
  networks,
  loginResponseSchema,
  messageResponseSchema,
  problemSchema,
  profileSchema,
  registerRequestSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from '@walletscreen/contracts';

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' });
const json = (s: z.ZodType, io: 'input' | 'output' = 'output') => ({ content: { 'application/json': { schema: schema(s, io) } } });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: schema(problemSchema, 'output') } } });
const bearer = [{ bearer: [] }];

/** The API as OpenAPI 3.0, served at GET /api/docs, built from the same zod schemas the routes use. */
export function openApiDocument(serverUrl: string) {
  return {
    openapi: '3.0.3',
    info: { title: 'WalletScreen API', version: '0.1.0', description: 'Crypto-wallet AML screening. Errors are RFC 9457 problem details with an `error` sentence and per-field `errors`.' },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths: {
      '/api/auth/register': {
        post: {
          summary: 'Register; the account gets 20 free premium checks',
          requestBody: { required: true, ...json(registerRequestSchema, 'input') },
          responses: { 201: { description: 'Registered', ...json(messageResponseSchema) }, 400: problem('Invalid fields'), 409: problem('Registration failed. Try another email.'), 413: problem('Body too large') },
        },
      },
      '/api/auth/login': {
        post: {
          summary: 'Sign in',
          requestBody: { required: true, ...json(loginRequestSchema, 'input') },
          responses: { 200: { description: 'Session token (100 minutes)', ...json(loginResponseSchema) }, 400: problem('Invalid fields'), 401: problem('Invalid email or password'), 403: problem('Account blocked'), 429: problem('Too many attempts; see Retry-After') },
        },
      },
      '/api/auth/request-password-reset': {
        post: {
          summary: 'Send a password-reset link (the answer is the same for unknown e-mails)',
          requestBody: { required: true, ...json(requestPasswordResetSchema, 'input') },
          responses: { 200: { description: 'Neutral confirmation', ...json(messageResponseSchema) }, 400: problem('Invalid fields') },
        },
      },
      '/api/auth/reset-password': {
        post: {
          summary: 'Set a new password with a reset token (single use, 30 minutes)',
          requestBody: { required: true, ...json(resetPasswordSchema, 'input') },
          responses: { 200: { description: 'Password changed', ...json(messageResponseSchema) }, 400: problem('Invalid or expired token, or invalid password') },
        },
      },
      '/api/profile': {
        get: { summary: 'The signed-in user', security: bearer, responses: { 200: { description: 'Profile', ...json(profileSchema) }, 401: problem('Not signed in or expired'), 403: problem('Blocked') } },
      },
      '/api/admin/admin-login': {
        post: {
          summary: 'Admin sign-in',
          requestBody: { required: true, ...json(loginRequestSchema, 'input') },
          responses: { 200: { description: 'Admin session token', ...json(adminLoginResponseSchema) }, 401: problem('Invalid email or password'), 429: problem('Too many attempts') },
        },
      },
      '/api/admin/customers': {
        get: {
          summary: 'Customers, newest first (admins only)',
          security: bearer,
          parameters: [
            { name: 'email', in: 'query', schema: { type: 'string' }, description: 'Case-insensitive e-mail substring' },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
            { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
          ],
          responses: { 200: { description: 'Customers', ...json(z.array(customerSchema)) }, 401: problem('Not signed in'), 403: problem('Not an admin') },
        },
      },
      '/api/addresses/parse': {
        post: {
          summary: 'Parse, validate and normalize a wallet address (Bitcoin, EVM, TRON, Solana, Litecoin, Dogecoin, Bitcoin Cash, XRP)',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', required: ['address'], properties: { address: { type: 'string' }, network: { type: 'string', enum: [...networks] } } } } },
          },
          responses: {
            200: { description: 'The chain, network and canonical form', content: { 'application/json': { schema: { type: 'object', properties: { chain: { type: 'string' }, network: { type: 'string' }, normalized: { type: 'string' }, kind: { type: 'string' } } } } } },
            400: problem('Not a valid address, with the reason'),
          },
        },
      },
      '/api/health': { get: { summary: 'Liveness', responses: { 200: { description: 'The server is up' } } } },
    },
  };
}
