/**
 * The intelligence feeds' admin side: the status reader, "Sync now" (one sync at a time per feed:
 * an admin pressing twice waits for the one running) and the labels upload, each through the
 * recorded sync, so every attempt is in the feeds' sync log. Refusals become business errors in
 * words an admin acts on; the exact setting to change goes to the server log.
 *
 * It has the shape of the `FeedsAdmin` port the feeds' admin routes declare
 * (command-api/src/sanctions/feeds-routes.ts) without importing the API; the composition root
 * plugs it in, and the compiler checks the fit there.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { feedFailureWords, type FeedId, type FeedSyncResponse } from '@walletscreen/contracts';
import type { EventStore, Logger, ReadStore } from '@walletscreen/platform';
import { Conflict, Invalid } from '@walletscreen/domain/errors';
import { FeedError } from '@walletscreen/domain/feed/errors';
import type { ChainDataConfig } from '../chain-data/types';
import { createFeedsStatus } from './status';
import { runRecordedFeedSync } from './sync-log';

/** What came of a sync or an upload; the route adds the feed after it. */
export type FeedSyncOutcome = Omit<FeedSyncResponse, 'feed'>;

/** A refusal that no retry fixes, as the business error the route answers with. */
function refusal(error: FeedError, feedId: FeedId, logger: Logger): Error | null {
  switch (error.code) {
    case 'disabled':
      logger.warn({ feedId, fix: `add ${feedId} to FEEDS_ENABLED and restart` }, 'a turned-off feed was asked for');
      return new Conflict('This feed is turned off on this server, so nothing was downloaded or imported. The operator of this server can turn it on.');
    case 'not-downloadable':
      return new Conflict(
        feedId === 'custom-labels'
          ? 'Your own labels have no download: upload a labels file instead.'
          : 'This feed is shipped with WalletScreen: it changes with the software, there is nothing to download.',
      );
    case 'invalid-file':
    case 'empty-feed':
      return new Invalid(error.message);
    case 'file-missing':
    case 'download-failed':
    case 'too-large':
      return null;
    default: {
      const _exhaustive: never = error.code;
      return null;
    }
  }
}

/** How long "Sync now" and an upload wait for the labels of the version they imported to be in force. */
const IMPORT_IN_FORCE_WAIT_MS = 60_000;

export function createFeedsAdmin(deps: {
  eventStore: EventStore;
  /** The labels read model: the version in force is the one checks read. */
  readStore: ReadStore;
  /** Waits until the read models have folded the event at this position (the labels of a version just imported). */
  readModelsAt: (position: number, timeoutMs: number) => Promise<void>;
  enabled: readonly FeedId[];
  /** Mirrors to download feeds from instead of their own addresses (FEED_URLS). */
  urls?: Partial<Record<FeedId, string>>;
  /** The blockchain data sources feeds built from the chain read (ETHERSCAN_API_KEY, TRONGRID_API_KEY, …). */
  chainData?: ChainDataConfig;
  /** Where collected files are kept for the next sync to go on from (feedsCacheDir). */
  cacheDir?: string;
  clock: () => Date;
  logger: Logger;
  fetch?: typeof fetch;
}) {
  const { eventStore, enabled, clock, logger } = deps;
  const status = createFeedsStatus({ eventStore, readStore: deps.readStore, enabled });

  /**
   * An import answers once its labels are in force (a feed of half a million labels takes seconds
   * to write): the screen then shows the version checks read. Past the time limit it answers
   * anyway, and the screen shows the version in force until then.
   */
  async function inForce(result: { status: 'imported' | 'unchanged' }): Promise<void> {
    if (result.status !== 'imported') return;
    const head = await eventStore.headPosition();
    await deps
      .readModelsAt(head, IMPORT_IN_FORCE_WAIT_MS)
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'the labels of the version just imported are still being written: the Feeds page shows the version before until they are'),
      );
  }
  const running = new Map<FeedId, Promise<FeedSyncOutcome>>();

  async function syncNow(feedId: FeedId): Promise<FeedSyncOutcome> {
    try {
      const result = await runRecordedFeedSync({
        eventStore,
        feedId,
        enabled,
        url: deps.urls?.[feedId],
        fetch: deps.fetch,
        ...(deps.chainData ? { chainData: deps.chainData } : {}),
        ...(deps.cacheDir ? { cacheDir: deps.cacheDir } : {}),
        clock,
        logger,
        trigger: 'admin-sync',
      });
      logger.info(
        { feedId, status: result.status, version: result.version, entries: result.entryCount, skipped: result.skipped.count },
        'feed synced on an admin request',
      );
      await inForce(result);
      return { result: result.status, error: null };
    } catch (error) {
      if (error instanceof FeedError) {
        const refused = refusal(error, feedId, logger);
        if (refused) throw refused;
      }
      const reason = error instanceof Error ? error.message : String(error);
      logger.warn({ feedId, reason }, 'feed sync asked by an admin failed: the version in force stays');
      return { result: 'failed', error: error instanceof FeedError ? `${feedFailureWords(error.code)}: ${reason}` : reason };
    }
  }

  return {
    status: () => status.all(),
    one: (id: FeedId) => status.one(id),
    /** Runs the feed's sync now; a failed download answers `failed` (business refusals throw). */
    sync(feedId: FeedId): Promise<FeedSyncOutcome> {
      let run = running.get(feedId);
      if (!run) {
        run = syncNow(feedId).finally(() => running.delete(feedId));
        running.set(feedId, run);
      }
      return run;
    },
    /** The admin's own labels file as the next version of the `custom-labels` feed. */
    async upload({ content, fileName, uploadedBy }: { content: string; fileName: string; uploadedBy: string }): Promise<FeedSyncOutcome> {
      const dir = await mkdtemp(path.join(tmpdir(), 'walletscreen-labels-'));
      try {
        const file = path.join(dir, 'labels.json');
        await writeFile(file, content, 'utf8');
        const origin = `uploaded by ${uploadedBy}: ${fileName}`;
        const result = await runRecordedFeedSync({
          eventStore,
          feedId: 'custom-labels',
          enabled,
          file,
          origin,
          name: fileName,
          clock,
          logger,
          trigger: 'upload',
        });
        logger.info({ status: result.status, version: result.version, entries: result.entryCount, by: uploadedBy }, 'custom labels uploaded by an admin');
        await inForce(result);
        return { result: result.status, error: null };
      } catch (error) {
        if (error instanceof FeedError) {
          logger.warn({ code: error.code, file: fileName, by: uploadedBy }, 'custom labels upload refused: the version in force stays');
          throw refusal(error, 'custom-labels', logger) ?? new Invalid(error.message);
        }
        throw error;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
