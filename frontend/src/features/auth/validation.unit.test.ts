import { ApiError } from '../../lib/api-client';
import {
  registerFailure,
  resetFailure,
  resetRequestFailure,
  setPasswordSubmitProblem,
  signInFailure,
  validateRegister,
  validateResetRequest,
  validateSetPassword,
  validateSignIn,
} from './validation';

describe('the sign-in form', () => {
  it('requires the e-mail and the password', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateSignIn({ email: '   ', password: 'x' })).toEqual({ email: 'Email is required' });
    expect(validateSignIn({ email: 'a@b.example', password: 'x' })).toEqual({});
  });

  it('shows "Invalid email or password" on both fields after a 401', () => {
    expect(signInFailure(new ApiError(401, 'Invalid email or password'))).toEqual({
      fields: { email: 'Invalid email or password', password: 'Invalid email or password' },
      alert: null,
    });
  });

  it('tells how long to wait after too many attempts', () => {
    expect(signInFailure(new ApiError(429, 'Too many sign-in attempts. Try again later.', null, {}, 30)).alert).toBe(
      'Too many sign-in attempts. Try again in 30 seconds.',
    );
    expect(signInFailure(new ApiError(429, 'Slow down.', null, {}, 1)).alert).toBe('Slow down. Try again in 1 second.');
    expect(signInFailure(new ApiError(429, 'Slow down.', null, {}, 3_541)).alert).toBe('Slow down. Try again in 60 minutes.');
    expect(signInFailure(new ApiError(429, 'Too many sign-in attempts. Try again later.')).alert).toBe('Too many sign-in attempts. Try again later.');
  });

  it('shows the server messages under the fields it names', () => {
    expect(signInFailure(new ApiError(400, 'Invalid request', null, { email: 'Enter a valid email address' }))).toEqual({
      fields: { email: 'Enter a valid email address' },
      alert: null,
    });
  });

  it('shows any other refusal as one message (a blocked account)', () => {
    expect(signInFailure(new ApiError(403, 'This account is blocked. Contact support.'))).toEqual({
      fields: {},
      alert: 'This account is blocked. Contact support.',
    });
  });
});

describe('the registration form', () => {
  it('requires the e-mail, the company name and the password', () => {
    expect(validateRegister({ email: '', username: ' ', password: '' })).toEqual({
      email: 'Email is required',
      username: 'Company name is required',
      password: 'Password is required',
    });
    expect(validateRegister({ email: 'a@b.example', username: 'Acme', password: 'x' })).toEqual({});
  });

  it('puts "Registration failed. Try another email." on the e-mail field after a 409', () => {
    expect(registerFailure(new ApiError(409, 'Registration failed. Try another email.'))).toEqual({
      fields: { email: 'Registration failed. Try another email.' },
      alert: null,
    });
  });

  it('shows per-field server messages such as a too common password', () => {
    const error = new ApiError(400, 'Invalid request', null, { password: 'This password is too common. Choose another one.' });
    expect(registerFailure(error).fields).toEqual({ password: 'This password is too common. Choose another one.' });
  });
});

describe('the reset request form', () => {
  it('requires the e-mail', () => {
    expect(validateResetRequest({ email: '' })).toEqual({ email: 'Email is required' });
    expect(validateResetRequest({ email: 'a@b.example' })).toEqual({});
  });

  it('shows the spec sentence when the request fails', () => {
    expect(resetRequestFailure(new ApiError(500, 'boom')).alert).toBe('Something went wrong. Please try again later.');
    expect(resetRequestFailure(new ApiError(0, 'offline')).alert).toBe('Something went wrong. Please try again later.');
  });
});

describe('the set-password form', () => {
  it('requires a password of at least 8 characters and its confirmation', () => {
    expect(validateSetPassword({ password: '', confirm: '' })).toEqual({ password: 'Password is required', confirm: 'Confirm your password' });
    expect(validateSetPassword({ password: 'short', confirm: 'short' })).toEqual({ password: 'Minimum 8 characters' });
  });

  it('requires the two passwords to match', () => {
    expect(validateSetPassword({ password: 'long-enough-1', confirm: 'long-enough-2' })).toEqual({ confirm: 'Passwords do not match' });
    expect(validateSetPassword({ password: 'long-enough-1', confirm: 'long-enough-1' })).toEqual({});
  });

  it('on submit without a token in the URL says "Invalid or missing token."', () => {
    expect(setPasswordSubmitProblem(null, { password: 'long-enough-1', confirm: 'long-enough-1' })).toBe('Invalid or missing token.');
    expect(setPasswordSubmitProblem('', { password: 'long-enough-1', confirm: 'long-enough-1' })).toBe('Invalid or missing token.');
  });

  it('on submit with different passwords says "Passwords do not match."', () => {
    expect(setPasswordSubmitProblem('tok', { password: 'long-enough-1', confirm: 'long-enough-2' })).toBe('Passwords do not match.');
    expect(setPasswordSubmitProblem('tok', { password: 'long-enough-1', confirm: 'long-enough-1' })).toBeNull();
  });

  it('shows the server error text when the reset is refused, else the spec sentence', () => {
    const refused = new ApiError(400, 'This reset link is invalid or has expired. Request a new one.');
    expect(resetFailure(refused).alert).toBe('This reset link is invalid or has expired. Request a new one.');
    expect(resetFailure(new ApiError(0, 'offline')).alert).toBe('Something went wrong. Please try again.');
    expect(resetFailure(new Error('boom')).alert).toBe('Something went wrong. Please try again.');
  });
});
