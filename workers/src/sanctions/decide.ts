/**
 * ImportSanctionsList: pure and synchronous; the time comes in on the command.
 * - an empty list is refused, so a broken download never wipes the list in force;
 * - the same file again (same SHA-256 as the latest import) decides nothing: "unchanged";
 * - anything else is recorded as the new list in force.
 */
import { SanctionsListError } from './errors';
import {
  ofacFormatNames,
  sanctionsListSource,
  type OfacFormat,
  type SanctionEntry,
  type SanctionsListEvent,
  type SanctionsListState,
} from './sanctions-list';

export type SanctionsListCommand = {
  type: 'ImportSanctionsList';
  data: { source: typeof sanctionsListSource; format: OfacFormat; publishedAt: string | null; sha256: string; entries: SanctionEntry[] };
  metadata: { now: string };
};

export function decideSanctionsList(command: SanctionsListCommand, state: SanctionsListState): SanctionsListEvent[] {
  switch (command.type) {
    case 'ImportSanctionsList': {
      const { data } = command;
      if (data.entries.length === 0) {
        throw new SanctionsListError(
          'empty-list',
          `the ${ofacFormatNames[data.format]} file lists no digital currency addresses; refusing to replace the list in force with an empty one`,
        );
      }
      if (state.status === 'loaded' && state.sha256 === data.sha256) return [];
      return [
        {
          type: 'SanctionsListImported',
          data: {
            source: data.source,
            format: data.format,
            publishedAt: data.publishedAt,
            sha256: data.sha256,
            importedAt: command.metadata.now,
            addressCount: data.entries.length,
            entries: data.entries,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command.type;
      return [];
    }
  }
}
