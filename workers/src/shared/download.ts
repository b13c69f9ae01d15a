/**
 * Downloading a list or feed file to disk, as the OFAC sync and the feed syncs do: streamed (a
 * list can be tens of megabytes), within a time limit, with a plain reason when it fails.
 */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

import type { CommandIO, Logger } from '@walletscreen/platform';

/** What a sync command (sanctions:sync, feeds:sync) is given: its IO, and the fetch, clock and logger it downloads with (tests pass their own). */
export interface SyncCommandIO extends CommandIO {
  fetch?: typeof fetch;
  clock?: () => Date;
  logger?: Logger;
}

type ErrorLike = { message?: unknown; code?: unknown; name?: unknown; cause?: unknown };

/** What went wrong, from fetch's "fetch failed" down to its cause ("connect ECONNREFUSED …", "ENOTFOUND", a timeout). */
export function reasonOf(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as ErrorLike;
  if (e.name === 'TimeoutError') return 'it did not finish in time';
  if (e.cause !== undefined && e.cause !== null) return reasonOf(e.cause);
  const text = [e.message, e.code, e.name].find((x) => typeof x === 'string' && x !== '');
  return typeof text === 'string' ? text : String(error);
}

export interface DownloadOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  /** Sent as the User-Agent ("WalletScreen sanctions sync"). */
  userAgent: string;
  /** The error to throw, with the sentence saying what failed ("download of … failed: HTTP 503"). */
  fail: (reason: string, cause?: unknown) => Error;
}

/** Streams `url` into the file `to`; throws `options.fail(…)` on a network error, a non-2xx answer or a broken transfer. */
export async function downloadToFile(url: string, to: string, options: DownloadOptions): Promise<void> {
  let response: Response;
  try {
    response = await options.fetch(url, { headers: { accept: '*/*', 'user-agent': options.userAgent }, signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    throw options.fail(`download of ${url} failed: ${reasonOf(error)}`, error);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw options.fail(`download of ${url} failed: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  try {
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), createWriteStream(to));
  } catch (error) {
    throw options.fail(`download of ${url} broke off: ${reasonOf(error)}`, error);
  }
}
