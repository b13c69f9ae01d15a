/**
 * Batch screening, for the web app (`/api/batches`, signed in) and the public API
 * (`/api/v1/batches`, an API key): submit a CSV file (or JSON rows) after a dry run shows its cost,
 * follow the batch, read its rows, and download the results CSV and a ZIP of the PDF reports.
 */
import { pipeline, type Readable } from 'node:stream';
import { once } from 'node:events';
import express, { type Request, type Response } from 'express';
import { stringify } from 'csv-stringify';
import { ZipFile } from 'yazl';
import { z } from 'zod';
import {
  BATCH_LIMITS,
  batchDownloadName,
  batchListSchema,
  batchPreviewSchema,
  batchRowStatuses,
  batchRowsSchema,
  batchSchema,
  createBatchJsonSchema,
  type BatchRowResult,
} from '@walletscreen/contracts';
import type { Logger } from '@walletscreen/platform';
import { currentApiKey } from '../http/api-key-auth';
import { currentUser } from '../http/auth';
import { idempotencyKeyHeaders } from '../http/headers';
import { route, type AnyRoute, type RouteAuth } from '../http/route';
import { parseInput } from '../http/validation';
import { pdfFileName, type RenderCheckPdf } from '../shared/check-command';
import { mapPages, safeCell, sendCsv } from '../shared/history-export';
import { batchLinks, type Batches } from './service';
import { parseBatchCsv, parseBatchJson, type IsListedText } from './parse';

const idSchema = z.object({ id: z.uuid() });
const notFound = 'No such batch';
const submitQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'], { error: 'dry_run must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .meta({ description: 'Check the file and answer with its cost, recording and charging nothing' }),
  invalid_rows: z.enum(['refuse', 'skip'], { error: 'invalid_rows must be refuse or skip' }).default('refuse').meta({
    description:
      '`refuse` (the default): a file with a row that cannot be screened is refused, nothing recorded. `skip`: those rows are left out (listed with the batch, as written, with why) and the others screened.',
  }),
  file_name: z
    .string()
    .trim()
    .max(BATCH_LIMITS.fileNameMax, { error: `file_name may have at most ${BATCH_LIMITS.fileNameMax} characters` })
    .optional()
    .meta({ description: 'With a text/csv body: the file name shown with the batch' }),
});
const pageSchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
});
const rowsQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(500).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
  status: z.enum(batchRowStatuses, { error: `status must be one of: ${batchRowStatuses.join(', ')}` }).optional(),
});
const fileText = z.string().meta({
  description:
    'The CSV file itself: a header naming an address column (address, wallet or wallet_address) and optionally network and reference columns; or, without a header, address, network, reference',
});
const idempotencyHeaders = idempotencyKeyHeaders(
  '8 to 200 visible ASCII characters. Without one, the same file makes the same batch; a new key screens (and charges) the file again.',
);

export const resultColumns = [
  'line',
  'address',
  'network',
  'reference',
  'status',
  'risk_score',
  'risk_level',
  'aml_status',
  'sanctions_hits',
  'top_factors',
  'check_id',
  'error',
  'same_as_line',
] as const;
const resultRecord = (r: BatchRowResult) => [
  r.line,
  r.address,
  r.network,
  safeCell(r.reference ?? ''),
  r.status,
  r.risk_score ?? '',
  r.risk_level ?? '',
  r.aml_status ?? '',
  r.sanctions_hits.join('; '),
  r.top_factors.join('; '),
  r.check_id ?? '',
  safeCell(r.error ?? ''),
  r.same_as_line ?? '',
];

/** A download's name: the batch's file name (without its extension) or its id. */
export interface BatchRoutesOptions {
  prefix: '/batches' | '/v1/batches';
  submitAuth: RouteAuth;
  readAuth: RouteAuth;
  tags: string[];
  source: 'web' | 'api';
}

export function batchRoutes(
  deps: {
    batches: Batches;
    renderPdf: RenderCheckPdf;
    logger: Logger;
    clock: () => Date;
    /** The sanctions list's texts, as written, read before a file is checked: a listed text that is no address is screened as `other`. */
    listedTexts?: () => Promise<IsListedText>;
  },
  o: BatchRoutesOptions,
): AnyRoute[] {
  const links = batchLinks(`/api${o.prefix}`);
  const jsonLimit = Math.ceil(BATCH_LIMITS.maxBytes * 1.25);
  const json = express.json({ limit: jsonLimit, strict: true });
  const text = express.text({ type: ['text/csv', 'text/plain', 'application/csv'], limit: BATCH_LIMITS.maxBytes });
  const common: Record<number, { description: string }> =
    o.source === 'api'
      ? {
          401: { description: 'No API key, or not a valid one' },
          403: { description: 'The key lacks the scope, or the account is blocked' },
          429: { description: 'Rate limit reached; see Retry-After' },
        }
      : { 401: { description: 'Not signed in' }, 403: { description: 'The account is blocked' } };
  const apiKeyId = (res: Response) => (o.source === 'api' ? { apiKeyId: currentApiKey(res).keyId } : {});

  async function parsedBody(req: Request, fileName: string | undefined) {
    const isListed = deps.listedTexts ? await deps.listedTexts() : undefined;
    if (typeof req.body === 'string') return { parsed: parseBatchCsv(req.body, isListed), fileName: fileName ?? null };
    const body = parseInput(createBatchJsonSchema, req.body);
    return { parsed: parseBatchJson(body.rows, isListed), fileName: body.file_name ?? fileName ?? null };
  }

  return [
    route({
      method: 'post',
      path: o.prefix,
      summary: 'Screen a CSV file of wallets as a batch: one check per distinct wallet',
      description:
        `Up to ${BATCH_LIMITS.maxRows.toLocaleString('en-US')} rows: the file itself as text/csv, or JSON \`{ rows: [{ address, network?, reference? }] }\`. Every row is checked before anything is charged: ` +
        'a file with an invalid row is refused (400) with every bad line and its message in `lines`, and nothing is recorded, unless `invalid_rows=skip` asks for those rows to be left out (listed with the batch, status `skipped`, as written and with why) and the others screened. With `dry_run=true` the answer is the cost (one check per distinct wallet) against the checks left, the rows that cannot be screened, and the refund rule (a wallet whose check fails or comes back Incomplete is given its check back). ' +
        'Otherwise the batch is recorded (202, Location) and its wallets are screened a few at a time through the same check command as single screenings, each with its own Idempotency-Key: ' +
        'the same file sent again (or the same Idempotency-Key) answers 200 with the batch it made and charges nothing. A batch needs as many checks left as it has wallets (402 otherwise).',
      tags: o.tags,
      auth: o.submitAuth,
      middleware: [json, text],
      request: {
        query: submitQuerySchema,
        headers: idempotencyHeaders,
        body: createBatchJsonSchema,
        alternativeBodies: { 'text/csv': fileText },
        rawBody: true,
        bodyLimit: jsonLimit,
      },
      responses: {
        200: {
          description: 'The dry run (`dry_run: true`), or the batch this file or key already made (nothing charged)',
          schema: z.union([batchPreviewSchema, batchSchema]),
        },
        202: { description: 'The batch, recorded and running: follow its Location', schema: batchSchema, headers: { Location: 'The batch' } },
        400: { description: 'Invalid rows: `lines` lists each with its line number (`line_errors` counts them all). Nothing is recorded or charged.' },
        402: { description: 'Fewer checks left than the batch has wallets' },
        409: { description: 'This Idempotency-Key was used for another file' },
        413: { description: `File larger than ${BATCH_LIMITS.maxBytes / (1024 * 1024)} MB` },
        ...common,
      },
      async handle({ query, headers }, req, res) {
        const userId = currentUser(res).userId;
        const { parsed, fileName } = await parsedBody(req, query.file_name);
        const options = { fileName, invalidRows: query.invalid_rows, ...(headers['Idempotency-Key'] ? { idempotencyKey: headers['Idempotency-Key'] } : {}) };
        if (query.dry_run) {
          res.json(await deps.batches.preview(userId, parsed, options));
          return;
        }
        const { batchId, created } = await deps.batches.submit(userId, parsed, { ...options, source: o.source, ...apiKeyId(res) });
        const batch = await deps.batches.get(userId, batchId, links);
        if (created) res.status(202).setHeader('Location', batch.links.self);
        res.json(batch);
      },
    }),
    route({
      method: 'get',
      path: o.prefix,
      summary: 'Your batches, newest first',
      tags: o.tags,
      auth: o.readAuth,
      request: { query: pageSchema },
      responses: { 200: { description: 'A page of batches', schema: batchListSchema }, 400: { description: 'Invalid page' }, ...common },
      async handle({ query }, _req, res) {
        res.json({ items: await deps.batches.list(currentUser(res).userId, query, links), limit: query.limit, offset: query.offset });
      },
    }),
    route({
      method: 'get',
      path: `${o.prefix}/:id`,
      summary: "A batch: its status and its wallets' progress",
      tags: o.tags,
      auth: o.readAuth,
      request: { params: idSchema, paramsNotFound: notFound },
      responses: { 200: { description: 'The batch', schema: batchSchema }, 404: { description: 'No such batch (or not yours)' }, ...common },
      async handle({ params }, _req, res) {
        res.json(await deps.batches.get(currentUser(res).userId, params.id, links));
      },
    }),
    route({
      method: 'get',
      path: `${o.prefix}/:id/rows`,
      summary: "A batch's rows in file order, each with its result",
      description:
        "A row whose wallet appeared earlier in the file shares that row's check (`same_as_line`). `pending`: not screened yet; `skipped`: not screened, with the reason in `error`.",
      tags: o.tags,
      auth: o.readAuth,
      request: { params: idSchema, paramsNotFound: notFound, query: rowsQuerySchema },
      responses: {
        200: { description: 'A page of rows', schema: batchRowsSchema },
        400: { description: 'Invalid page or status' },
        404: { description: 'No such batch (or not yours)' },
        ...common,
      },
      async handle({ params, query }, _req, res) {
        const page = await deps.batches.rows(currentUser(res).userId, params.id, query);
        res.json({ ...page, limit: query.limit, offset: query.offset });
      },
    }),
    route({
      method: 'get',
      path: `${o.prefix}/:id/results.csv`,
      summary: "A batch's results as CSV: one line per row of the file",
      description: `Columns: ${resultColumns.join(', ')}. Sanctions hits and the top three risk factors are separated by "; ".`,
      tags: o.tags,
      auth: o.readAuth,
      request: { params: idSchema, paramsNotFound: notFound },
      responses: { 200: { description: 'The results', contentType: 'text/csv' }, 404: { description: 'No such batch (or not yours)' }, ...common },
      async handle({ params }, _req, res) {
        const userId = currentUser(res).userId;
        const state = await deps.batches.own(userId, params.id);
        await sendCsv(
          res,
          batchDownloadName(state.submitted.fileName, params.id, '-results.csv'),
          resultColumns,
          mapPages(deps.batches.results(userId, params.id), (rows) => rows.map(resultRecord)),
          deps.logger,
        );
      },
    }),
    route({
      method: 'get',
      path: `${o.prefix}/:id/reports.zip`,
      summary: "A ZIP of the PDF reports of a batch's completed checks, with the results CSV",
      tags: o.tags,
      auth: o.readAuth,
      request: { params: idSchema, paramsNotFound: notFound },
      responses: { 200: { description: 'The ZIP', contentType: 'application/zip' }, 404: { description: 'No such batch (or not yours)' }, ...common },
      async handle({ params }, _req, res) {
        const userId = currentUser(res).userId;
        const state = await deps.batches.own(userId, params.id);
        res.setHeader('Content-Type', 'application/zip');
        res.setHeader('Content-Disposition', `attachment; filename="${batchDownloadName(state.submitted.fileName, params.id, '-reports.zip')}"`);
        const zip = new ZipFile();
        const done = new Promise<void>((resolve, reject) => pipeline(zip.outputStream, res, (error) => (error ? reject(error) : resolve())));
        let aborted = false;
        res.once('close', () => (aborted = !res.writableFinished));
        try {
          const csv = stringify({ header: true, columns: [...resultColumns] });
          zip.addReadStream(csv, 'results.csv', { mtime: deps.clock() });
          for await (const chunk of deps.batches.results(userId, params.id)) for (const r of chunk) csv.write(resultRecord(r));
          csv.end();
          for await (const { row, checkId } of deps.batches.completedChecks(userId, params.id)) {
            if (aborted) break;
            const { pdf } = await deps.renderPdf(userId, checkId);
            zip.addBuffer(pdf, `${String(row.line).padStart(5, '0')}-${pdfFileName(row.address)}`, { mtime: deps.clock(), compress: false });
            // Renders no faster than the client downloads.
            if (res.writableLength > 8 * 1024 * 1024) await once(res, 'drain');
          }
          zip.end();
        } catch (error) {
          (zip.outputStream as Readable).destroy(error as Error);
        }
        await done.catch((error: unknown) => deps.logger.warn({ err: error, batchId: params.id }, 'reports ZIP download ended early'));
      },
    }),
  ];
}
