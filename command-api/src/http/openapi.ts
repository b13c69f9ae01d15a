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
  walletAnalysisSchema,
} from '@walletscreen/contracts';
import {
  customListRemoveResponseSchema,
  customListSummarySchema,
  customListUploadRequestSchema,
  customListUploadResponseSchema,
  sanctionsStatusSchema,
} from '@walletscreen/contracts';

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' });
const json = (s: z.ZodType, io: 'input' | 'output' = 'output') => ({ content: { 'application/json': { schema: schema(s, io) } } });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: schema(problemSchema, 'output') } } });
const bearer = [{ bearer: [] }];
const progress = {
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          check_id: { type: 'string' },
          status: { type: 'string', enum: ['running', 'completed', 'failed'] },
          wallet_address: { type: 'string' },
          network: { type: 'string' },
          idempotency_key: { type: 'string' },
          stage: { type: 'integer', minimum: 0, maximum: 7, description: 'Stages completed so far' },
          error: { type: 'string' },
        },
      },
    },
  },
};
const historyRow = {
  type: 'object',
  properties: Object.fromEntries(
    ['id', 'wallet_address', 'network', 'risk_level', 'aml_status', 'created_at', 'created_at_iso', 'access', 'status', 'jurisdiction', 'sanctions', 'source_of_funds', 'recommendation', 'wallet_age', 'aml_report', 'chainabuse_report'].map((k) => [k, { type: 'string' }]),
  ),
};

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
      '/api/transactions/analyze-realtime': {
        post: {
          summary: 'Check a wallet: charges one premium check (bonus first) and runs the seven-stage analysis',
          security: bearer,
          parameters: [
            { name: 'Idempotency-Key', in: 'header', schema: { type: 'string', minLength: 8, maxLength: 200 }, description: 'One per check; a retry with the same key gives the same check and one charge' },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', required: ['wallet_address'], properties: { wallet_address: { type: 'string', maxLength: 200 }, network: { type: 'string', enum: [...networks] } } } } },
          },
          responses: {
            200: { description: 'The completed analysis, with check_id and status', ...json(walletAnalysisSchema) },
            202: { description: 'Still running after CHECK_WAIT_MS: its progress (follow it over socket.io or GET /api/transactions/checks/{id})', ...progress },
            400: problem('Not a valid address, or a bad Idempotency-Key; nothing is charged'),
            401: problem('Not signed in; or no premium checks left (`require_premium: true`)'),
            403: problem('Blocked'),
            409: problem('The Idempotency-Key was used for another address'),
            502: problem('The analysis failed; its check was refunded (`check_id`, `refunded: true`)'),
          },
        },
      },
      '/api/transactions/checks/{id}': {
        get: {
          summary: "One of the caller's checks: the analysis when completed, its progress while running",
          security: bearer,
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
            { name: 'wait', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 30000, default: 0 }, description: 'Milliseconds to wait for the check to finish' },
          ],
          responses: { 200: { description: 'Completed', ...json(walletAnalysisSchema) }, 202: { description: 'Running', ...progress }, 404: problem('No such check of yours'), 502: problem('Failed and refunded') },
        },
      },
      '/api/transactions/history': {
        get: {
          summary: "The caller's completed checks, newest first, filtered by the server",
          security: bearer,
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
            { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
            { name: 'address', in: 'query', schema: { type: 'string' }, description: 'Case-insensitive substring of the wallet address' },
            { name: 'risk_level', in: 'query', schema: { type: 'string', enum: ['all', 'Low Risk', 'Medium Risk', 'High Risk'] } },
            { name: 'date_from', in: 'query', schema: { type: 'string' }, description: 'YYYY-MM-DD or dd.MM.yyyy, inclusive' },
            { name: 'date_to', in: 'query', schema: { type: 'string' }, description: 'YYYY-MM-DD or dd.MM.yyyy, inclusive of the whole day' },
          ],
          responses: { 200: { description: 'History rows', content: { 'application/json': { schema: { type: 'array', items: historyRow } } } }, 400: problem('Invalid filter') },
        },
      },
      '/api/transactions/history/{id}': {
        get: {
          summary: "One of the caller's checks with its report",
          security: bearer,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: { 200: { description: 'The row with the report fields', content: { 'application/json': { schema: historyRow } } }, 404: problem('No such check of yours') },
        },
      },
      '/api/pdf/download_aml_report': {
        post: {
          summary: 'The AML report as a PDF (attachment AML_Report_<address>.pdf)',
          security: bearer,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', properties: { check_id: { type: 'string', format: 'uuid', description: 'Render this stored check with its evidence sources' }, wallet_address: { type: 'string' }, aml_report: { type: 'string' } } },
              },
            },
          },
          responses: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, 400: problem('Empty report or address'), 415: problem('Not JSON') },
        },
      },
      '/api/sanctions/status': {
        get: {
          summary: 'Whether an OFAC sanctions list is loaded, its version, and how the last sync went (signed-in users)',
          security: bearer,
          responses: { 200: { description: 'Sanctions list status', ...json(sanctionsStatusSchema) }, 401: problem('Not signed in') },
        },
      },
      '/api/admin/lists': {
        get: {
          summary: 'Custom block and allow lists in force, most recently uploaded first (admins only)',
          security: bearer,
          responses: { 200: { description: 'Lists', ...json(z.array(customListSummarySchema)) }, 401: problem('Not signed in'), 403: problem('Not an admin') },
        },
        post: {
          summary:
            'Upload a custom block or allow list (admins only): plain text (one address per line, # comments) or CSV (an address/wallet/wallet_address column, optional network/chain and note/reason columns), at most 5 MB and 100,000 addresses. A name already in force replaces that list (a new version). Lines that are not addresses are reported back; a file with no valid address records nothing.',
          security: bearer,
          parameters: [
            { name: 'name', in: 'query', schema: { type: 'string' }, description: 'With a text/csv or text/plain body: the list name (1-100 characters)' },
            { name: 'kind', in: 'query', schema: { type: 'string', enum: ['block', 'allow'] }, description: 'With a text/csv or text/plain body' },
            { name: 'format', in: 'query', schema: { type: 'string', enum: ['text', 'csv'] }, description: 'With a text body; detected when absent' },
          ],
          requestBody: {
            required: true,
            content: {
              ...json(customListUploadRequestSchema, 'input').content,
              'text/csv': { schema: { type: 'string' } },
              'text/plain': { schema: { type: 'string' } },
            },
          },
          responses: {
            201: { description: 'A new list', ...json(customListUploadResponseSchema) },
            200: { description: 'An existing list replaced (a new version)', ...json(customListUploadResponseSchema) },
            400: problem('Invalid fields, or no valid address in the file (the first bad lines as `line N` errors)'),
            401: problem('Not signed in'),
            403: problem('Not an admin'),
            409: problem('A list of that name is of the other kind'),
            413: problem('File too large'),
          },
        },
      },
      '/api/admin/lists/{id}': {
        delete: {
          summary: 'Remove a custom list (admins only); checks stop screening against it',
          security: bearer,
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
            { name: 'reason', in: 'query', schema: { type: 'string', maxLength: 500 }, description: 'Recorded with the removal' },
          ],
          responses: { 200: { description: 'Removed', ...json(customListRemoveResponseSchema) }, 401: problem('Not signed in'), 403: problem('Not an admin'), 404: problem('No such list') },
        },
      },
      '/api/health': { get: { summary: 'Liveness', responses: { 200: { description: 'The server is up' } } } },
    },
  };
}
