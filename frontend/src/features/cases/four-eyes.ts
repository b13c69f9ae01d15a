/**
 * What a case's close looks like to the person viewing it: whether it can be closed, whether a
 * close waits for a second person (four eyes) and who that cannot be, and what the close button
 * says. The server decides; this only words it (the server's refusal is still shown when it says no).
 */
import type { CaseDetail } from '@walletscreen/contracts';
import { formatDateTime } from '../../lib/format-date';

export type CloseState =
  | { kind: 'closed'; text: string }
  | { kind: 'needs-decision'; text: string }
  | { kind: 'ready'; button: string; text: string | null }
  | { kind: 'awaiting-second-person'; button: string; text: string; viewerIsRequester: boolean };

/** `viewer` is the e-mail of whoever looks at the case, when known (the customer's own profile). */
export function closeState(c: Pick<CaseDetail, 'status' | 'decision' | 'pending_close' | 'closed' | 'four_eyes'>, viewer: string | null = null): CloseState {
  if (c.status === 'closed' && c.closed) {
    const approved = c.closed.approved_by ? `, approved by ${c.closed.approved_by.email} (four eyes)` : '';
    return { kind: 'closed', text: `Closed on ${formatDateTime(c.closed.at)} UTC by ${c.closed.by.email}${approved}.` };
  }
  if (!c.decision) return { kind: 'needs-decision', text: 'Record a decision (approve, reject or report) with its reason before closing the case.' };
  if (c.pending_close) {
    const requester = c.pending_close.by.email;
    const decider = c.decision.by.email;
    const others = requester.toLowerCase() === decider.toLowerCase() ? requester : `${requester} and ${decider}`;
    const viewerIsRequester = viewer !== null && [requester, decider].some((e) => e.toLowerCase() === viewer.toLowerCase());
    return {
      kind: 'awaiting-second-person',
      button: 'Approve close',
      viewerIsRequester,
      text: `${requester} requested the close on ${formatDateTime(c.pending_close.at)} UTC. A different person than ${others} must approve it (four eyes).`,
    };
  }
  if (c.four_eyes)
    return {
      kind: 'ready',
      button: 'Request close',
      text: 'This case needs a second person to close it (four eyes): your close is recorded as a request, and someone else approves it.',
    };
  return { kind: 'ready', button: 'Close case', text: null };
}
