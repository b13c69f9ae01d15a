import express, { Router, type Request } from 'express';
import { z } from 'zod';
import { CUSTOM_LIST_LIMITS, customListFormats, customListMessages, customListUploadRequestSchema } from '@walletscreen/contracts';
import { currentUser, requireAdmin, type Authenticator } from '../http/auth';
import { parseInput } from '../http/validation';
import { NotFound } from '../shared/errors';
import type { CustomListsService } from './service';

/** JSON carries the file escaped; leave room for that above the file's own limit. */
const JSON_LIMIT = Math.ceil(CUSTOM_LIST_LIMITS.maxBytes * 1.25);

const listIdSchema = z.uuid();
const removeQuerySchema = z.object({ reason: z.string().trim().max(500, { error: 'The reason may have at most 500 characters' }).optional() });
const rawQuerySchema = z.object({
  name: z.unknown(),
  kind: z.unknown(),
  format: z.enum(customListFormats, { error: 'The format must be text or csv' }).optional(),
});

/** A raw text/csv or text/plain upload: the list's name, kind and format come in the query. */
function rawUpload(req: Request) {
  const query = parseInput(rawQuerySchema, req.query);
  const csv = /^text\/csv\b/i.test(req.headers['content-type'] ?? '');
  return parseInput(customListUploadRequestSchema, { name: query.name, kind: query.kind, format: query.format ?? (csv ? 'csv' : undefined), content: req.body });
}

/**
 * GET /api/admin/lists, POST /api/admin/lists (JSON `{ name, kind, content, format? }`, or the
 * file itself as text/csv or text/plain with `?name=&kind=`), DELETE /api/admin/lists/:id.
 * Admins only, checked on the server before the body is read. The app's JSON parser leaves these
 * paths alone, so the large-body parsers below run only for admins.
 */
export function listsRoutes(deps: { auth: Authenticator; lists: CustomListsService }): Router {
  const router = Router();
  const admin = requireAdmin(deps.auth);
  const json = express.json({ limit: JSON_LIMIT, strict: true });
  const text = express.text({ type: ['text/plain', 'text/csv'], limit: CUSTOM_LIST_LIMITS.maxBytes });

  router.get('/admin/lists', admin, async (_req, res) => {
    res.json(await deps.lists.list());
  });

  router.post('/admin/lists', admin, json, text, async (req, res) => {
    const input = typeof req.body === 'string' ? rawUpload(req) : parseInput(customListUploadRequestSchema, req.body);
    const user = currentUser(res);
    const result = await deps.lists.upload(input, { userId: user.userId, email: user.email });
    res.status(result.replaced ? 200 : 201).json(result);
  });

  router.delete('/admin/lists/:id', admin, async (req, res) => {
    const id = listIdSchema.safeParse(req.params.id);
    if (!id.success) throw new NotFound(customListMessages.notFound);
    const { reason } = parseInput(removeQuerySchema, req.query);
    const user = currentUser(res);
    res.json(await deps.lists.remove(id.data, { userId: user.userId, email: user.email }, reason || 'Removed by an administrator'));
  });

  return router;
}
