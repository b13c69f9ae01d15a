/**
 * Why a sanctions list could not be read or imported. `code` tells the kind; `message` is written
 * for the person running `npm run sanctions:sync` (or reading the server log) and says what to do.
 */
export type SanctionsListErrorCode = 'file-missing' | 'unknown-format' | 'malformed' | 'download-failed' | 'empty-list';

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
