/**
 * Why a feed could not be synced; `message` says what happened and, for an admin, what to do. The
 * decider refuses a file with no usable entry (`empty-feed`); the workers' sync, which downloads,
 * reads and parses the file, throws the others.
 */
export type FeedErrorCode = 'file-missing' | 'download-failed' | 'invalid-file' | 'empty-feed' | 'too-large' | 'disabled' | 'not-downloadable';

export class FeedError extends Error {
  constructor(
    readonly code: FeedErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FeedError';
  }
}
