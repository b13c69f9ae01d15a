import type { CaseDetail } from '@walletscreen/contracts';
import { closeState } from './four-eyes';

const officer = { user_id: 'u-1', email: 'officer@exchange.example', role: 'user' };
const admin = { user_id: 'a-1', email: 'admin@walletscreen.example', role: 'admin' };
type State = Pick<CaseDetail, 'status' | 'decision' | 'pending_close' | 'closed' | 'four_eyes'>;
const open: State = { status: 'open', decision: null, pending_close: null, closed: null, four_eyes: true };
const decided: State = { ...open, decision: { decision: 'report', reason: 'OFAC match', by: officer, at: '2026-01-16T10:05:00.000Z' } };

describe('what a case says about closing it', () => {
  it('asks for a decision first', () => {
    expect(closeState(open)).toEqual({
      kind: 'needs-decision',
      text: 'Record a decision (approve, reject or report) with its reason before closing the case.',
    });
  });

  it('under four eyes, offers to request the close and says a second person approves it', () => {
    expect(closeState(decided)).toMatchObject({ kind: 'ready', button: 'Request close', text: expect.stringContaining('needs a second person') });
  });

  it('without four eyes, simply closes', () => {
    expect(closeState({ ...decided, four_eyes: false })).toEqual({ kind: 'ready', button: 'Close case', text: null });
  });

  it('with a close pending, says who requested it, when, and that a different person must approve', () => {
    const state = closeState({ ...decided, pending_close: { by: officer, at: '2026-01-16T10:06:00.000Z' } });
    expect(state).toEqual({
      kind: 'awaiting-second-person',
      button: 'Approve close',
      viewerIsRequester: false,
      text: 'officer@exchange.example requested the close on 16.01.2026 10:06 UTC. A different person than officer@exchange.example must approve it (four eyes).',
    });
  });

  it('names both the requester and the decider when they differ, and knows when the viewer is one of them', () => {
    const state = closeState({ ...decided, pending_close: { by: admin, at: '2026-01-16T10:06:00.000Z' } }, 'OFFICER@exchange.example');
    expect(state).toMatchObject({
      kind: 'awaiting-second-person',
      viewerIsRequester: true,
      text: expect.stringContaining('A different person than admin@walletscreen.example and officer@exchange.example must approve it'),
    });
  });

  it('once closed, says who closed it and who approved the close', () => {
    expect(closeState({ ...decided, status: 'closed', closed: { by: officer, approved_by: admin, at: '2026-01-16T11:00:00.000Z' } })).toEqual({
      kind: 'closed',
      text: 'Closed on 16.01.2026 11:00 UTC by officer@exchange.example, approved by admin@walletscreen.example (four eyes).',
    });
  });
});
