import express, { type Request } from 'express';
import { z } from 'zod';
import {
  CUSTOM_LIST_LIMITS,
  customListFormats,
  customListKinds,
  customListMessages,
  customListRemoveResponseSchema,
  customListSummarySchema,
  customListUploadRequestSchema,
  customListUploadResponseSchema,
} from '@walletscreen/contracts';
import { currentUser, sessionAuth, type Authenticator } from '../http/auth';
import { auditReaderAnswers, route, routeGroup, type RouteGroup } from '../http/route';
import { parseInput } from '../http/validation';
import type { CustomListsService } from './service';

/** JSON carries the file escaped; leave room for that above the file's own limit. */
const JSON_LIMIT = Math.ceil(CUSTOM_LIST_LIMITS.maxBytes * 1.25);

const listIdSchema = z.object({ id: z.uuid() });
const removeQuerySchema = z.object({
  reason: z.string().trim().max(500, { error: 'The reason may have at most 500 characters' }).optional().meta({ description: 'Recorded with the removal' }),
});
const rawQuerySchema = z.object({
  name: z.unknown(),
  kind: z.unknown(),
  format: z.enum(customListFormats, { error: 'The format must be text or csv' }).optional(),
});
/**
 * The upload's query as documented. It is read only with a text body, by `rawUpload`, which checks
 * the name and kind with the body's own schema (and so its messages); a JSON body ignores it.
 */
const uploadQuerySchema = z.object({
  name: z
    .unknown()
    .optional()
    .meta({ description: `With a text/csv or text/plain body: the list's name (1-${CUSTOM_LIST_LIMITS.nameMax} characters)`, override: { type: 'string' } }),
  kind: z
    .unknown()
    .optional()
    .meta({ description: 'With a text/csv or text/plain body', override: { type: 'string', enum: [...customListKinds] } }),
  format: z
    .unknown()
    .optional()
    .meta({ description: 'With a text body; detected when absent', override: { type: 'string', enum: [...customListFormats] } }),
});

/** A raw text/csv or text/plain upload: the list's name, kind and format come in the query. */
function rawUpload(req: Request) {
  const query = parseInput(rawQuerySchema, req.query);
  const csv = /^text\/csv\b/i.test(req.headers['content-type'] ?? '');
  return parseInput(customListUploadRequestSchema, {
    name: query.name,
    kind: query.kind,
    format: query.format ?? (csv ? 'csv' : undefined),
    content: req.body,
  });
}

const tags = ['Admin: sanctions lists'];
const admins = { 401: { description: 'Not signed in' }, 403: { description: 'Not an admin' } };
const fileText = z.string().meta({ description: 'The file itself' });

/**
 * GET /api/admin/lists, POST /api/admin/lists (JSON `{ name, kind, content, format? }`, or the
 * file itself as text/csv or text/plain with `?name=&kind=`), DELETE /api/admin/lists/:id.
 * Admins only, checked on the server before the body is read. The upload reads its own body (the
 * app's JSON parser leaves it alone), so the large-body parsers below run only for admins.
 */
export function listsRoutes(deps: { auth: Authenticator; lists: CustomListsService }): RouteGroup {
  const json = express.json({ limit: JSON_LIMIT, strict: true });
  const text = express.text({ type: ['text/plain', 'text/csv'], limit: CUSTOM_LIST_LIMITS.maxBytes });

  return routeGroup(
    [
      route({
        method: 'get',
        path: '/admin/lists',
        summary: 'Custom block and allow lists in force, most recently uploaded first (admins and auditors)',
        tags,
        auth: 'audit',
        responses: { 200: { description: 'Lists', schema: z.array(customListSummarySchema) }, ...auditReaderAnswers },
        async handle(_input, _req, res) {
          res.json(await deps.lists.list());
        },
      }),
      route({
        method: 'post',
        path: '/admin/lists',
        summary: 'Upload a custom block or allow list (admins only)',
        description:
          `Plain text (one address per line, # comments) or CSV (an address/wallet/wallet_address column, optional network/chain and note/reason columns), at most ${CUSTOM_LIST_LIMITS.maxBytes / (1024 * 1024)} MB and ${CUSTOM_LIST_LIMITS.maxEntries.toLocaleString('en')} addresses. ` +
          'A name already in force replaces that list (a new version). Lines that are not addresses are reported back; a file with no valid address records nothing.',
        tags,
        auth: 'admin',
        middleware: [json, text],
        request: {
          query: uploadQuerySchema,
          body: customListUploadRequestSchema,
          alternativeBodies: { 'text/csv': fileText, 'text/plain': fileText },
          rawBody: true,
          bodyLimit: JSON_LIMIT,
        },
        responses: {
          201: {
            description: 'A new list',
            schema: customListUploadResponseSchema,
            links: { remove: { operationId: 'deleteAdminListsById', parameters: { id: '$response.body#/id' }, description: 'Removes the list' } },
          },
          200: { description: 'An existing list replaced (a new version)', schema: customListUploadResponseSchema },
          400: { description: 'Invalid fields, or no valid address in the file (the first bad lines as `line N` errors)' },
          409: { description: 'A list of that name is of the other kind' },
          413: { description: 'File too large' },
          ...admins,
        },
        async handle(_input, req, res) {
          const input = typeof req.body === 'string' ? rawUpload(req) : parseInput(customListUploadRequestSchema, req.body);
          const user = currentUser(res);
          const result = await deps.lists.upload(input, { userId: user.userId, email: user.email });
          res.status(result.replaced ? 200 : 201).json(result);
        },
      }),
      route({
        method: 'delete',
        path: '/admin/lists/:id',
        summary: 'Remove a custom list (admins only); checks stop screening against it',
        tags,
        auth: 'admin',
        request: { params: listIdSchema, paramsNotFound: customListMessages.notFound, query: removeQuerySchema },
        responses: {
          200: { description: 'Removed', schema: customListRemoveResponseSchema },
          400: { description: 'Reason too long' },
          404: { description: 'No such list' },
          ...admins,
        },
        async handle({ params, query }, _req, res) {
          const user = currentUser(res);
          res.json(await deps.lists.remove(params.id, { userId: user.userId, email: user.email }, query.reason || 'Removed by an administrator'));
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}
