import { accountMessages } from '@walletscreen/contracts';
import { deciderSpec } from '../../testing/decider-spec';
import { Forbidden, Invalid, NotFound } from '../errors';
import { decideUser, userDecider, type UserCommand, type ChangePasswordData } from './decide';
import type { UserEvent } from './events';
import { activeSessions, evolveUser, initialUserState, type UserState } from './state';

const given = deciderSpec(userDecider);
const now = '2026-11-22T10:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();
const userId = '00000000-0000-8000-8000-000000000001';
const s1 = '11111111-1111-4111-8111-111111111111';
const s2 = '22222222-2222-4222-8222-222222222222';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ana@bank.example', username: 'Bank', passwordHash: 'h1', role: 'user', bonusChecks: 20, at: now },
};
const signedIn = (sessionId: string, at = later(1)): UserEvent => ({
  type: 'UserSignedIn',
  data: {
    userId,
    area: 'dashboard',
    address: '10.0.0.1',
    sessionId,
    device: 'Firefox on Linux',
    expiresAt: new Date(Date.parse(at) + 100 * 60_000).toISOString(),
    at,
  },
});
const blocked: UserEvent = { type: 'UserRoleChanged', data: { userId, role: 'blocked', previousRole: 'user', by: null, reason: 'r', at: later(3) } };
const change = (data: Partial<ChangePasswordData> = {}, at = later(5)): UserCommand => ({
  type: 'ChangePassword',
  data: { currentPasswordMatches: true, newPassword: 'a-new horse battery', passwordHash: 'h2', keepSessionId: s1, ...data },
  metadata: { now: at },
});
const fold = (events: UserEvent[]) => events.reduce(evolveUser, initialUserState) as Extract<UserState, { status: 'registered' }>;

describe('RecordSignIn', () => {
  it('starts a session with the sign-in: its id, the shortened device, the address', () =>
    given([registered])
      .when({
        type: 'RecordSignIn',
        data: { area: 'dashboard', address: '10.0.0.1', session: { sessionId: s1, device: 'Firefox on Linux', expiresAt: later(101) } },
        metadata: { now: later(1) },
      })
      .then([signedIn(s1)]));
  it('records no session for a sign-in without one', () =>
    given([registered])
      .when({ type: 'RecordSignIn', data: { area: 'admin', address: '10.0.0.1' }, metadata: { now } })
      .then([{ type: 'UserSignedIn', data: { userId, area: 'admin', address: '10.0.0.1', at: now } }]));
  it('keeps sessions open until their tokens expire, and forgets expired ones at the next sign-in', () => {
    const state = fold([registered, signedIn(s1), signedIn(s2, later(200))]);
    expect(Object.keys(state.sessions ?? {})).toEqual([s2]);
    expect(activeSessions(fold([registered, signedIn(s1)]), later(100)).map((s) => s.sessionId)).toEqual([s1]);
    expect(activeSessions(fold([registered, signedIn(s1)]), later(101))).toEqual([]);
    expect(activeSessions(fold([registered, signedIn(s1)]), later(102))).toEqual([]);
  });
});

describe('ChangePassword', () => {
  it('records the new hash and keeps only the session it was made from', () => {
    const changed: UserEvent = { type: 'PasswordChanged', data: { userId, passwordHash: 'h2', keptSessionId: s1, at: later(5) } };
    given([registered, signedIn(s1), signedIn(s2)])
      .when(change())
      .then([changed]);
    const state = fold([registered, signedIn(s1), signedIn(s2), changed]);
    expect(Object.keys(state.sessions ?? {})).toEqual([s1]);
    expect(state.passwordHash).toBe('h2');
    // Tokens without a session, issued before the change, stop too.
    expect(state.credentialsChangedAt).toBe(later(5));
  });
  it('refuses a wrong current password, on the current password field', () =>
    given([registered, signedIn(s1)])
      .when(change({ currentPasswordMatches: false, passwordHash: '' }))
      .thenThrows(Invalid, accountMessages.currentPasswordWrong));
  it('refuses a new password the registration rules refuse: too short, too common, the e-mail or the name', () => {
    given([registered])
      .when(change({ newPassword: 'short' }))
      .thenThrows(Invalid, accountMessages.passwordTooShort);
    given([registered])
      .when(change({ newPassword: 'password123' }))
      .thenThrows(Invalid, accountMessages.passwordTooCommon);
    given([registered])
      .when(change({ newPassword: 'ANA@bank.example' }))
      .thenThrows(Invalid, /e-mail or company name/);
  });
  it('names the field that was wrong', () => {
    expect(() => decideUser(change({ newPassword: 'short' }), fold([registered]))).toThrow(
      expect.objectContaining({ fields: { new_password: accountMessages.passwordTooShort } }),
    );
    expect(() => decideUser(change({ currentPasswordMatches: false }), fold([registered]))).toThrow(
      expect.objectContaining({ fields: { current_password: accountMessages.currentPasswordWrong } }),
    );
  });
  it('is refused to a blocked user and an unknown one', () => {
    given([registered, signedIn(s1), blocked])
      .when(change())
      .thenThrows(Forbidden);
    given([]).when(change()).thenThrows(NotFound);
  });
  it('is never recorded without the new password’s hash', () =>
    expect(() => userDecider.decide(change({ passwordHash: '' }), fold([registered]))).toThrow('without the new password hash'));
});

describe('EndSession', () => {
  const end = (sessionId: string, at = later(5)): UserCommand => ({ type: 'EndSession', data: { sessionId, reason: 'signed-out' }, metadata: { now: at } });
  it('ends an open session', () => {
    const ended: UserEvent = { type: 'SessionEnded', data: { userId, sessionId: s2, reason: 'signed-out', at: later(5) } };
    given([registered, signedIn(s1), signedIn(s2)])
      .when(end(s2))
      .then([ended]);
    expect(Object.keys(fold([registered, signedIn(s1), signedIn(s2), ended]).sessions ?? {})).toEqual([s1]);
  });
  it('does not find a session that ended, expired or never was', () => {
    given([registered, signedIn(s1), { type: 'SessionEnded', data: { userId, sessionId: s1, reason: 'signed-out', at: later(2) } }])
      .when(end(s1))
      .thenThrows(NotFound, accountMessages.sessionNotFound);
    given([registered, signedIn(s1)])
      .when(end(s1, later(200)))
      .thenThrows(NotFound);
    given([registered, signedIn(s1)])
      .when(end(s2))
      .thenThrows(NotFound);
  });
  it('is refused for an unknown user', () => given([]).when(end(s1)).thenThrows(NotFound));
});

describe('EndOtherSessions', () => {
  it('ends every open session but the kept one, and tokens without a session', () => {
    const ended: UserEvent = { type: 'OtherSessionsEnded', data: { userId, keptSessionId: s2, sessionIds: [s1], at: later(5) } };
    given([registered, signedIn(s1), signedIn(s2)])
      .when({ type: 'EndOtherSessions', data: { keepSessionId: s2 }, metadata: { now: later(5) } })
      .then([ended]);
    const state = fold([registered, signedIn(s1), signedIn(s2), ended]);
    expect(Object.keys(state.sessions ?? {})).toEqual([s2]);
    expect(state.credentialsChangedAt).toBe(later(5));
  });
});

describe('EndOtherSessions, from no session', () => {
  it('ends every open session (a token without a session keeps none)', () =>
    given([registered, signedIn(s1), signedIn(s2, later(2))])
      .when({ type: 'EndOtherSessions', data: { keepSessionId: null }, metadata: { now: later(5) } })
      .then([{ type: 'OtherSessionsEnded', data: { userId, keptSessionId: null, sessionIds: [s1, s2].sort(), at: later(5) } }]));
  it('is refused for an unknown user', () =>
    given([])
      .when({ type: 'EndOtherSessions', data: { keepSessionId: null }, metadata: { now } })
      .thenThrows(NotFound));
});

describe('PasswordReset', () => {
  it('ends every session', () => {
    const state = fold([
      registered,
      { type: 'PasswordResetRequested', data: { userId, tokenHash: 't', expiresAt: later(30), at: now } },
      signedIn(s1),
      { type: 'PasswordReset', data: { userId, tokenHash: 't', passwordHash: 'h3', at: later(5) } },
    ]);
    expect(state.sessions).toEqual({});
  });
});
