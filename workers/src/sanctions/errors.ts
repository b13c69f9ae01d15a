/**
 * Why a sanctions list could not be read or imported. `code` tells the kind; `message` is written
 * for the person running `npm run sanctions:sync`, uploading a file, or reading the server log,
 * and says what to do.
 *
 * `older-list` and `undated-list` are refusals to replace the list in force with one that cannot
 * be shown to be newer; they can be forced (`--allow-older`, the upload's "replace even though
 * older" option), so each surface adds how with `withForceHint`.
 */
export type SanctionsListErrorCode = 'file-missing' | 'unknown-format' | 'malformed' | 'download-failed' | 'empty-list' | 'older-list' | 'undated-list' | 'too-large';

export class SanctionsListError extends Error {
  constructor(
    readonly code: SanctionsListErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SanctionsListError';
  }
}

/** Whether an import was refused only because its list could not be shown to be newer (it can be forced). */
export const isForceable = (error: unknown): error is SanctionsListError =>
  error instanceof SanctionsListError && (error.code === 'older-list' || error.code === 'undated-list');

/** The same error with how to force it on this surface appended to its message. */
export function withForceHint(error: unknown, hint: string): unknown {
  return isForceable(error) ? new SanctionsListError(error.code, `${error.message} ${hint}`, { cause: error }) : error;
}
