/**
 * `runSanctionsSync`: reads OFAC's SDN list from a local file (given on the command line, or an
 * admin's upload saved to a temporary file) or downloads it (to a temporary file), detects its
 * format from its content, parses it while hashing its bytes, and records it in the
 * `sanctions-ofac` stream, unless it is the file already in force, or a list that cannot be shown
 * to be newer than the one in force and the caller did not say `allowOlder` (see the decider,
 * domain/src/sanctions-list/decide.ts).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventStore, Logger } from '@walletscreen/platform';
import { AggregateRepository } from '@walletscreen/domain/command-handler';
import { importedVersionEventId } from '@walletscreen/domain/ids';
import { lastEventStreams } from '@walletscreen/domain/last-event-streams';
import { sanctionsListDecider, type SanctionsListCommand } from '@walletscreen/domain/sanctions-list/decide';
import { ofacFormatNames, sanctionsListSource, sanctionsStreamId, type OfacFormat } from '@walletscreen/domain/sanctions-list/events';
import { initialSanctionsListState, listingKey, type SanctionsListState } from '@walletscreen/domain/sanctions-list/state';
import { downloadToFile } from '../shared/download';
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';
import { parseOfacChunks } from './ofac/parse';
import type { ParsedOfacList } from './ofac/parsed-list';
import { countListedAddresses, type ListedAddressCounts } from './sanctions-index.projection';

/** OFAC's Sanctions List Service export of the SDN list in the advanced format. */
export const OFAC_SDN_ADVANCED_URL = 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN_ADVANCED.XML';

export interface SanctionsSyncOptions {
  eventStore: EventStore;
  /** A local SDN_ADVANCED.XML, SDN.XML or sdn.csv; when absent, `url` is downloaded. */
  file?: string;
  /** Where to download the list from; default OFAC's SDN_ADVANCED.XML. */
  url?: string;
  /** Where the list came from, as recorded with the import and in the sync log; default the file path or URL ("uploaded by admin@… : SDN.XML" for an upload). */
  origin?: string;
  /** How messages about the file name it; default `origin` (an upload's original file name). */
  name?: string;
  /** Replace the list in force even when this one is older, or states no date while the one in force does. */
  allowOlder?: boolean;
  fetch?: typeof fetch;
  clock: () => Date;
  logger: Logger;
  /** Time limit for the whole download; default 10 minutes. */
  downloadTimeoutMs?: number;
}

export interface SanctionsSyncResult extends ListedAddressCounts {
  /** `unchanged`: this exact file (same SHA-256) is already the list in force. */
  status: 'imported' | 'unchanged';
  /** Where the list came from: the file path or URL, or an upload's "uploaded by …". */
  origin: string;
  format: OfacFormat;
  publishedAt: string | null;
  sha256: string;
  bytes: number;
  /** Listings (party and address) new since the list in force before, and listings that left it; null when unchanged. */
  changes: { listed: number; delisted: number } | null;
  /** True when it replaced a newer (or dated) list because `allowOlder` said so. */
  forced: boolean;
  warnings: string[];
}

async function readList(file: string, name: string): Promise<{ list: ParsedOfacList; sha256: string; bytes: number }> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new SanctionsListError('file-missing', error.code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file}: ${error.message}`, { cause: error });
  });
  if (!info.isFile()) throw new SanctionsListError('file-missing', `${file} is not a file`);
  const hash = createHash('sha256');
  let bytes = 0;
  async function* hashed() {
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
      yield chunk;
    }
  }
  try {
    const list = await parseOfacChunks(hashed());
    return { list, sha256: hash.digest('hex'), bytes };
  } catch (error) {
    if (error instanceof SanctionsListError) throw new SanctionsListError(error.code, `${name}: ${error.message}`, { cause: error });
    throw error;
  }
}

export async function runSanctionsSync(options: SanctionsSyncOptions): Promise<SanctionsSyncResult> {
  const { eventStore, clock, logger } = options;
  let tempDir: string | null = null;
  try {
    let file = options.file;
    const url = options.url ?? OFAC_SDN_ADVANCED_URL;
    const origin = options.origin ?? file ?? url;
    const name = options.name ?? origin;
    if (file === undefined) {
      tempDir = await mkdtemp(path.join(tmpdir(), 'walletscreen-ofac-'));
      file = path.join(tempDir, 'sdn-list');
      logger.info({ url }, 'downloading the OFAC SDN list');
      await downloadToFile(url, file, {
        fetch: options.fetch ?? fetch,
        timeoutMs: options.downloadTimeoutMs ?? 10 * 60_000,
        userAgent: 'WalletScreen sanctions sync',
        fail: (reason, cause) => new SanctionsListError('download-failed', reason, cause === undefined ? undefined : { cause }),
      });
    }
    const { list, sha256, bytes } = await readList(file, name);
    const base = {
      origin,
      format: list.format,
      publishedAt: list.publishedAt,
      sha256,
      bytes,
      ...countListedAddresses(list.entries),
      warnings: list.warnings,
    };
    if (list.entries.length === 0) {
      throw new SanctionsListError(
        'empty-list',
        `no digital currency addresses found in ${name} (${ofacFormatNames[list.format]}); refusing to replace the list in force with an empty one`,
      );
    }
    const command: SanctionsListCommand = {
      type: 'ImportSanctionsList',
      data: {
        source: sanctionsListSource,
        format: list.format,
        publishedAt: list.publishedAt,
        sha256,
        entries: list.entries,
        ...(options.allowOlder ? { allowOlder: true } : {}),
      },
      metadata: { now: clock().toISOString() },
    };
    // The list in force before the import (the state the last attempt decided over), to count what changed.
    const decided: { over: SanctionsListState } = { over: initialSanctionsListState };
    const { events } = await new AggregateRepository(lastEventStreams(eventStore), sanctionsListDecider).handle(
      sanctionsStreamId,
      (state) => {
        decided.over = state;
        return sanctionsListDecider.decide(command, state);
      },
      {
        commandId: sha256,
        eventId: (_event, _index, revision) => importedVersionEventId(sanctionsStreamId, revision, sha256),
        metadata: { origin },
        maxAttempts: 5,
      },
    );
    const imported = events[0];
    if (!imported) {
      logger.info({ sha256, publishedAt: list.publishedAt }, 'OFAC SDN list unchanged');
      return { status: 'unchanged', ...base, changes: null, forced: false };
    }
    const before = decided.over;
    const previous = new Set(before.status === 'loaded' ? before.entries.map(listingKey) : []);
    const after = new Set(imported.data.entries.map(listingKey));
    const changes = { listed: [...after].filter((k) => !previous.has(k)).length, delisted: [...previous].filter((k) => !after.has(k)).length };
    const forced = imported.data.forced !== undefined;
    logger.info({ format: list.format, publishedAt: list.publishedAt, addresses: list.entries.length, sha256, ...changes, forced }, 'OFAC SDN list imported');
    return { status: 'imported', ...base, changes, forced };
  } finally {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}
