import type { Readable } from 'node:stream';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import {
  SANCTIONS_UPLOAD_MAX_BYTES,
  sanctionsStatusSchema,
  sanctionsSyncResponseSchema,
  sanctionsUploadQuerySchema,
  type SanctionsStatus,
  type SanctionsSyncResponse,
} from '@walletscreen/contracts';
import { currentUser, sessionAuth, type Authenticator } from '../http/auth';
import { route, routeGroup, type RouteGroup } from '../http/route';
export type SanctionsStatusReader = (audience: 'admin' | 'user') => Promise<SanctionsStatus>;

/**
 * An admin's OFAC file upload, as the route hands it to its `upload` port. The composition root
 * plugs in the workers' upload (workers/src/sanctions/upload.ts), which takes this shape.
 */
export interface SanctionsUploadInput {
  /** The request body: the file's bytes, not read yet. */
  body: Readable;
  /** The declared Content-Length, when there is one. */
  declaredBytes: number | null;
  fileName: string;
  allowOlder: boolean;
  /** The admin who uploaded it: recorded with the attempt. */
  uploadedBy: { userId: string; email: string };
}

export type SanctionsUploadOutcome = Omit<SanctionsSyncResponse, 'status'>;

/** The ports the admin's routes call: the OFAC sync now, and the upload. */
export type SanctionsSyncNow = () => Promise<Omit<SanctionsSyncResponse, 'status'>>;
export type SanctionsUpload = (input: SanctionsUploadInput) => Promise<SanctionsUploadOutcome>;

/**
 * GET /api/sanctions/status, for signed-in users: whether an OFAC list is loaded (the Wallet
 * Checker warns when none is), its version, and how the last sync went. Where the list came from
 * and a failure's full reason are for admins only. The composition root supplies the reader.
 */
export function sanctionsRoutes(deps: { auth: Authenticator; status: SanctionsStatusReader }): RouteGroup {
  return routeGroup(
    [
      route({
        method: 'get',
        path: '/sanctions/status',
        summary: 'Whether an OFAC sanctions list is loaded, its version, and how the last sync went (signed-in users)',
        description: "Where the list came from and a failure's full reason are for admins only (null for others).",
        tags: ['Sanctions'],
        auth: 'session',
        responses: {
          200: { description: 'Sanctions list status', schema: sanctionsStatusSchema },
          401: { description: 'Not signed in' },
          403: { description: 'Blocked' },
        },
        async handle(_input, _req, res) {
          res.json(await deps.status(currentUser(res).role === 'admin' ? 'admin' : 'user'));
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}

/** The path of the upload, whose body the app's JSON parser must leave alone. */
export const SANCTIONS_UPLOAD_PATH = '/admin/sanctions/upload';

/**
 * Admins only, checked on the server:
 * - POST /api/admin/sanctions/sync runs the OFAC sync now (the one the daily refresh runs, recorded
 *   in the sync log) and answers with its result and the status after it. A failed download is an
 *   answer too (`result: failed`), not an error: the list in force stays.
 * - POST /api/admin/sanctions/upload?file_name=SDN.XML[&allow_older=true] takes an OFAC file
 *   (SDN_ADVANCED.XML, SDN.XML or sdn.csv) as the raw request body, of any content type, and
 *   imports it like `npm run sanctions:sync -- --file`. The admin check runs before the body is
 *   read; the body is streamed to a temporary file by the upload service, never parsed as JSON.
 *   A file that is no list, is damaged or empty answers 400, one older than the list in force
 *   409 (unless allow_older), one too large 413; none of them changes the list in force.
 */
export function adminSanctionsRoutes(deps: {
  auth: Authenticator;
  sync: SanctionsSyncNow;
  upload: SanctionsUpload;
  status: SanctionsStatusReader;
}): RouteGroup {
  const tags = ['Admin: sanctions lists'];
  const admins = { 401: { description: 'Not signed in' }, 403: { description: 'Not an admin' } };
  // Every answer closes the connection, so a refused upload's unread body is not read to the end.
  const closeAfter: RequestHandler = (_req, res, next) => {
    res.setHeader('Connection', 'close');
    next();
  };
  return routeGroup(
    [
      route({
        method: 'post',
        path: '/admin/sanctions/sync',
        summary:
          'Downloads and imports the OFAC SDN list now, from OFAC_SDN_URL (admins only); a failed download answers result "failed" and the list in force stays',
        tags,
        auth: 'admin',
        responses: { 200: { description: 'The outcome and the status after it', schema: sanctionsSyncResponseSchema }, ...admins },
        async handle(_input, _req, res) {
          const outcome = await deps.sync();
          const body: SanctionsSyncResponse = { ...outcome, status: await deps.status('admin') };
          res.json(body);
        },
      }),
      route({
        method: 'post',
        path: SANCTIONS_UPLOAD_PATH,
        summary: 'Load an OFAC SDN file (SDN_ADVANCED.XML, SDN.XML or sdn.csv) sent as the raw request body (admins only)',
        description:
          `The file is told apart by its content, up to ${SANCTIONS_UPLOAD_MAX_BYTES / (1024 * 1024)} MB; the admin check runs before the body is read. ` +
          'Imported like `npm run sanctions:sync -- --file`, and recorded in the sync log as uploaded by the admin. A list published before the list in force, or an sdn.csv (which states no date) over a dated list, is refused unless allow_older=true.',
        tags,
        auth: 'admin',
        before: [closeAfter],
        request: {
          query: sanctionsUploadQuerySchema,
          body: z.string().meta({ format: 'binary', description: 'The OFAC file, of any content type' }),
          bodyContentType: 'application/octet-stream',
          rawBody: true,
          bodyLimit: SANCTIONS_UPLOAD_MAX_BYTES,
        },
        responses: {
          200: { description: 'Imported, or unchanged (this file is the list in force), with the status after it', schema: sanctionsSyncResponseSchema },
          400: { description: 'Not an OFAC SDN list, cut short or damaged, without addresses, or no file_name; nothing changed' },
          409: { description: 'Older than the list in force, or undated over a dated list, and allow_older not set; nothing changed' },
          413: { description: `Larger than ${SANCTIONS_UPLOAD_MAX_BYTES / (1024 * 1024)} MB` },
          ...admins,
        },
        async handle({ query }, req, res) {
          const declared = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length']);
          const outcome = await deps.upload({
            body: req,
            declaredBytes: Number.isFinite(declared) ? declared : null,
            fileName: query.file_name,
            allowOlder: query.allow_older,
            uploadedBy: { userId: currentUser(res).userId, email: currentUser(res).email },
          });
          const body: SanctionsSyncResponse = { ...outcome, status: await deps.status('admin') };
          res.json(body);
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}
