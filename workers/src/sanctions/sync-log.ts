/**
 * Every attempt to sync the OFAC list is recorded in the sync log (`sanctions-sync`, see
 * domain/src/sanctions-sync-log): `runRecordedSanctionsSync` runs a sync and records its outcome,
 * and `cachedSanctionsSyncLog` reads the log for the status.
 */
import { randomUUID } from 'node:crypto';
import type { SanctionsSyncTrigger } from '@walletscreen/contracts';
import type { EventStore } from '@walletscreen/platform';
import { AggregateRepository, CommandHandler } from '@walletscreen/domain/command-handler';
import { lastEventStreams } from '@walletscreen/domain/last-event-streams';
import { sanctionsSyncLogDecider, type SanctionsSyncLogCommand } from '@walletscreen/domain/sanctions-sync-log/decide';
import { sanctionsSyncStreamId, type SanctionsUploader } from '@walletscreen/domain/sanctions-sync-log/events';
import type { SanctionsSyncLogState } from '@walletscreen/domain/sanctions-sync-log/state';
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';
import { OFAC_SDN_ADVANCED_URL, runSanctionsSync, type SanctionsSyncOptions, type SanctionsSyncResult } from './sync';

/** The sync log's state, cached; each call reads only the attempts recorded since the last one. */
export function cachedSanctionsSyncLog(eventStore: EventStore): () => Promise<SanctionsSyncLogState> {
  const log = new AggregateRepository(eventStore, sanctionsSyncLogDecider);
  return async () => (await log.load(sanctionsSyncStreamId)).state;
}

/**
 * Records one attempt at the end of the log (retrying when another writer got there first). Its
 * decider records every attempt whatever the log holds, so only the log's revision is read, from
 * its last event.
 */
export async function recordSanctionsSync(eventStore: EventStore, command: SanctionsSyncLogCommand): Promise<void> {
  await new CommandHandler(lastEventStreams(eventStore), sanctionsSyncLogDecider).execute(sanctionsSyncStreamId, command, { commandId: randomUUID() });
}

/**
 * `runSanctionsSync`, with the attempt recorded in the sync log: its result, or why it failed
 * (the error is then rethrown). A failure to record is logged, and does not hide the sync's own
 * outcome.
 */
export async function runRecordedSanctionsSync(
  options: SanctionsSyncOptions & { trigger: SanctionsSyncTrigger; uploadedBy?: SanctionsUploader },
): Promise<SanctionsSyncResult> {
  const origin = options.origin ?? options.file ?? options.url ?? OFAC_SDN_ADVANCED_URL;
  const trigger = options.trigger;
  const uploadedBy = options.uploadedBy ? { uploadedBy: options.uploadedBy } : {};
  const record = async (command: SanctionsSyncLogCommand) => {
    try {
      await recordSanctionsSync(options.eventStore, command);
    } catch (error) {
      options.logger.error({ err: error }, 'could not record the sanctions sync attempt');
    }
  };
  let result: SanctionsSyncResult;
  try {
    result = await runSanctionsSync(options);
  } catch (error) {
    const code = error instanceof SanctionsListError ? error.code : 'error';
    const reason = error instanceof Error ? error.message : String(error);
    await record({
      type: 'RecordSanctionsSyncFailure',
      data: { origin, trigger, ...uploadedBy, code, reason },
      metadata: { now: options.clock().toISOString() },
    });
    throw error;
  }
  await record({
    type: 'RecordSanctionsSyncSuccess',
    data: {
      origin: result.origin,
      trigger,
      ...uploadedBy,
      status: result.status,
      sha256: result.sha256,
      publishedAt: result.publishedAt,
      addressCount: result.addressCount,
    },
    metadata: { now: options.clock().toISOString() },
  });
  return result;
}
