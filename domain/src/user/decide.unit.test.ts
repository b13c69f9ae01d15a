import { accountMessages, adminMessages } from '@walletscreen/contracts';
import { deciderSpec } from '../../testing/decider-spec';
import { Conflict, Forbidden, Invalid, NotFound, PaymentRequired } from '../errors';
import { userDecider, type UserCommand } from './decide';
import type { UserEvent } from './events';
import { evolveUser, initialUserState } from './state';

const given = deciderSpec(userDecider);
const now = '2026-11-22T10:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();
const userId = '00000000-0000-8000-8000-000000000001';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ana@bank.example', username: 'Bank', passwordHash: 'h1', role: 'user', bonusChecks: 20, at: now },
};
const resetRequested: UserEvent = { type: 'PasswordResetRequested', data: { userId, tokenHash: 't1', expiresAt: later(30), at: now } };
const register: UserCommand = {
  type: 'RegisterUser',
  data: { userId, email: 'ana@bank.example', username: 'Bank', passwordHash: 'h1', role: 'user' },
  metadata: { now },
};
const reset = (tokenHash: string, at = later(5)): UserCommand => ({ type: 'ResetPassword', data: { tokenHash, passwordHash: 'h2' }, metadata: { now: at } });

describe('RegisterUser', () => {
  it('registers a new user with 20 bonus premium checks', () => given([]).when(register).then([registered]));
  it('refuses a second registration of the e-mail with the spec message only', () =>
    given([registered]).when(register).thenThrows(Conflict, accountMessages.registrationFailed));
  it('gives an auditor, created by an admin, no checks and records the admin', () => {
    const admin = { userId: 'admin-1', email: 'admin@ws.example' };
    given([])
      .when({ ...register, data: { ...register.data, role: 'auditor', by: admin } })
      .then([{ type: 'UserRegistered', data: { ...(registered.data as object), role: 'auditor', bonusChecks: 0, by: admin } } as UserEvent]);
  });
});

describe('e-mail confirmation', () => {
  const withConfirmation: UserCommand = {
    ...register,
    data: { ...register.data, emailConfirmation: { tokenHash: 'c1', expiresAt: later(60) } },
  } as UserCommand;
  const registeredPending: UserEvent = {
    type: 'UserRegistered',
    data: { ...(registered.data as object), bonusChecks: 0, checksOnEmailConfirmation: 20 },
  } as UserEvent;
  const linkSent = (tokenHash: string, expiresAt = later(60), at = now): UserEvent => ({
    type: 'EmailConfirmationRequested',
    data: { userId, tokenHash, expiresAt, at },
  });
  const confirm = (tokenHash: string, at = later(5)): UserCommand => ({ type: 'ConfirmEmail', data: { tokenHash }, metadata: { now: at } });
  const confirmed = (tokenHash: string, at = later(5)): UserEvent => ({ type: 'EmailConfirmed', data: { userId, tokenHash, bonusChecks: 20, at } });
  const charge: UserCommand = { type: 'ChargeCheck', data: { checkId: 'k1' }, metadata: { now: later(6) } };
  const stateAfter = (events: UserEvent[]) => events.reduce(evolveUser, initialUserState);

  it('registers a user who must confirm their address with no checks yet, the welcome checks withheld, and the first link', () =>
    given([])
      .when(withConfirmation)
      .then([registeredPending, linkSent('c1')]));
  it('asks no confirmation of an auditor created by an admin', () => {
    const admin = { userId: 'admin-1', email: 'admin@ws.example' };
    given([])
      .when({ ...withConfirmation, data: { ...(withConfirmation.data as object), role: 'auditor', by: admin } } as UserCommand)
      .then([{ type: 'UserRegistered', data: { ...(registered.data as object), role: 'auditor', bonusChecks: 0, by: admin } } as UserEvent]);
  });
  it('grants the withheld checks when a link is opened before its expiry', () => {
    given([registeredPending, linkSent('c1')])
      .when(confirm('c1'))
      .then([confirmed('c1')]);
    const state = stateAfter([registeredPending, linkSent('c1'), confirmed('c1')]);
    expect(state).toMatchObject({ bonusChecks: 20, emailConfirmation: { status: 'confirmed', tokenHash: 'c1' } });
  });
  it('refuses an unknown link, an expired one, and any link of an address that needed no confirmation', () => {
    given([registeredPending, linkSent('c1')])
      .when(confirm('other'))
      .thenThrows(Invalid, accountMessages.confirmationLinkInvalid);
    given([registeredPending, linkSent('c1')])
      .when(confirm('c1', later(60)))
      .thenThrows(Invalid, accountMessages.confirmationLinkInvalid);
    given([registered]).when(confirm('c1')).thenThrows(Invalid);
    given([]).when(confirm('c1')).thenThrows(Invalid);
  });
  it('changes nothing when the link that confirmed the address is opened again; another link of it is refused', () => {
    given([registeredPending, linkSent('c1'), linkSent('c2'), confirmed('c1')])
      .when(confirm('c1', later(10)))
      .then([]);
    given([registeredPending, linkSent('c1'), linkSent('c2'), confirmed('c1')])
      .when(confirm('c2', later(10)))
      .thenThrows(Invalid);
  });
  it('keeps the earlier links valid when a new one is asked for', () => {
    given([registeredPending, linkSent('c1')])
      .when({ type: 'RequestEmailConfirmation', data: { tokenHash: 'c2', expiresAt: later(90) }, metadata: { now: later(1) } })
      .then([linkSent('c2', later(90), later(1))]);
    given([registeredPending, linkSent('c1'), linkSent('c2', later(90), later(1))])
      .when(confirm('c1'))
      .then([confirmed('c1')]);
  });
  it('refuses a new link once the address is confirmed, or for an address that needed no confirmation', () => {
    const again: UserCommand = { type: 'RequestEmailConfirmation', data: { tokenHash: 'c2', expiresAt: later(90) }, metadata: { now } };
    given([registeredPending, linkSent('c1'), confirmed('c1')])
      .when(again)
      .thenThrows(Conflict, accountMessages.emailAlreadyConfirmed);
    given([registered]).when(again).thenThrows(Conflict);
  });
  it('refuses a blocked user both a new link and the confirmation', () => {
    const block: UserEvent = { type: 'UserRoleChanged', data: { userId, role: 'blocked', previousRole: 'user', by: null, reason: 'r', at: now } };
    given([registeredPending, linkSent('c1'), block])
      .when(confirm('c1'))
      .thenThrows(Forbidden);
    given([registeredPending, linkSent('c1'), block])
      .when({ type: 'RequestEmailConfirmation', data: { tokenHash: 'c2', expiresAt: later(90) }, metadata: { now } })
      .thenThrows(Forbidden);
  });
  it('says a check waits for the confirmation, not for a top-up, while the address is unconfirmed and nothing else can be spent', () => {
    given([registeredPending, linkSent('c1')])
      .when(charge)
      .thenThrows(PaymentRequired, /Confirm your e-mail address first: your 20 free checks/);
    given([registeredPending, linkSent('c1'), confirmed('c1')])
      .when(charge)
      .then([{ type: 'CheckCharged', data: { userId, checkId: 'k1', source: 'bonus', at: later(6) } }]);
  });
  it('spends an admin top-up before the confirmation', () =>
    given([registeredPending, { type: 'ChecksToppedUp', data: { userId, amount: 2, reason: 'trial', by: { userId: 'a', email: 'a@x.example' }, at: now } }])
      .when(charge)
      .then([{ type: 'CheckCharged', data: { userId, checkId: 'k1', source: 'bonus', at: later(6) } }]));
});

describe('RequestPasswordReset', () => {
  const request: UserCommand = { type: 'RequestPasswordReset', data: { tokenHash: 't1', expiresAt: later(30) }, metadata: { now } };
  it('records only the hash of the token and its expiry', () => given([registered]).when(request).then([resetRequested]));
  it('is refused for an unknown user', () => given([]).when(request).thenThrows(NotFound));
  it('is refused for a blocked user', () =>
    given([registered, { type: 'UserRoleChanged', data: { userId, role: 'blocked', previousRole: 'user', by: null, reason: 'r', at: now } }])
      .when(request)
      .thenThrows(Forbidden));
});

describe('ResetPassword', () => {
  it('sets the new password with a valid token', () =>
    given([registered, resetRequested])
      .when(reset('t1'))
      .then([{ type: 'PasswordReset', data: { userId, tokenHash: 't1', passwordHash: 'h2', at: later(5) } }]));
  it('refuses an unknown token', () => given([registered, resetRequested]).when(reset('other')).thenThrows(Invalid, accountMessages.resetTokenInvalid));
  it('refuses a token after its 30 minutes', () =>
    given([registered, resetRequested])
      .when(reset('t1', later(30)))
      .thenThrows(Invalid));
  it('refuses a token that was already used (single use)', () =>
    given([registered, resetRequested, { type: 'PasswordReset', data: { userId, tokenHash: 't1', passwordHash: 'h2', at: later(1) } }])
      .when(reset('t1'))
      .thenThrows(Invalid));
  it('refuses any token for an unknown user', () => given([]).when(reset('t1')).thenThrows(Invalid));
  it('refuses a blocked user, even with a valid token', () =>
    given([registered, resetRequested, { type: 'UserRoleChanged', data: { userId, role: 'blocked', previousRole: 'user', by: null, reason: 'r', at: now } }])
      .when(reset('t1'))
      .thenThrows(Forbidden, accountMessages.blocked));
});

describe('ChangeRole', () => {
  const admin = { userId: 'admin-1', email: 'admin@ws.example' };
  it('records the new role, the previous one, who and why', () =>
    given([registered])
      .when({ type: 'ChangeRole', data: { role: 'blocked', by: admin, reason: 'fraud' }, metadata: { now } })
      .then([{ type: 'UserRoleChanged', data: { userId, role: 'blocked', previousRole: 'user', by: admin, reason: 'fraud', at: now } }]));
  it('changes nothing when the role is already set', () =>
    given([registered])
      .when({ type: 'ChangeRole', data: { role: 'user', by: admin, reason: 'x' }, metadata: { now } })
      .then([]));
  it('does not let an admin block themselves', () =>
    given([{ ...registered, data: { ...registered.data, role: 'admin' } }])
      .when({ type: 'ChangeRole', data: { role: 'blocked', by: { userId, email: 'ana@bank.example' }, reason: 'x' }, metadata: { now } })
      .thenThrows(Forbidden));
  it('lets the system (no admin) change a role', () =>
    given([registered])
      .when({ type: 'ChangeRole', data: { role: 'admin', by: null, reason: 'first admin' }, metadata: { now } })
      .then([{ type: 'UserRoleChanged', data: { userId, role: 'admin', previousRole: 'user', by: null, reason: 'first admin', at: now } }]));
  it('is refused for an unknown user', () =>
    given([])
      .when({ type: 'ChangeRole', data: { role: 'user', by: admin, reason: 'x' }, metadata: { now } })
      .thenThrows(NotFound));
});

describe('RecordSignIn', () => {
  const signIn: UserCommand = { type: 'RecordSignIn', data: { area: 'dashboard', address: '203.0.113.9' }, metadata: { now } };
  it('records who signed in, where from and into which area', () =>
    given([registered])
      .when(signIn)
      .then([{ type: 'UserSignedIn', data: { userId, area: 'dashboard', address: '203.0.113.9', at: now } }]));
  it('is refused for a blocked user', () =>
    given([registered, { type: 'UserRoleChanged', data: { userId, role: 'blocked', previousRole: 'user', by: null, reason: 'r', at: now } }])
      .when(signIn)
      .thenThrows(Forbidden));
  it('is refused for an unknown user', () => given([]).when(signIn).thenThrows(NotFound));
});

describe('ChargeCheck and RefundCheck', () => {
  const charge = (checkId: string): UserCommand => ({ type: 'ChargeCheck', data: { checkId }, metadata: { now } });
  const refund = (checkId: string): UserCommand => ({ type: 'RefundCheck', data: { checkId, reason: 'analysis failed' }, metadata: { now } });
  const charged = (checkId: string, source: 'bonus' | 'purchased' = 'bonus'): UserEvent => ({
    type: 'CheckCharged',
    data: { userId, checkId, source, at: now },
  });
  const withBonus = (n: number): UserEvent => ({ ...registered, data: { ...registered.data, bonusChecks: n } });

  it('spends a bonus check first', () =>
    given([registered])
      .when(charge('c1'))
      .then([charged('c1')]));
  it('records what is checked with the charge, so the check can be started from it', () => {
    const check = { input: ' bc1q ', address: 'bc1q', chain: 'bitcoin', network: 'bitcoin' as const, idempotencyKey: 'key-12345' };
    given([registered])
      .when({ type: 'ChargeCheck', data: { checkId: 'c1', check }, metadata: { now } })
      .then([{ type: 'CheckCharged', data: { userId, checkId: 'c1', source: 'bonus', check, at: now } }]);
  });
  it('charges the same check once, however often it is asked', () =>
    given([registered, charged('c1')])
      .when(charge('c1'))
      .then([]));
  it('asks for payment when no check is left', () =>
    given([withBonus(1), charged('c1')])
      .when(charge('c2'))
      .thenThrows(PaymentRequired, /no premium checks left/));
  it('refuses a blocked user', () =>
    given([registered, { type: 'UserRoleChanged', data: { userId, role: 'blocked', previousRole: 'user', by: null, reason: 'r', at: now } }])
      .when(charge('c1'))
      .thenThrows(Forbidden));
  it('refunds a charged check to the balance it came from, once', () => {
    given([registered, charged('c1')])
      .when(refund('c1'))
      .then([{ type: 'CheckRefunded', data: { userId, checkId: 'c1', source: 'bonus', reason: 'analysis failed', at: now } }]);
    given([registered, charged('c1'), { type: 'CheckRefunded', data: { userId, checkId: 'c1', source: 'bonus', reason: 'x', at: now } }])
      .when(refund('c1'))
      .then([]);
    given([registered]).when(refund('never-charged')).then([]);
  });
  it('does not charge a refunded check again', () =>
    given([withBonus(1), charged('c1'), { type: 'CheckRefunded', data: { userId, checkId: 'c1', source: 'bonus', reason: 'x', at: now } }])
      .when(charge('c1'))
      .then([]));
  it('is refused for an unknown user, charge and refund', () => {
    given([]).when(charge('c1')).thenThrows(NotFound);
    given([]).when(refund('c1')).thenThrows(NotFound);
  });
  it('takes the check off the balance it came from, and gives it back on refund', () => {
    const fold = (events: UserEvent[]) => events.reduce(evolveUser, initialUserState);
    expect(fold([registered, charged('c1')])).toMatchObject({ bonusChecks: 19, purchasedChecks: 0, charges: { c1: { source: 'bonus', refunded: false } } });
    expect(fold([registered, charged('c1'), { type: 'CheckRefunded', data: { userId, checkId: 'c1', source: 'bonus', reason: 'x', at: now } }])).toMatchObject({
      bonusChecks: 20,
      charges: { c1: { source: 'bonus', refunded: true } },
    });
  });
});

describe("An admin's RefundCheck", () => {
  const admin = { userId: 'admin-1', email: 'admin@ws.example' };
  const charged = (checkId: string): UserEvent => ({ type: 'CheckCharged', data: { userId, checkId, source: 'bonus', at: now } });
  const refundedByWorker: UserEvent = {
    type: 'CheckRefunded',
    data: { userId, checkId: 'c1', source: 'bonus', reason: 'Analysis incomplete: the blockchain data was unavailable', at: '2026-11-27T05:37:12.000Z' },
  };
  const adminRefund = (checkId: string, reason = '  Incomplete under 6a7b2fd, left charged by that build  '): UserCommand => ({
    type: 'RefundCheck',
    data: { checkId, reason, by: admin },
    metadata: { now: later(5) },
  });
  const fold = (events: UserEvent[]) => events.reduce(evolveUser, initialUserState);

  it('refunds a charged check to the balance it came from, recording the admin and the reason (trimmed)', () => {
    const refunded: UserEvent = {
      type: 'CheckRefunded',
      data: { userId, checkId: 'c1', source: 'bonus', reason: 'Incomplete under 6a7b2fd, left charged by that build', by: admin, at: later(5) },
    };
    given([registered, charged('c1')])
      .when(adminRefund('c1'))
      .then([refunded]);
    expect(fold([registered, charged('c1'), refunded])).toMatchObject({
      bonusChecks: 20,
      charges: { c1: { source: 'bonus', refunded: true, refund: { at: later(5), reason: 'Incomplete under 6a7b2fd, left charged by that build', by: admin } } },
    });
  });
  it('refuses a check never charged to the customer (a free re-screen, another customer’s check) as not found', () =>
    given([registered, charged('c1')])
      .when(adminRefund('c2'))
      .thenThrows(NotFound, adminMessages.checkNotCharged));
  it('refuses a check refunded already, saying when and why (and by which admin, when one did), where the refund worker changes nothing', () => {
    const worker: UserCommand = { type: 'RefundCheck', data: { checkId: 'c1', reason: 'analysis failed' }, metadata: { now } };
    given([registered, charged('c1'), refundedByWorker])
      .when(worker)
      .then([]);
    given([registered]).when(worker).then([]);
    given([registered, charged('c1'), refundedByWorker])
      .when(adminRefund('c1'))
      .thenThrows(Conflict, 'This check was refunded already, on 2026-11-27 05:37 UTC: Analysis incomplete: the blockchain data was unavailable');
    const byAdmin: UserEvent = { type: 'CheckRefunded', data: { userId, checkId: 'c1', source: 'bonus', reason: 'Goodwill', by: admin, at: later(1) } };
    given([registered, charged('c1'), byAdmin])
      .when(adminRefund('c1'))
      .thenThrows(Conflict, `This check was refunded already, on ${later(1).slice(0, 16).replace('T', ' ')} UTC by admin@ws.example: Goodwill`);
  });
  it('refuses a blank or too long reason', () => {
    given([registered, charged('c1')])
      .when(adminRefund('c1', '   '))
      .thenThrows(Invalid, adminMessages.reasonRequired);
    given([registered, charged('c1')])
      .when(adminRefund('c1', 'x'.repeat(501)))
      .thenThrows(Invalid, adminMessages.reasonTooLong);
  });
  it('is refused for an unknown customer as a check not charged', () => given([]).when(adminRefund('c1')).thenThrows(NotFound, adminMessages.checkNotCharged));
  it('folds a refund recorded before admins could refund (no `by`) as before', () =>
    expect(fold([registered, charged('c1'), refundedByWorker])).toMatchObject({
      bonusChecks: 20,
      charges: { c1: { source: 'bonus', refunded: true, refund: { at: '2026-11-27T05:37:12.000Z', reason: refundedByWorker.data.reason } } },
    }));
});

describe('TopUpChecks', () => {
  const admin = { userId: 'admin-1', email: 'admin@ws.example' };
  const topUp = (amount: number, idempotencyKey?: string, reason = 'Manual top-up from admin panel'): UserCommand => ({
    type: 'TopUpChecks',
    data: { amount, reason, by: admin, ...(idempotencyKey ? { idempotencyKey } : {}) },
    metadata: { now },
  });
  const toppedUp = (amount: number, idempotencyKey?: string): UserEvent => ({
    type: 'ChecksToppedUp',
    data: { userId, amount, reason: 'Manual top-up from admin panel', by: admin, ...(idempotencyKey ? { idempotencyKey } : {}), at: now },
  });

  it('credits the checks, recording the admin, the reason and the moment', () =>
    given([registered])
      .when(topUp(10))
      .then([toppedUp(10)]));
  it('credits them as bonus checks, spent first', () => {
    const state = [registered, toppedUp(10)].reduce(evolveUser, initialUserState);
    expect(state).toMatchObject({ bonusChecks: 30, purchasedChecks: 0 });
  });
  it('trims the reason', () =>
    given([registered])
      .when(topUp(5, undefined, '  goodwill  '))
      .then([{ type: 'ChecksToppedUp', data: { userId, amount: 5, reason: 'goodwill', by: admin, at: now } }]));
  it('applies a top-up with the same Idempotency-Key once', () =>
    given([registered, toppedUp(10, 'key-12345')])
      .when(topUp(10, 'key-12345'))
      .then([]));
  it('refuses the same Idempotency-Key with another amount', () =>
    given([registered, toppedUp(10, 'key-12345')])
      .when(topUp(20, 'key-12345'))
      .thenThrows(Conflict));
  it('applies another key again', () =>
    given([registered, toppedUp(10, 'key-12345')])
      .when(topUp(10, 'key-67890'))
      .then([toppedUp(10, 'key-67890')]));
  it.each([0, -1, 1.5, 10_001, Number.NaN])('refuses the amount %p', (amount) => given([registered]).when(topUp(amount)).thenThrows(Invalid));
  it('accepts up to 10,000 checks', () =>
    given([registered])
      .when(topUp(10_000))
      .then([{ ...toppedUp(10_000) }]));
  it('refuses an empty or over-long reason', () => {
    given([registered])
      .when(topUp(10, undefined, '   '))
      .thenThrows(Invalid, 'Give a reason');
    given([registered])
      .when(topUp(10, undefined, 'x'.repeat(501)))
      .thenThrows(Invalid);
  });
  it('is refused for an unknown user', () => given([]).when(topUp(10)).thenThrows(NotFound));
});

describe('BlockUser and UnblockUser', () => {
  const admin = { userId: 'admin-1', email: 'admin@ws.example' };
  const block = (by = admin, reason = 'Blocked from admin panel'): UserCommand => ({ type: 'BlockUser', data: { by, reason }, metadata: { now } });
  const unblock = (reason = 'Unblocked from admin panel'): UserCommand => ({ type: 'UnblockUser', data: { by: admin, reason }, metadata: { now } });
  const blocked: UserEvent = {
    type: 'UserRoleChanged',
    data: { userId, role: 'blocked', previousRole: 'user', by: admin, reason: 'Blocked from admin panel', at: now },
  };
  const asAdmin = { ...registered, data: { ...registered.data, role: 'admin' } } as UserEvent;

  it('blocks a user, recording the role they had, who and why', () => given([registered]).when(block()).then([blocked]));
  it('changes nothing for a user already blocked', () => given([registered, blocked]).when(block()).then([]));
  it('does not let an admin block themselves', () =>
    given([asAdmin])
      .when(block({ userId, email: 'ana@bank.example' }))
      .thenThrows(Conflict, 'You cannot block your own account'));
  it('does not let an admin block another admin', () => given([asAdmin]).when(block()).thenThrows(Conflict, 'An admin account cannot be blocked'));
  it('is refused for an unknown user', () => given([]).when(block()).thenThrows(NotFound));
  it('gives a blocked user back the role they had', () =>
    given([registered, blocked])
      .when(unblock())
      .then([{ type: 'UserRoleChanged', data: { userId, role: 'user', previousRole: 'blocked', by: admin, reason: 'Unblocked from admin panel', at: now } }]));
  it('changes nothing for a user who is not blocked', () => given([registered]).when(unblock()).then([]));
  it('lets a blocked user sign in again after the unblock', () =>
    given([registered, blocked, { type: 'UserRoleChanged', data: { userId, role: 'user', previousRole: 'blocked', by: admin, reason: 'r', at: now } }])
      .when({ type: 'RecordSignIn', data: { area: 'dashboard', address: '203.0.113.9' }, metadata: { now } })
      .then([{ type: 'UserSignedIn', data: { userId, area: 'dashboard', address: '203.0.113.9', at: now } }]));
  it('refuses a blocked user a check and a password reset', () => {
    given([registered, blocked])
      .when({ type: 'ChargeCheck', data: { checkId: 'c1' }, metadata: { now } })
      .thenThrows(Forbidden);
    given([registered, blocked])
      .when({ type: 'RequestPasswordReset', data: { tokenHash: 't', expiresAt: later(30) }, metadata: { now } })
      .thenThrows(Forbidden);
  });
  it('gives back the role the user had before the block (an auditor stays an auditor)', () => {
    const auditor = { ...registered, data: { ...registered.data, role: 'auditor' } } as UserEvent;
    const blockedAuditor: UserEvent = {
      type: 'UserRoleChanged',
      data: { userId, role: 'blocked', previousRole: 'auditor', by: admin, reason: 'Blocked from admin panel', at: now },
    };
    given([auditor]).when(block()).then([blockedAuditor]);
    given([auditor, blockedAuditor])
      .when(unblock())
      .then([
        { type: 'UserRoleChanged', data: { userId, role: 'auditor', previousRole: 'blocked', by: admin, reason: 'Unblocked from admin panel', at: now } },
      ]);
  });
  it('needs a reason, trimmed, to block or unblock', () => {
    given([registered]).when(block(admin, '  ')).thenThrows(Invalid, 'Give a reason');
    given([registered, blocked])
      .when(unblock('x'.repeat(501)))
      .thenThrows(Invalid);
    given([registered])
      .when(block(admin, '  fraud  '))
      .then([{ type: 'UserRoleChanged', data: { userId, role: 'blocked', previousRole: 'user', by: admin, reason: 'fraud', at: now } }]);
  });
  it('refuses an unknown user an unblock too', () => given([]).when(unblock()).thenThrows(NotFound));
});
