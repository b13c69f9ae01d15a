/** An auditor's access log, folded from their stream `auditor-access-<auditorId>`: how much they have viewed, and when last. */
import type { AuditorAccessEvent } from './events';

export interface AuditorAccessState {
  views: number;
  lastViewedAt: string | null;
}

export const initialAuditorAccessState: AuditorAccessState = { views: 0, lastViewedAt: null };

export function evolveAuditorAccess(state: AuditorAccessState, event: AuditorAccessEvent): AuditorAccessState {
  switch (event.type) {
    case 'AuditorViewedData':
      return { views: state.views + 1, lastViewedAt: event.data.at };
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}
