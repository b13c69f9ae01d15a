/**
 * Recording an OFAC sync attempt: every attempt is recorded, at the time on the command, whatever
 * the log holds (an append-only log has nothing to refuse).
 */
import type { SanctionsSyncTrigger } from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import { sanctionsSyncEvents, type SanctionsSyncEvent, type SanctionsSyncFailed, type SanctionsSyncSucceeded } from './events';
import { evolveSanctionsSyncLog, initialSanctionsSyncLogState, type SanctionsSyncLogState } from './state';

type Attempt<Data> = Omit<Data, 'at' | 'trigger'> & { trigger: SanctionsSyncTrigger };

export type SanctionsSyncLogCommand =
  | { type: 'RecordSanctionsSyncSuccess'; data: Attempt<SanctionsSyncSucceeded>; metadata: CommandMetadata }
  | { type: 'RecordSanctionsSyncFailure'; data: Attempt<SanctionsSyncFailed>; metadata: CommandMetadata };

export function decideSanctionsSyncLog(command: SanctionsSyncLogCommand, _state: SanctionsSyncLogState): SanctionsSyncEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'RecordSanctionsSyncSuccess': {
      const d = command.data;
      return [
        {
          type: 'SanctionsSyncSucceeded',
          data: {
            origin: d.origin,
            trigger: d.trigger,
            ...(d.uploadedBy ? { uploadedBy: d.uploadedBy } : {}),
            status: d.status,
            sha256: d.sha256,
            publishedAt: d.publishedAt,
            addressCount: d.addressCount,
            at,
          },
        },
      ];
    }
    case 'RecordSanctionsSyncFailure': {
      const d = command.data;
      const uploadedBy = d.uploadedBy ? { uploadedBy: d.uploadedBy } : {};
      return [{ type: 'SanctionsSyncFailed', data: { origin: d.origin, trigger: d.trigger, ...uploadedBy, code: d.code, reason: d.reason, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const sanctionsSyncLogDecider: Decider<SanctionsSyncLogState, SanctionsSyncLogCommand, SanctionsSyncEvent> = {
  initialState: initialSanctionsSyncLogState,
  evolve: evolveSanctionsSyncLog,
  decide: decideSanctionsSyncLog,
  types: sanctionsSyncEvents.typeSet,
};
