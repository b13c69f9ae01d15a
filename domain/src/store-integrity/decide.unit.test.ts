import { deciderSpec } from '../../testing/decider-spec';
import { Conflict, Invalid } from '../errors';
import { INTEGRITY_NOTE_MAX_LENGTH } from '@walletscreen/contracts';
import { storeIntegrityDecider, type StoreIntegrityCommand } from './decide';
import type { IntegrityBreak, StoreIntegrityEvent } from './events';

const given = deciderSpec(storeIntegrityDecider);
const now = '2026-11-28T09:00:00.000Z';
const admin = { userId: '00000000-0000-8000-8000-0000000000ad', email: 'admin@walletscreen.test' };
const edited: IntegrityBreak = { position: 42, kind: 'hash-mismatch', reason: 'the event does not hash to its recorded hash: its content was altered' };
const acknowledge = (current: IntegrityBreak | null, position = 42, note = ' Restored from backup; the edit was a test. '): StoreIntegrityCommand => ({
  type: 'AcknowledgeIntegrityBreak',
  data: { by: admin, current, position, note },
  metadata: { now },
});
const acknowledged: StoreIntegrityEvent = {
  type: 'IntegrityBreakAcknowledged',
  data: { ...edited, note: 'Restored from backup; the edit was a test.', by: admin, at: now },
};

describe('AcknowledgeIntegrityBreak', () => {
  it('records the admin, the break (position, kind, reason), the note trimmed and when', () => given([]).when(acknowledge(edited)).then([acknowledged]));
  it('needs a note, not longer than the limit', () => {
    given([])
      .when(acknowledge(edited, 42, '  '))
      .thenThrows(Invalid, /Write a note/);
    given([])
      .when(acknowledge(edited, 42, 'x'.repeat(INTEGRITY_NOTE_MAX_LENGTH + 1)))
      .thenThrows(Invalid, /longer than/);
  });
  it('is refused when nothing is broken, or the break is not the one the admin looked at', () => {
    given([])
      .when(acknowledge(null))
      .thenThrows(Conflict, /no unacknowledged break/);
    given([])
      .when(acknowledge(edited, 41))
      .thenThrows(Conflict, /now at position 42, not 41/);
  });
  it('acknowledges a break once; another kind at the same position is a break of its own', () => {
    given([acknowledged])
      .when(acknowledge(edited))
      .thenThrows(Conflict, /acknowledged already/);
    given([acknowledged])
      .when(acknowledge({ ...edited, kind: 'broken-link', reason: 'link' }))
      .then([
        {
          type: 'IntegrityBreakAcknowledged',
          data: { ...edited, kind: 'broken-link', reason: 'link', note: 'Restored from backup; the edit was a test.', by: admin, at: now },
        },
      ]);
  });
});
