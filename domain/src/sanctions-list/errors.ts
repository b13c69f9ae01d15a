/**
 * Why a sanctions list could not be read or imported. `code` tells the kind; `message` is written
 * for the person running `npm run sanctions:sync`, uploading a file, or reading the server log,
 * and says what to do. The decider refuses with `empty-list`, `older-list` and `undated-list`; the
 * workers' sync, which reads and parses the file, with the others.
 *
 * `older-list` and `undated-list` are refusals to replace the list in force with one that cannot
 * be shown to be newer; they can be forced (`--allow-older`, the upload's "replace even though
 * older" option), so each surface adds how (workers' sanctions/errors.ts `withForceHint`).
 */
export type SanctionsListErrorCode =
  'file-missing' | 'unknown-format' | 'malformed' | 'download-failed' | 'empty-list' | 'older-list' | 'undated-list' | 'too-large';

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
