/**
 * An admin's OFAC file upload (behind the upload route of command-api/src/sanctions/routes.ts):
 * the request body (the file's bytes, up to `maxBytes`) is streamed to a temporary file, never
 * held in memory, then imported by the same recorded sync as the command line's `--file` (so the
 * attempt is in the sync log, "uploaded by <e-mail>: <file name>"), and the temporary file is
 * removed. A file that is no list, is damaged or empty, or is older than the list in force (unless
 * `allowOlder`) is refused with a business error and changes nothing.
 *
 * The route declares the port it calls (`SanctionsUploadInput` → `SanctionsUploadOutcome`); this
 * upload has the same shape without importing the API, and the composition root that hands one to
 * the other is where the compiler checks the fit.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { SanctionsSyncResponse } from '@walletscreen/contracts';
import type { EventStore, Logger } from '@walletscreen/platform';
import { Conflict, Invalid, PayloadTooLarge } from '@walletscreen/domain/errors';
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';
import { withForceHint } from './errors';
import type { SanctionsUploader } from '@walletscreen/domain/sanctions-sync-log/events';
import { recordSanctionsSync, runRecordedSanctionsSync } from './sync-log';

/** An uploaded file, as the route hands it over. */
export interface SanctionsUpload {
  /** The request body: the file's bytes, not read yet. */
  body: Readable;
  /** The declared Content-Length, when there is one. */
  declaredBytes: number | null;
  fileName: string;
  allowOlder: boolean;
  /** The admin who uploaded it: recorded with the attempt (the audit log names them). */
  uploadedBy: SanctionsUploader;
}

/** What came of it; the route adds the status after it. */
export type SanctionsUploadResult = Omit<SanctionsSyncResponse, 'status'>;

/** What the upload screen adds to a refusal that its option would override. */
export const allowOlderUploadHint = 'To load it anyway, tick "Replace the list in force even though this file is older" and upload it again.';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Streams `body` into `file`; stops reading, and answers 'too-large', past `maxBytes`. */
function save(body: Readable, file: string, maxBytes: number): Promise<'saved' | 'too-large'> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    let bytes = 0;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    const interrupted = () => settle(() => (out.destroy(), reject(new Invalid('The upload was interrupted before the whole file arrived; upload it again.'))));
    body.on('data', (chunk: Buffer) => {
      if (settled) return;
      bytes += chunk.length;
      if (bytes > maxBytes) {
        body.pause();
        settle(() => (out.destroy(), resolve('too-large')));
        return;
      }
      if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => body.resume());
      }
    });
    body.once('end', () => {
      if (!settled) out.end(() => settle(() => resolve('saved')));
    });
    body.once('error', interrupted);
    body.once('close', () => {
      if (!body.readableEnded) interrupted();
    });
    out.once('error', (error) => settle(() => reject(error)));
  });
}

export function createSanctionsUpload(deps: { eventStore: EventStore; clock: () => Date; logger: Logger; maxBytes: number }) {
  const { eventStore, clock, logger, maxBytes } = deps;
  const tooLarge = () =>
    new PayloadTooLarge(`The file is larger than ${megabytes(maxBytes)}, the most an upload may be; OFAC's SDN_ADVANCED.XML is well under that.`);

  return async function upload(input: SanctionsUpload): Promise<SanctionsUploadResult> {
    const origin = `uploaded by ${input.uploadedBy.email}: ${input.fileName}`;
    const uploadedBy = input.uploadedBy;
    const refusedTooLarge = async () => {
      const error = tooLarge();
      await recordSanctionsSync(eventStore, {
        type: 'RecordSanctionsSyncFailure',
        data: { origin, trigger: 'upload', uploadedBy, code: 'too-large', reason: error.message },
        metadata: { now: clock().toISOString() },
      }).catch((e: unknown) => logger.error({ err: e }, 'could not record the sanctions upload attempt'));
      return error;
    };
    if (input.declaredBytes !== null && input.declaredBytes > maxBytes) throw await refusedTooLarge();

    const dir = await mkdtemp(path.join(tmpdir(), 'walletscreen-upload-'));
    try {
      const file = path.join(dir, 'sdn-list');
      if ((await save(input.body, file, maxBytes)) === 'too-large') throw await refusedTooLarge();
      const result = await runRecordedSanctionsSync({
        eventStore,
        file,
        origin,
        name: input.fileName,
        allowOlder: input.allowOlder,
        clock,
        logger,
        trigger: 'upload',
        uploadedBy,
      });
      logger.info(
        { status: result.status, file: input.fileName, by: input.uploadedBy.email, addresses: result.addressCount, forced: result.forced },
        'OFAC sanctions list uploaded by an admin',
      );
      return { result: result.status, error: null, warnings: result.warnings };
    } catch (error) {
      if (!(error instanceof SanctionsListError)) throw error;
      logger.warn({ code: error.code, file: input.fileName, by: input.uploadedBy.email }, 'OFAC sanctions list upload refused: the list in force stays');
      switch (error.code) {
        case 'older-list':
        case 'undated-list':
          throw new Conflict((withForceHint(error, allowOlderUploadHint) as Error).message);
        case 'unknown-format':
        case 'malformed':
        case 'empty-list':
          throw new Invalid(error.message);
        case 'too-large':
          throw tooLarge();
        case 'file-missing':
        case 'download-failed':
          throw error;
        default: {
          const _exhaustive: never = error.code;
          throw error;
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
