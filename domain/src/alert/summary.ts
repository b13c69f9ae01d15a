/** What the API shows of an alert as it stands when raised: the alerts read model's first state, and the `alert.created` webhook. */
import type { Alert } from '@walletscreen/contracts';
import type { AlertRaised } from './events';

/** The alert as it stands when raised: open, with before, after and the evidence. */
export function raisedAlert(d: AlertRaised): Alert {
  return {
    id: d.alertId,
    status: 'open',
    watch_id: d.watchId,
    address: d.address,
    network: d.network,
    reference: d.reference ?? null,
    reasons: d.reasons,
    before: d.before,
    after: d.after,
    check_id: d.checkId,
    previous_check_id: d.previousCheckId,
    evidence: d.evidence,
    raised_at: d.at,
    acknowledged_at: null,
    acknowledged_by: null,
    resolved_at: null,
    resolved_by: null,
    note: null,
    emailed_at: null,
  };
}
