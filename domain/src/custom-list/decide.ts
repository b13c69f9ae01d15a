/**
 * Custom-list commands decided over one list's state. Pure: the list id, the parsed file, its
 * hash and the time come in on the command.
 * - an upload with no valid address is refused (400) and records nothing;
 * - uploading to an existing list replaces its entries (a new version), but not with the other kind;
 * - a removed list stays removed: a new upload under that name starts a new list.
 */
import {
  CUSTOM_LIST_LIMITS,
  customListMessages,
  type CustomListEntry,
  type CustomListFormat,
  type CustomListKind,
  type RejectedLine,
} from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import { Conflict, Invalid, NotFound } from '../errors';
import { customListEvents, type CustomListActor, type CustomListEvent } from './events';
import { evolveCustomList, initialCustomListState, type CustomListState } from './state';

export type CustomListCommand =
  | {
      type: 'UploadCustomList';
      data: {
        listId: string;
        name: string;
        kind: CustomListKind;
        format: CustomListFormat;
        /** SHA-256 (hex) of the uploaded content. */
        sha256: string;
        entries: CustomListEntry[];
        /** Every rejected line; the event keeps the first `CUSTOM_LIST_LIMITS.rejectedKept`. */
        rejected: RejectedLine[];
        duplicates: number;
        by: CustomListActor;
      };
      metadata: CommandMetadata;
    }
  | { type: 'RemoveCustomList'; data: { by: CustomListActor; reason: string }; metadata: CommandMetadata };

/** Up to this many rejected lines go into the 400's per-field messages (`line 7`: reason). */
const REJECTED_IN_ERROR = 20;

export function decideCustomList(command: CustomListCommand, state: CustomListState): CustomListEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'UploadCustomList': {
      const d = command.data;
      if (d.entries.length === 0) {
        const fields: Record<string, string> = { content: customListMessages.noValidAddress };
        for (const r of d.rejected.slice(0, REJECTED_IN_ERROR)) fields[`line ${r.line}`] = r.reason;
        throw new Invalid(customListMessages.noValidAddress, fields);
      }
      if (state.status === 'removed') throw new Conflict('This list was removed: upload it as a new list');
      if (state.status === 'active' && state.kind !== d.kind) {
        throw new Conflict(`A list named "${state.name}" is already a ${state.kind} list: remove it first or choose another name`, {
          kind: `"${state.name}" is a ${state.kind} list`,
        });
      }
      return [
        {
          type: 'CustomListUploaded',
          data: {
            listId: d.listId,
            name: d.name,
            kind: d.kind,
            format: d.format,
            sha256: d.sha256,
            entryCount: d.entries.length,
            entries: d.entries,
            rejectedCount: d.rejected.length,
            rejected: d.rejected.slice(0, CUSTOM_LIST_LIMITS.rejectedKept),
            duplicates: d.duplicates,
            uploadedBy: d.by,
            at,
          },
        },
      ];
    }
    case 'RemoveCustomList': {
      if (state.status !== 'active') throw new NotFound(customListMessages.notFound);
      return [{ type: 'CustomListRemoved', data: { listId: state.listId, name: state.name, removedBy: command.data.by, reason: command.data.reason, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const customListDecider: Decider<CustomListState, CustomListCommand, CustomListEvent> = {
  initialState: initialCustomListState,
  evolve: evolveCustomList,
  decide: decideCustomList,
  types: customListEvents.typeSet,
};
