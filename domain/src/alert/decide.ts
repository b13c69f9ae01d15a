/**
 * Alert commands decided over one alert's state. Pure: the alert's content, who acts and the
 * moment come in on the command.
 * - an alert is raised once: raising it again (a redelivered completion) records nothing;
 * - only the alert's user may acknowledge or resolve it: to anyone else it does not exist;
 * - an open alert is acknowledged once; acknowledging it again, or once resolved, records nothing;
 * - an alert is resolved once, with a note (the route requires one); resolving it again is refused;
 * - its e-mail is recorded once.
 */
import { monitoringMessages } from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import { Conflict, NotFound } from '../errors';
import { alertEvents, type AlertActor, type AlertEvent, type AlertRaised } from './events';
import { evolveAlert, initialAlertState, type AlertState } from './state';

export type AlertCommand =
  | { type: 'RaiseAlert'; data: Omit<AlertRaised, 'at'>; metadata: CommandMetadata }
  | { type: 'AcknowledgeAlert'; data: { by: AlertActor }; metadata: CommandMetadata }
  | { type: 'ResolveAlert'; data: { by: AlertActor; note: string }; metadata: CommandMetadata }
  | { type: 'RecordAlertEmailed'; data: { to: string }; metadata: CommandMetadata };

/** The alert as `by` may see it: another user's alert, or none, is not found. */
function own(state: AlertState, by: AlertActor): Exclude<AlertState, { status: 'none' }> {
  if (state.status === 'none' || state.userId !== by.userId) throw new NotFound(monitoringMessages.alertNotFound);
  return state;
}

export function decideAlert(command: AlertCommand, state: AlertState): AlertEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'RaiseAlert': {
      // Raised before (a redelivered completion): the alert stands as it was.
      if (state.status !== 'none') return [];
      return [{ type: 'AlertRaised', data: { ...command.data, at } }];
    }
    case 'AcknowledgeAlert': {
      const alert = own(state, command.data.by);
      if (alert.status !== 'open') return [];
      return [{ type: 'AlertAcknowledged', data: { alertId: alert.alertId, userId: alert.userId, by: command.data.by, at } }];
    }
    case 'ResolveAlert': {
      const alert = own(state, command.data.by);
      if (alert.status === 'resolved') throw new Conflict(monitoringMessages.alreadyResolved);
      return [{ type: 'AlertResolved', data: { alertId: alert.alertId, userId: alert.userId, by: command.data.by, note: command.data.note, at } }];
    }
    case 'RecordAlertEmailed': {
      if (state.status === 'none' || state.emailedTo !== null) return [];
      return [{ type: 'AlertEmailed', data: { alertId: state.alertId, userId: state.userId, to: command.data.to, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const alertDecider: Decider<AlertState, AlertCommand, AlertEvent> = {
  initialState: initialAlertState,
  evolve: evolveAlert,
  decide: decideAlert,
  types: alertEvents.typeSet,
};
