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
import { statsSchema, walletDetailSchema, walletsPageSchema } from '@walletscreen/contracts';

import { adminActionResponseSchema, roleChangeRequestSchema, topUpRequestSchema } from '@walletscreen/contracts';
import { billingOpenApiPaths } from '../billing/openapi-paths';

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' });
const json = (s: z.ZodType, io: 'input' | 'output' = 'output') => ({ content: { 'application/json': { schema: schema(s, io) } } });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: schema(problemSchema, 'output') } } });
const bearer = [{ bearer: [] }];

/** The audit log, its export, balances as of a moment, the chain's verification, the OFAC sync on demand and the OFAC file upload (admins only). */
function auditPaths() {
  const admin = { 401: problem('Not signed in'), 403: problem('Not an admin') };
  const filters = [
    { name: 'type', in: 'query', schema: { type: 'string' }, description: 'Event type, e.g. UserRegistered' },
    { name: 'user', in: 'query', schema: { type: 'string' }, description: 'The affected user: e-mail (any case) or user id' },
    { name: 'admin', in: 'query', schema: { type: 'string' }, description: 'E-mail of the admin who acted' },
    { name: 'stream', in: 'query', schema: { type: 'string' }, description: 'Stream id, e.g. user-<id>' },
    { name: 'from', in: 'query', schema: { type: 'string', format: 'date' }, description: 'First day (UTC), included' },
    { name: 'to', in: 'query', schema: { type: 'string', format: 'date' }, description: 'Last day (UTC), included' },
  ];
  const entry = {
    type: 'object',
    properties: {
      position: { type: 'integer' },
      at: { type: 'string', format: 'date-time' },
      type: { type: 'string' },
      stream: { type: 'string' },
      user_id: { type: 'string', nullable: true },
      user_email: { type: 'string', nullable: true },
      admin_email: { type: 'string', nullable: true },
      data: { type: 'object', description: 'The event data; passwordHash, tokenHash and other secrets read [REDACTED]' },
      hash: { type: 'string', nullable: true, description: 'sha256(previous hash || canonical event), hex' },
    },
  };
  const balance = { bonus_checks: { type: 'integer' }, purchased_checks: { type: 'integer' }, remaining_checks: { type: 'integer' } };
  const userId = { name: 'userId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
  const obj = (properties: Record<string, unknown>) => ({ content: { 'application/json': { schema: { type: 'object', properties } } } });
  const syncResponse = obj({
    result: { type: 'string', enum: ['imported', 'unchanged', 'failed'] },
    error: { type: 'string', nullable: true },
    warnings: { type: 'array', items: { type: 'string' } },
    status: schema(sanctionsStatusSchema, 'output'),
  });
  return {
    '/api/admin/audit': {
      get: {
        summary: 'Every recorded event, newest first, filtered on the server (admins only)',
        security: bearer,
        parameters: [...filters, { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } }, { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } }],
        responses: { 200: { description: 'A page of the log', ...obj({ items: { type: 'array', items: entry }, total: { type: 'integer' }, limit: { type: 'integer' }, offset: { type: 'integer' } }) }, 400: problem('Invalid filter'), ...admin },
      },
    },
    '/api/admin/audit/types': {
      get: { summary: 'The event types recorded so far (admins only)', security: bearer, responses: { 200: { description: 'Types', ...obj({ types: { type: 'array', items: { type: 'string' } } }) }, ...admin } },
    },
    '/api/admin/audit/export': {
      get: {
        summary: 'The filtered events, oldest first, as JSON Lines (attachment walletscreen-audit-<time>.jsonl), streamed (admins only)',
        security: bearer,
        parameters: filters,
        responses: { 200: { description: 'One audit entry per line', content: { 'application/x-ndjson': { schema: { type: 'string' } } } }, 400: problem('Invalid filter'), ...admin },
      },
    },
    '/api/admin/audit/balance/{userId}': {
      get: {
        summary: "A customer's balance as of a moment, folded from their stream's events recorded up to it (admins only)",
        security: bearer,
        parameters: [userId, { name: 'at', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'Default: now' }],
        responses: { 200: { description: 'The balance then', ...obj({ user_id: { type: 'string' }, at: { type: 'string' }, position: { type: 'integer' }, registered: { type: 'boolean' }, ...balance }) }, 400: problem('Invalid moment'), 404: problem('No such customer'), ...admin },
      },
    },
    '/api/admin/audit/balance-history/{userId}': {
      get: {
        summary: 'Each balance-changing event of a customer with the balance after it (admins only)',
        security: bearer,
        parameters: [userId],
        responses: {
          200: { description: 'The changes, oldest first', ...obj({ user_id: { type: 'string' }, email: { type: 'string', nullable: true }, entries: { type: 'array', items: { type: 'object', properties: { position: { type: 'integer' }, at: { type: 'string' }, type: { type: 'string' }, delta: { type: 'integer' }, ...balance } } } }) },
          404: problem('No such customer'),
          ...admin,
        },
      },
    },
    '/api/admin/audit/verify': {
      get: {
        summary: "Walks the event store's hash chain: the count and head hash, or the first event altered, removed or inserted (admins only)",
        security: bearer,
        responses: {
          200: {
            description: 'The verification',
            ...obj({ ok: { type: 'boolean' }, count: { type: 'integer' }, head_position: { type: 'integer' }, head_hash: { type: 'string' }, problem: { type: 'object', nullable: true, properties: { kind: { type: 'string', enum: ['position-gap', 'broken-link', 'hash-mismatch', 'missing-hash', 'truncated'] }, position: { type: 'integer' }, stream: { type: 'string', nullable: true }, type: { type: 'string', nullable: true }, revision: { type: 'integer', nullable: true }, event_id: { type: 'string', nullable: true }, message: { type: 'string' } } }, checked_at: { type: 'string' } }),
          },
          ...admin,
        },
      },
    },
    '/api/admin/sanctions/sync': {
      post: {
        summary: 'Downloads and imports the OFAC SDN list now, from OFAC_SDN_URL (admins only); a failed download answers result "failed" and the list in force stays',
        security: bearer,
        responses: { 200: { description: 'The outcome and the status after it', ...syncResponse }, ...admin },
      },
    },
    '/api/admin/sanctions/upload': {
      post: {
        summary:
          'Loads an OFAC SDN file (SDN_ADVANCED.XML, SDN.XML or sdn.csv, told apart by its content) sent as the raw request body, up to 300 MB (admins only, checked before the body is read). Imported like `npm run sanctions:sync -- --file`, and recorded in the sync log as uploaded by the admin. A list published before the list in force, or an sdn.csv (which states no date) over a dated list, is refused unless allow_older=true.',
        security: bearer,
        parameters: [
          { name: 'file_name', in: 'query', required: true, schema: { type: 'string', maxLength: 255 }, description: 'The file\'s original name, for the sync log and messages' },
          { name: 'allow_older', in: 'query', schema: { type: 'string', enum: ['true', 'false'] }, description: 'Replace the list in force even though this file is older (or undated)' },
        ],
        requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
        responses: {
          200: { description: 'Imported, or unchanged (this file is the list in force), with the status after it', ...syncResponse },
          400: problem('Not an OFAC SDN list, cut short or damaged, without addresses, or no file_name; nothing changed'),
          409: problem('Older than the list in force, or undated over a dated list, and allow_older not set; nothing changed'),
          413: problem('Larger than 300 MB'),
          ...admin,
        },
      },
    },
  };
}
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
const adminHistoryRow = { ...historyRow, properties: { ...historyRow.properties, user_email: { type: 'string' } } };

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
      ...billingOpenApiPaths(json, problem, bearer),
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
      '/api/admin/topup/{id}': {
        post: {
          summary: "Credit a customer with checks (1 to 10,000, as bonus checks: spent first, never expire), recording the admin and the reason (admins only)",
          security: bearer,
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' }, description: 'The customer id' },
            { name: 'Idempotency-Key', in: 'header', schema: { type: 'string', minLength: 8, maxLength: 200 }, description: 'A retry with the same key is applied once' },
          ],
          requestBody: { required: true, ...json(topUpRequestSchema, 'input') },
          responses: {
            200: { description: 'The customer as they now are (`changed: false` for a retried key)', ...json(adminActionResponseSchema) },
            400: problem('Invalid amount or reason; nothing is stored'),
            401: problem('Not signed in'),
            403: problem('Not an admin'),
            404: problem('No such customer'),
            409: problem('The Idempotency-Key was used for another amount'),
          },
        },
      },
      ...Object.fromEntries(
        (
          [
            ['block-user', 'Block a customer: they cannot sign in, check or buy, and their open sessions stop at once. Admins and oneself cannot be blocked'],
            ['unblock-user', 'Give a blocked customer back the role they had'],
          ] as const
        ).map(([path, summary]) => [
          `/api/admin/${path}/{id}`,
          {
            post: {
              summary: `${summary} (admins only)`,
              security: bearer,
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' }, description: 'The customer id' }],
              requestBody: { required: false, ...json(roleChangeRequestSchema, 'input') },
              responses: {
                200: { description: 'The customer as they now are (`changed: false` when already so)', ...json(adminActionResponseSchema) },
                400: problem('Invalid reason'),
                401: problem('Not signed in'),
                403: problem('Not an admin'),
                404: problem('No such customer'),
                409: problem('The customer is an admin, or oneself: they cannot be blocked'),
              },
            },
          },
        ]),
      ),
      '/api/admin/transactions': {
        get: {
          summary: "Every user's completed checks with user_email, newest first, filtered by the server (admins only)",
          security: bearer,
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
            { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
            { name: 'address', in: 'query', schema: { type: 'string' }, description: 'Case-insensitive substring of the wallet address' },
            { name: 'risk_level', in: 'query', schema: { type: 'string', enum: ['all', 'Low Risk', 'Medium Risk', 'High Risk'] } },
            { name: 'date_from', in: 'query', schema: { type: 'string' }, description: 'YYYY-MM-DD or dd.MM.yyyy, inclusive' },
            { name: 'date_to', in: 'query', schema: { type: 'string' }, description: 'YYYY-MM-DD or dd.MM.yyyy, inclusive of the whole day' },
            { name: 'email', in: 'query', schema: { type: 'string' }, description: "Case-insensitive substring of the user's e-mail" },
          ],
          responses: {
            200: { description: 'History rows with user_email', content: { 'application/json': { schema: { type: 'array', items: adminHistoryRow } } } },
            400: problem('Invalid filter'),
            401: problem('Not signed in'),
            403: problem('Not an admin'),
          },
        },
      },
      '/api/admin/transactions/{id}': {
        get: {
          summary: "Any user's completed check with its report and user_email (admins only)",
          security: bearer,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: { 200: { description: 'The row with the report fields', content: { 'application/json': { schema: adminHistoryRow } } }, 401: problem('Not signed in'), 403: problem('Not an admin'), 404: problem('No such check') },
        },
      },
      '/api/admin/wallets': {
        get: {
          summary: 'Every screened address: how often and by how many customers it was checked, its latest score and level (admins only)',
          security: bearer,
          parameters: [
            { name: 'address', in: 'query', schema: { type: 'string' }, description: 'Case-insensitive address substring' },
            { name: 'risk_level', in: 'query', schema: { type: 'string', enum: ['Low Risk', 'Medium Risk', 'High Risk', 'All'] }, description: 'Latest risk level' },
            { name: 'sort', in: 'query', schema: { type: 'string', enum: ['checks', 'latest', 'score'], default: 'latest' }, description: 'Most checked, most recently checked, or highest latest score first' },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
            { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
          ],
          responses: { 200: { description: 'A page of wallets and how many match', ...json(walletsPageSchema) }, 400: problem('Invalid query'), 401: problem('Not signed in'), 403: problem('Not an admin') },
        },
      },
      '/api/admin/wallets/{network}/{address}': {
        get: {
          summary: 'One screened address and its checks, newest first, with the customer e-mail and report of each (admins only)',
          security: bearer,
          parameters: [
            { name: 'network', in: 'path', required: true, schema: { type: 'string', enum: [...networks] } },
            { name: 'address', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
            { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
          ],
          responses: {
            200: { description: 'The wallet, a page of its checks and how many there are', ...json(walletDetailSchema) },
            400: problem('Unknown network'),
            401: problem('Not signed in'),
            403: problem('Not an admin'),
            404: problem('Never checked'),
          },
        },
      },
      '/api/admin/stats': {
        get: {
          summary:
            'Financial stats (admins only): revenue, purchases, checks, refunds and active customers (who checked or bought) over a range, per day or month, the risk-level distribution of completed checks and the top customers by checks and by revenue. Days are UTC.',
          security: bearer,
          parameters: [
            { name: 'from', in: 'query', schema: { type: 'string', format: 'date' }, description: 'First day, YYYY-MM-DD (default: 30 days, or 12 months from the 1st, before to)' },
            { name: 'to', in: 'query', schema: { type: 'string', format: 'date' }, description: 'Last day, inclusive (default: today)' },
            { name: 'granularity', in: 'query', schema: { type: 'string', enum: ['day', 'month'], default: 'day' } },
          ],
          responses: { 200: { description: 'Stats', ...json(statsSchema) }, 400: problem('Invalid range'), 401: problem('Not signed in'), 403: problem('Not an admin') },
        },
      },
      '/api/addresses/parse': {
        post: {
          summary: 'Parse, validate and normalize a wallet address (Bitcoin, EVM, TRON, Solana, Litecoin, Dogecoin, Bitcoin Cash, XRP; an XRP X-address is normalized to its classic address, with its tag)',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', required: ['address'], properties: { address: { type: 'string' }, network: { type: 'string', enum: [...networks] } } } } },
          },
          responses: {
            200: {
              description: 'The chain, network and canonical form',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      chain: { type: 'string' },
                      network: { type: 'string' },
                      normalized: { type: 'string' },
                      kind: { type: 'string' },
                      x_address: { type: 'string', description: 'XRP X-addresses only: the X-address as given (normalized is its classic address)' },
                      tag: { type: 'integer', nullable: true, description: 'XRP X-addresses only: the destination tag it carries, or null' },
                    },
                  },
                },
              },
            },
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
      // Audit and replay (issue 4): the admin audit log over every recorded event, its export, balances as of a moment, the hash chain.
      ...auditPaths(),
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
