import pino from 'pino';

export type Logger = pino.Logger;

/** JSON lines on stdout; `LOG_LEVEL` chooses the level. */
export function createLogger(options: { level?: string; name?: string } = {}): Logger {
  return pino({ level: options.level ?? 'info', name: options.name ?? 'walletscreen', base: undefined });
}
