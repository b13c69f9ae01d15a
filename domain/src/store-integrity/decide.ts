/**
 * The store integrity's one command: an admin acknowledges the break the server halted writes on.
 * The break acknowledged is the one the server reports now (the caller passes it in: the decider
 * reads no store); the admin names the position they looked at, so that an acknowledgement of a
 * break already passed, or of another one, changes nothing.
 */
import { INTEGRITY_NOTE_MAX_LENGTH } from '@walletscreen/contracts';
import { Conflict, Invalid } from '../errors';
import type { CommandMetadata, Decider } from '../decider';
import type { Actor } from '../user/events';
import { storeIntegrityEvents, type IntegrityBreak, type StoreIntegrityEvent } from './events';
import { evolveStoreIntegrity, initialStoreIntegrityState, type StoreIntegrityState } from './state';

export type StoreIntegrityCommand = {
  type: 'AcknowledgeIntegrityBreak';
  data: {
    by: Actor;
    /** The break the server reports now (null: none). */
    current: IntegrityBreak | null;
    /** The position the admin looked at. */
    position: number;
    note: string;
  };
  metadata: CommandMetadata;
};

export function decideStoreIntegrity(command: StoreIntegrityCommand, state: StoreIntegrityState): StoreIntegrityEvent[] {
  switch (command.type) {
    case 'AcknowledgeIntegrityBreak': {
      const { by, current, position, note } = command.data;
      const text = note.trim();
      if (text.length === 0) throw new Invalid('Write a note: what you found and why the service may go on', { note: 'Required' });
      if (text.length > INTEGRITY_NOTE_MAX_LENGTH) throw new Invalid(`The note is longer than ${INTEGRITY_NOTE_MAX_LENGTH} characters`, { note: 'Too long' });
      if (!current) throw new Conflict('The event store has no unacknowledged break: writes are not halted');
      if (current.position !== position) {
        throw new Conflict(`The break is now at position ${current.position}, not ${position}: look at it before acknowledging it`);
      }
      if (state.acknowledged.some((a) => a.position === current.position && a.kind === current.kind)) {
        throw new Conflict(`The ${current.kind} at position ${current.position} was acknowledged already`);
      }
      return [{ type: 'IntegrityBreakAcknowledged', data: { ...current, note: text, by, at: command.metadata.now } }];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export const storeIntegrityDecider: Decider<StoreIntegrityState, StoreIntegrityCommand, StoreIntegrityEvent> = {
  initialState: initialStoreIntegrityState,
  evolve: evolveStoreIntegrity,
  decide: decideStoreIntegrity,
  types: storeIntegrityEvents.typeSet,
};
