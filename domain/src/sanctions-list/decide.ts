/**
 * ImportSanctionsList: pure and synchronous; the time comes in on the command.
 * - an empty list is refused, so a broken download never wipes the list in force;
 * - the same file again (same SHA-256 as the latest import) decides nothing: "unchanged";
 * - a list published before the list in force is refused (`older-list`), and so is a list that
 *   states no publication date (sdn.csv) while the list in force states one (`undated-list`: it
 *   cannot be shown to be newer), unless the command says `allowOlder`; a forced import records
 *   what it replaced. Two undated lists cannot be compared: the later import wins, as does a dated
 *   list over an undated one;
 * - anything else is recorded as the new list in force. Each entry gets since when it has been
 *   listed (kept from the previous import, or this list's date for a new or returning listing);
 *   the previous import's entries absent from this list are delisted as of this list's date, and
 *   carried forward with the ones delisted before, except those listed again.
 */
import { formatDate } from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import { SanctionsListError } from './errors';
import {
  ofacFormatNames,
  sanctionsListEvents,
  type ForcedImport,
  type OfacFormat,
  type SanctionEntry,
  type SanctionsListEvent,
  type SanctionsListImportedData,
  type sanctionsListSource,
} from './events';
import { evolveSanctionsList, initialSanctionsListState, listDateOf, listingKey, type SanctionsListState } from './state';

export type SanctionsListCommand = {
  type: 'ImportSanctionsList';
  data: {
    source: typeof sanctionsListSource;
    format: OfacFormat;
    /** The list's publication date (YYYY-MM-DD) as the file states it; null when it states none. */
    publishedAt: string | null;
    /** SHA-256 (hex) of the file's bytes. */
    sha256: string;
    /** The parsed list's entries. */
    entries: SanctionEntry[];
    /** Replace the list in force even when this list cannot be shown to be newer (older, or undated). */
    allowOlder?: boolean;
  };
  metadata: CommandMetadata;
};

/** What an import records: the current shape of `SanctionsListImported`. */
export type SanctionsListDecision = { type: 'SanctionsListImported'; data: SanctionsListImportedData };

/** Whether this list may replace the list in force; what a forced replacement overrode. */
function checkNewer(data: SanctionsListCommand['data'], state: SanctionsListState): ForcedImport | undefined {
  if (state.status !== 'loaded' || state.publishedAt === null) return undefined;
  const name = ofacFormatNames[data.format];
  const replaced = { replacedPublishedAt: state.publishedAt, replacedSha256: state.sha256 };
  if (data.publishedAt === null) {
    if (data.allowOlder) return { reason: 'undated-list', ...replaced };
    throw new SanctionsListError(
      'undated-list',
      `${name} states no publication date, so it cannot be shown to be newer than the list in force (published ${formatDate(state.publishedAt)}); nothing was imported. SDN_ADVANCED.XML and SDN.XML state their date.`,
    );
  }
  if (data.publishedAt < state.publishedAt) {
    if (data.allowOlder) return { reason: 'older-list', ...replaced };
    throw new SanctionsListError(
      'older-list',
      `This ${name} was published ${formatDate(data.publishedAt)}, before the list in force (published ${formatDate(state.publishedAt)}); an older list does not replace a newer one, so nothing was imported.`,
    );
  }
  return undefined;
}

export function decideSanctionsList(command: SanctionsListCommand, state: SanctionsListState): SanctionsListDecision[] {
  switch (command.type) {
    case 'ImportSanctionsList': {
      const { data } = command;
      const now = command.metadata.now;
      if (data.entries.length === 0) {
        throw new SanctionsListError(
          'empty-list',
          `the ${ofacFormatNames[data.format]} file lists no digital currency addresses; refusing to replace the list in force with an empty one`,
        );
      }
      if (state.status === 'loaded' && state.sha256 === data.sha256) return [];
      const forced = checkNewer(data, state);

      const listDate = listDateOf({ publishedAt: data.publishedAt, importedAt: now });
      const previous = state.status === 'loaded' ? state.entries : [];
      const delistedBefore = state.status === 'loaded' ? state.delisted : [];
      const since = new Map<string, string>();
      for (const e of previous) if (!since.has(listingKey(e))) since.set(listingKey(e), e.listedSince);
      const listed = new Set(data.entries.map(listingKey));

      const entries = data.entries.map((e) => ({ ...e, listedSince: since.get(listingKey(e)) ?? listDate }));
      const delisted = [
        ...delistedBefore.filter((e) => !listed.has(listingKey(e))),
        ...previous.filter((e) => !listed.has(listingKey(e))).map((e) => ({ ...e, delistedAt: listDate })),
      ];
      return [
        {
          type: 'SanctionsListImported',
          data: {
            source: data.source,
            format: data.format,
            publishedAt: data.publishedAt,
            sha256: data.sha256,
            importedAt: now,
            addressCount: entries.length,
            entries,
            delisted,
            ...(forced ? { forced } : {}),
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export const sanctionsListDecider: Decider<SanctionsListState, SanctionsListCommand, SanctionsListEvent> = {
  initialState: initialSanctionsListState,
  evolve: evolveSanctionsList,
  decide: decideSanctionsList,
  types: sanctionsListEvents.typeSet,
};
