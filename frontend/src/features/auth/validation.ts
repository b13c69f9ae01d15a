/**
 * Client-side validation of the account forms (spec §5) and how server refusals map onto the
 * fields (spec §8). Pure functions: the forms call them, the unit tests read them.
 */
import { accountMessages, PASSWORD_MIN } from '@walletscreen/contracts';
import { ApiError } from '../../lib/api-client';
import { formFailure, namedFields, SOMETHING_WENT_WRONG, type FieldErrors, type FormFailure } from '../../lib/form-failure';

const blank = (value: string) => value.trim() === '';

export interface SignInValues {
  email: string;
  password: string;
}

/** Sign-in and admin sign-in: "Email is required", "Password is required". */
export function validateSignIn(values: SignInValues): FieldErrors<SignInValues> {
  const errors: FieldErrors<SignInValues> = {};
  if (blank(values.email)) errors.email = accountMessages.emailRequired;
  if (values.password === '') errors.password = accountMessages.passwordRequired;
  return errors;
}

export interface RegisterValues {
  email: string;
  /** The "Company Name / Username" field; sent as `username`. */
  username: string;
  password: string;
}

/** Registration: "Email is required", "Company name is required", "Password is required". */
export function validateRegister(values: RegisterValues): FieldErrors<RegisterValues> {
  const errors: FieldErrors<RegisterValues> = {};
  if (blank(values.email)) errors.email = accountMessages.emailRequired;
  if (blank(values.username)) errors.username = accountMessages.companyRequired;
  if (values.password === '') errors.password = accountMessages.passwordRequired;
  return errors;
}

export interface ResetRequestValues {
  email: string;
}

export function validateResetRequest(values: ResetRequestValues): FieldErrors<ResetRequestValues> {
  return blank(values.email) ? { email: accountMessages.emailRequired } : {};
}

export interface SetPasswordValues {
  password: string;
  confirm: string;
}

/**
 * Set new password: "Password is required", "Minimum 8 characters", "Confirm your password",
 * "Passwords do not match".
 */
export function validateSetPassword(values: SetPasswordValues): FieldErrors<SetPasswordValues> {
  const errors: FieldErrors<SetPasswordValues> = {};
  if (values.password === '') errors.password = accountMessages.passwordRequired;
  else if (values.password.length < PASSWORD_MIN) errors.password = accountMessages.passwordTooShort;
  if (values.confirm === '') errors.confirm = accountMessages.confirmRequired;
  else if (values.confirm !== values.password) errors.confirm = accountMessages.passwordsMismatch;
  return errors;
}

export const PASSWORDS_MISMATCH_AT_SUBMIT = 'Passwords do not match.';

/**
 * The message shown on submitting the set-password form: "Invalid or missing token." without a
 * token in the URL, "Passwords do not match." when the two differ, otherwise none.
 */
export function setPasswordSubmitProblem(token: string | null, values: SetPasswordValues): string | null {
  if (!token || token.trim() === '') return accountMessages.tokenMissing;
  if (values.confirm !== '' && values.confirm !== values.password) return PASSWORDS_MISMATCH_AT_SUBMIT;
  return null;
}

/** A throttling message with the wait from Retry-After: "… Try again in 30 seconds." (in minutes from two minutes on). */
export function throttledText(error: ApiError): string {
  const seconds = error.retryAfterSeconds;
  if (seconds === null) return error.message;
  const base = error.message.replace(/\s*Try again later\.?\s*$/i, '');
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 120 ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : `${minutes} minutes`;
  return `${base} Try again in ${wait}.`.trim();
}

/**
 * Sign-in failures: a 401 puts "Invalid email or password" on both fields; a 429 tells how many
 * seconds to wait; invalid fields show the server's message under them; anything else is one
 * message for the form.
 */
export function signInFailure(error: unknown): FormFailure<SignInValues> {
  if (error instanceof ApiError) {
    if (error.status === 401) {
      return { fields: { email: accountMessages.invalidCredentials, password: accountMessages.invalidCredentials }, alert: null };
    }
    if (error.status === 429) return { fields: {}, alert: throttledText(error) };
  }
  return formFailure<SignInValues>(error, namedFields<SignInValues>(['email', 'password']));
}

/** Registration failures: a 409 shows "Registration failed. Try another email." on the e-mail field. */
export function registerFailure(error: unknown): FormFailure<RegisterValues> {
  if (error instanceof ApiError) {
    if (error.status === 409) return { fields: { email: accountMessages.registrationFailed }, alert: null };
  }
  const failure = formFailure<RegisterValues>(error, namedFields<RegisterValues>(['email', 'username', 'password']));
  return error instanceof ApiError && error.status === 429 && failure.alert !== null ? { fields: {}, alert: throttledText(error) } : failure;
}

export const RESET_REQUEST_FAILED = 'Something went wrong. Please try again later.';
export const RESET_FAILED = SOMETHING_WENT_WRONG;

/** Reset request failures: an invalid e-mail under the field, anything else the spec's sentence. */
export function resetRequestFailure(error: unknown): FormFailure<ResetRequestValues> {
  const { fields } = formFailure<ResetRequestValues>(error, namedFields<ResetRequestValues>(['email']));
  return Object.keys(fields).length > 0 ? { fields, alert: null } : { fields: {}, alert: RESET_REQUEST_FAILED };
}

/** Reset failures: the server's error text, or "Something went wrong. Please try again.". */
export function resetFailure(error: unknown): FormFailure<SetPasswordValues> {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) {
    const password = error.fieldErrors.password;
    return { fields: password ? { password } : {}, alert: password ? null : error.message };
  }
  return { fields: {}, alert: RESET_FAILED };
}
