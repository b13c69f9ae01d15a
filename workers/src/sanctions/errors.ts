/**
 * The sanctions list's errors (domain/src/sanctions-list/errors.ts, where the decider's refusals
 * are thrown), and how each surface says that a refusal can be forced.
 */
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';

/** Whether an import was refused only because its list could not be shown to be newer (it can be forced). */
export const isForceable = (error: unknown): error is SanctionsListError =>
  error instanceof SanctionsListError && (error.code === 'older-list' || error.code === 'undated-list');

/** The same error with how to force it on this surface appended to its message. */
export function withForceHint(error: unknown, hint: string): unknown {
  return isForceable(error) ? new SanctionsListError(error.code, `${error.message} ${hint}`, { cause: error }) : error;
}
