/**
 * The change-password form: what the user fills in, how it is checked before sending (the
 * registration rules the browser can check; the server adds the common-password rule), what is
 * sent, and where a refusal lands. Pure functions: the form calls them, the unit tests read them.
 */
import { accountMessages, newPasswordSchema, type ChangePasswordRequest } from '@walletscreen/contracts';
import { formFailure, type FieldErrors, type FormFailure } from '../../lib/form-failure';

export interface ChangePasswordValues {
  current: string;
  next: string;
  confirm: string;
}

export type ChangePasswordErrors = FieldErrors<ChangePasswordValues>;

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

const fieldOf: Record<string, keyof ChangePasswordValues> = { current_password: 'current', new_password: 'next' };

/** A refused change: the server's field messages under their fields, anything else above the form. */
export const changePasswordFailure = (error: unknown): FormFailure<ChangePasswordValues> =>
  formFailure(error, (serverField) => (Object.hasOwn(fieldOf, serverField) ? fieldOf[serverField] : null));
