/**
 * The intelligence feeds' admin routes, beside the OFAC list's (routes.ts):
 * - GET /api/admin/feeds: every feed, enabled or not, with its licence, the version in force and
 *   the last sync (admins, and auditors: recorded);
 * - POST /api/admin/feeds/:id/sync: downloads the feed now from its URL and imports it (admins
 *   only). A failed download is an answer too (`result: failed`): the version in force stays. A
 *   feed that is turned off, shipped with the code, or only uploaded answers 409;
 * - POST /api/admin/feeds/custom-labels: the admin's own labels file (the shipped labels file's
 *   format) as the raw request body becomes the next version of the `custom-labels` feed (admins
 *   only, checked before the body is read). A file that is not a valid labels file answers 400
 *   with every problem named, one too large 413; neither changes anything.
 */
import express from 'express';
import { z } from 'zod';
import {
  CUSTOM_LABELS_UPLOAD_MAX_BYTES,
  customLabelsUploadQuerySchema,
  feedIdParamsSchema,
  feedsStatusResponseSchema,
  feedSyncResponseSchema,
  type FeedId,
  type FeedStatus,
  type FeedSyncResponse,
} from '@walletscreen/contracts';
import { currentUser, sessionAuth, type Authenticator } from '../http/auth';
import { auditReaderAnswers, route, routeGroup, type RouteGroup } from '../http/route';
import { Invalid } from '@walletscreen/domain/errors';

/** The path of the labels upload, whose body the app's JSON parser must leave alone. */
export const CUSTOM_LABELS_UPLOAD_PATH = '/admin/feeds/custom-labels';

/**
 * The port the routes call. The composition root plugs in the workers' feeds admin
 * (workers/src/feeds/admin.ts), which has this shape.
 */
export interface FeedsAdmin {
  status(): Promise<FeedStatus[]>;
  one(id: FeedId): Promise<FeedStatus>;
  /** Runs the feed's sync now; a failed download answers `failed` (business refusals throw). */
  sync(id: FeedId): Promise<Omit<FeedSyncResponse, 'feed'>>;
  upload(input: { content: string; fileName: string; uploadedBy: string }): Promise<Omit<FeedSyncResponse, 'feed'>>;
}

export function adminFeedsRoutes(deps: { auth: Authenticator; feeds: FeedsAdmin }): RouteGroup {
  const tags = ['Admin: sanctions lists'];
  const admins = { 401: { description: 'Not signed in' }, 403: { description: 'Not an admin' } };
  const text = express.text({ type: () => true, limit: CUSTOM_LABELS_UPLOAD_MAX_BYTES });
  return routeGroup(
    [
      route({
        method: 'get',
        path: '/admin/feeds',
        summary: 'The intelligence feeds: enabled or not, licence, the version in force and the last sync (admins and auditors)',
        tags,
        auth: 'audit',
        responses: { 200: { description: 'Every feed', schema: feedsStatusResponseSchema }, ...auditReaderAnswers },
        async handle(_input, _req, res) {
          res.json({ feeds: await deps.feeds.status() });
        },
      }),
      route({
        method: 'post',
        path: CUSTOM_LABELS_UPLOAD_PATH,
        summary: 'Upload your own labels file as the next version of the custom-labels feed (admins only)',
        description:
          `The file is the shipped labels file's format ({ "labels": [{ address, network, category, name, source, jurisdiction? }] }), sent as the raw request body, up to ${CUSTOM_LABELS_UPLOAD_MAX_BYTES / (1024 * 1024)} MB. ` +
          'Every entry must be valid; a file with a bad entry is refused with each problem named, and nothing changes. The same file again answers "unchanged".',
        tags,
        auth: 'admin',
        middleware: [text],
        request: {
          query: customLabelsUploadQuerySchema,
          body: z.string().meta({ format: 'binary', description: 'The labels file (JSON), of any content type' }),
          bodyContentType: 'application/octet-stream',
          rawBody: true,
          bodyLimit: CUSTOM_LABELS_UPLOAD_MAX_BYTES,
        },
        responses: {
          200: { description: 'Imported as the next version, or unchanged, with the feed after it', schema: feedSyncResponseSchema },
          400: { description: 'Not a valid labels file (every problem named), empty, or no file_name; nothing changed' },
          409: { description: 'The custom-labels feed is turned off on this server; nothing changed' },
          413: { description: `Larger than ${CUSTOM_LABELS_UPLOAD_MAX_BYTES / (1024 * 1024)} MB` },
          ...admins,
        },
        async handle({ query }, req, res) {
          const content: unknown = req.body;
          if (typeof content !== 'string' || content.trim() === '') throw new Invalid('The upload is empty: send the labels file itself as the request body.');
          const outcome = await deps.feeds.upload({ content, fileName: query.file_name, uploadedBy: currentUser(res).email });
          const body: FeedSyncResponse = { ...outcome, feed: await deps.feeds.one('custom-labels') };
          res.json(body);
        },
      }),
      route({
        method: 'post',
        path: '/admin/feeds/:id/sync',
        summary: 'Downloads and imports a feed now from its URL (admins only); a failed download answers result "failed" and the version in force stays',
        tags,
        auth: 'admin',
        request: { params: feedIdParamsSchema, paramsNotFound: 'There is no feed with this id.' },
        responses: {
          200: { description: 'The outcome and the feed after it', schema: feedSyncResponseSchema },
          404: { description: 'No such feed' },
          409: { description: 'The feed is turned off, shipped with WalletScreen, or only uploaded: nothing to download' },
          ...admins,
        },
        async handle({ params }, _req, res) {
          const outcome = await deps.feeds.sync(params.id);
          const body: FeedSyncResponse = { ...outcome, feed: await deps.feeds.one(params.id) };
          res.json(body);
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}
