import pino from 'pino';

export type Logger = pino.Logger;

/** JSON lines on stdout; `LOG_LEVEL` chooses the level. */
export function createLogger(options: { level?: string; name?: string; write?: (line: string) => void } = {}): Logger {
  const settings = { level: options.level ?? 'info', name: options.name ?? 'walletscreen', base: undefined };
  // `write`: every record, as its JSON line, to this function instead of stdout (another thread's logger).
  return options.write ? pino(settings, { write: options.write }) : pino(settings);
}
