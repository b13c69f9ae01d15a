import { accountMessages } from '@walletscreen/contracts';
import { ApiError } from '../../lib/api-client';
import { changePasswordFailure, SAME_PASSWORD, toChangePasswordRequest, validateChangePassword } from './change-password-form';

const valid = { current: 'Old-Passphrase-1', next: 'New-Passphrase-2', confirm: 'New-Passphrase-2' };

describe('the change-password form', () => {
  it('accepts a current password and a new one typed twice', () => expect(validateChangePassword(valid)).toEqual({}));
  it('asks for every field', () =>
    expect(validateChangePassword({ current: '', next: '', confirm: '' })).toEqual({
      current: accountMessages.currentPasswordRequired,
      next: accountMessages.passwordRequired,
      confirm: accountMessages.confirmRequired,
    }));
  it('holds the new password to the registration rules the browser can check', () => {
    expect(validateChangePassword({ ...valid, next: 'short', confirm: 'short' }).next).toBe(accountMessages.passwordTooShort);
    expect(validateChangePassword({ ...valid, next: 'x'.repeat(129), confirm: 'x'.repeat(129) }).next).toBe(accountMessages.passwordTooLong);
  });
  it('wants a new password different from the current one, typed the same twice', () => {
    expect(validateChangePassword({ ...valid, next: valid.current, confirm: valid.current }).next).toBe(SAME_PASSWORD);
    expect(validateChangePassword({ ...valid, confirm: 'New-Passphrase-3' }).confirm).toBe(accountMessages.passwordsMismatch);
  });
  it('sends the two passwords under the API names', () =>
    expect(toChangePasswordRequest(valid)).toEqual({ current_password: 'Old-Passphrase-1', new_password: 'New-Passphrase-2' }));
  it("puts the server's field messages under their fields, anything else above the form", () => {
    const wrong = new ApiError(400, accountMessages.currentPasswordWrong, null, { current_password: accountMessages.currentPasswordWrong });
    expect(changePasswordFailure(wrong)).toEqual({ fields: { current: accountMessages.currentPasswordWrong }, alert: null });
    const common = new ApiError(400, accountMessages.passwordTooCommon, null, { new_password: accountMessages.passwordTooCommon });
    expect(changePasswordFailure(common)).toEqual({ fields: { next: accountMessages.passwordTooCommon }, alert: null });
    expect(changePasswordFailure(new ApiError(429, accountMessages.tooManyAttempts))).toEqual({ fields: {}, alert: accountMessages.tooManyAttempts });
    expect(changePasswordFailure(new Error('boom')).alert).toBe('Something went wrong. Please try again.');
  });
});
