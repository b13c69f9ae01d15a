/**
 * The auditor access log's one command: record what an auditor is about to be shown. Every view is
 * recorded (a log, not a state to keep consistent): nothing is refused, nothing is deduplicated
 * but a retried command (by its id, in the command handler).
 */
import type { CommandMetadata, Decider } from '../decider';
import { auditorAccessEvents, type Auditor, type AuditorAccessEvent } from './events';
import { evolveAuditorAccess, initialAuditorAccessState, type AuditorAccessState } from './state';

export type AuditorAccessCommand = {
  type: 'RecordAuditorView';
  data: { by: Auditor; method: string; path: string; params: Record<string, string> };
  metadata: CommandMetadata;
};

export function decideAuditorAccess(command: AuditorAccessCommand, _state: AuditorAccessState): AuditorAccessEvent[] {
  switch (command.type) {
    case 'RecordAuditorView': {
      const { by, method, path, params } = command.data;
      return [{ type: 'AuditorViewedData', data: { by, method, path, params, at: command.metadata.now } }];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export const auditorAccessDecider: Decider<AuditorAccessState, AuditorAccessCommand, AuditorAccessEvent> = {
  initialState: initialAuditorAccessState,
  evolve: evolveAuditorAccess,
  decide: decideAuditorAccess,
  types: auditorAccessEvents.typeSet,
};
