/**
 * The change-password form: what the user fills in, how it is checked before sending (the
 * registration rules the browser can check; the server adds the common-password rule), what is
 * sent, and where a refusal lands. Pure functions: the form calls them, the unit tests read them.
 */
import { accountMessages, newPasswordSchema, type ChangePasswordRequest } from '@walletscreen/contracts';
import { ApiError } from '../../lib/api-client';

export interface ChangePasswordValues {
  current: string;
  next: string;
  confirm: string;
}

export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordValues, string>>;

export const emptyChangePasswordForm = (): ChangePasswordValues => ({ current: '', next: '', confirm: '' });

export const SAME_PASSWORD = 'Choose a password different from the current one';

export function validateChangePassword(values: ChangePasswordValues): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (values.current === '') errors.current = accountMessages.currentPasswordRequired;
  const next = newPasswordSchema.safeParse(values.next);
  if (!next.success) errors.next = next.error.issues[0]?.message ?? accountMessages.passwordRequired;
  else if (values.next === values.current) errors.next = SAME_PASSWORD;
  if (values.confirm === '') errors.confirm = accountMessages.confirmRequired;
  else if (values.confirm !== values.next) errors.confirm = accountMessages.passwordsMismatch;
  return errors;
}

export function toChangePasswordRequest(values: ChangePasswordValues): ChangePasswordRequest {
  return { current_password: values.current, new_password: values.next };
}

export interface ChangePasswordFailure {
  fields: ChangePasswordErrors;
  /** A message for the form as a whole (too many attempts, network, anything not about one field). */
  alert: string | null;
}

const fieldOf: Record<string, keyof ChangePasswordValues> = { current_password: 'current', new_password: 'next' };

/** A refused change: the server's field messages under their fields, anything else above the form. */
export function changePasswordFailure(error: unknown): ChangePasswordFailure {
  if (!(error instanceof ApiError)) return { fields: {}, alert: 'Something went wrong. Please try again.' };
  const fields: ChangePasswordErrors = {};
  for (const [serverField, message] of Object.entries(error.fieldErrors)) {
    const field = fieldOf[serverField];
    if (field && !fields[field]) fields[field] = message;
  }
  if (Object.keys(fields).length > 0) return { fields, alert: null };
  return { fields: {}, alert: error.message || 'Something went wrong. Please try again.' };
}
