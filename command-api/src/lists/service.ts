/**
 * Custom block and allow lists: upload (parse, normalize, record), list and remove. Uploads and
 * removals run one at a time in this process, so a name always finds the list it replaces.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  CUSTOM_LIST_LIMITS,
  customListStreamId,
  parseCustomListSteps,
  type CustomListFormat,
  type CustomListKind,
  type CustomListSummary,
  type CustomListUploadResponse,
  type ParsedCustomList,
} from '@walletscreen/contracts';
import type { EventStore } from '@walletscreen/platform';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { customListDecider, type CustomListCommand } from '@walletscreen/domain/custom-list/decide';
import type { CustomListActor } from '@walletscreen/domain/custom-list/events';
import { Invalid } from '@walletscreen/domain/errors';
import { createCustomListCatalog } from './catalog';

export interface CustomListUpload {
  name: string;
  kind: CustomListKind;
  content: string;
  format?: CustomListFormat;
}

/** Parses a list, letting other requests run between steps (a list of 100,000 EVM addresses takes seconds). */
async function parseInSteps(content: string, format: CustomListFormat | undefined): Promise<ParsedCustomList> {
  const steps = parseCustomListSteps(content, format);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function createCustomLists(deps: { eventStore: EventStore; clock: () => Date }) {
  const handler = new CommandHandler(deps.eventStore, customListDecider);
  const catalog = createCustomListCatalog(deps.eventStore);
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const execute = (listId: string, command: CustomListCommand, by: CustomListActor) =>
    handler.execute(customListStreamId(listId), command, { commandId: randomUUID(), metadata: { command: command.type, actor: by } });

  async function active(): Promise<CustomListSummary[]> {
    return [...(await catalog()).values()]
      .filter((l) => l.active)
      .map(({ active: _active, ...summary }) => summary)
      .sort((a, b) => b.uploaded_at.localeCompare(a.uploaded_at) || a.name.localeCompare(b.name));
  }

  return {
    /** The lists in force, most recently uploaded first. */
    list: active,

    upload(input: CustomListUpload, by: CustomListActor): Promise<CustomListUploadResponse> {
      return oneAtATime(async () => {
        const parsed = await parseInSteps(input.content, input.format);
        if (parsed.error) throw new Invalid(parsed.error, { content: parsed.error });
        const existing = (await active()).find((l) => l.name.toLowerCase() === input.name.toLowerCase());
        const listId = existing?.id ?? randomUUID();
        const { events, state } = await execute(
          listId,
          {
            type: 'UploadCustomList',
            data: {
              listId,
              name: input.name,
              kind: input.kind,
              format: parsed.format,
              sha256: createHash('sha256').update(input.content, 'utf8').digest('hex'),
              entries: parsed.entries,
              rejected: parsed.rejected,
              duplicates: parsed.duplicates,
              by,
            },
            metadata: { now: deps.clock().toISOString() },
          },
          by,
        );
        const uploaded = events.find((e) => e.type === 'CustomListUploaded');
        if (!uploaded || uploaded.type !== 'CustomListUploaded' || state.status !== 'active') throw new Error('the upload recorded nothing');
        const d = uploaded.data;
        return {
          id: listId,
          name: d.name,
          kind: d.kind,
          format: d.format,
          count: d.entryCount,
          rejected_count: d.rejectedCount,
          version: state.version,
          sha256: d.sha256,
          uploaded_at: d.at,
          uploaded_by: by.email,
          replaced: existing !== undefined,
          duplicates: d.duplicates,
          rejected: parsed.rejected.slice(0, CUSTOM_LIST_LIMITS.rejectedKept),
        };
      });
    },

    remove(listId: string, by: CustomListActor, reason: string): Promise<{ id: string; name: string; removed_at: string }> {
      return oneAtATime(async () => {
        const { events } = await execute(listId, { type: 'RemoveCustomList', data: { by, reason }, metadata: { now: deps.clock().toISOString() } }, by);
        const removed = events.find((e) => e.type === 'CustomListRemoved');
        if (!removed || removed.type !== 'CustomListRemoved') throw new Error('the removal recorded nothing');
        return { id: listId, name: removed.data.name, removed_at: removed.data.at };
      });
    },
  };
}

export type CustomListsService = ReturnType<typeof createCustomLists>;
