import type { Readable } from 'node:stream';
import { Router, type RequestHandler } from 'express';
import { sanctionsUploadQuerySchema, type SanctionsStatus, type SanctionsSyncResponse } from '@walletscreen/contracts';
import { currentUser, requireAdmin, requireUser, type Authenticator } from '../http/auth';
import { parseInput } from '../http/validation';
export type SanctionsStatusReader = (audience: 'admin' | 'user') => Promise<SanctionsStatus>;

/** An admin's OFAC file upload, for the upload service (main/sanctions-upload.ts). */
export interface SanctionsUploadInput {
  /** The request body: the file's bytes, not read yet. */
  body: Readable;
  /** The declared Content-Length, when there is one. */
  declaredBytes: number | null;
  fileName: string;
  allowOlder: boolean;
  uploadedBy: string;
}

export type SanctionsUploadOutcome = Omit<SanctionsSyncResponse, 'status'>;

/**
 * GET /api/sanctions/status, for signed-in users: whether an OFAC list is loaded (the Wallet
 * Checker warns when none is), its version, and how the last sync went. Where the list came from
 * and a failure's full reason are for admins only. The composition root supplies the reader.
 */
export function sanctionsRoutes(deps: { auth: Authenticator; status: SanctionsStatusReader }): Router {
  const router = Router();
  router.get('/sanctions/status', requireUser(deps.auth), async (_req, res) => {
    res.json(await deps.status(currentUser(res).role === 'admin' ? 'admin' : 'user'));
  });
  return router;
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
  sync: () => Promise<Omit<SanctionsSyncResponse, 'status'>>;
  upload: (input: SanctionsUploadInput) => Promise<SanctionsUploadOutcome>;
  status: SanctionsStatusReader;
}): Router {
  const router = Router();
  const admin = requireAdmin(deps.auth);
  router.post('/admin/sanctions/sync', admin, async (_req, res) => {
    const outcome = await deps.sync();
    const body: SanctionsSyncResponse = { ...outcome, status: await deps.status('admin') };
    res.json(body);
  });

  // Every answer closes the connection, so a refused upload's unread body is not read to the end.
  const closeAfter: RequestHandler = (_req, res, next) => {
    res.setHeader('Connection', 'close');
    next();
  };
  router.post(SANCTIONS_UPLOAD_PATH, closeAfter, admin, async (req, res) => {
    const query = parseInput(sanctionsUploadQuerySchema, req.query);
    const declared = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length']);
    const outcome = await deps.upload({
      body: req,
      declaredBytes: Number.isFinite(declared) ? declared : null,
      fileName: query.file_name,
      allowOlder: query.allow_older,
      uploadedBy: currentUser(res).email,
    });
    const body: SanctionsSyncResponse = { ...outcome, status: await deps.status('admin') };
    res.json(body);
  });
  return router;
}
