/** The rules a new password is held to (registration, reset, change): pure, shared by the service and the decider. */
import { accountMessages, PASSWORD_MAX, PASSWORD_MIN } from '@walletscreen/contracts';
import { isCommonPassword } from './common-passwords';

/** Rules for a new password; returns the message for the password field, or null when it is acceptable. */
export function passwordProblem(password: string, context: { email?: string; username?: string } = {}): string | null {
  if (password.length === 0) return accountMessages.passwordRequired;
  if (password.length < PASSWORD_MIN) return accountMessages.passwordTooShort;
  if (password.length > PASSWORD_MAX) return accountMessages.passwordTooLong;
  const lower = password.toLowerCase();
  if (isCommonPassword(lower)) return accountMessages.passwordTooCommon;
  if ((context.email && lower === context.email.toLowerCase()) || (context.username && lower === context.username.trim().toLowerCase())) {
    return 'The password must not be your e-mail or company name';
  }
  return null;
}
