/**
 * The mailer without SMTP: each e-mail is written whole to the outbox, private to the service's
 * user, and the server log names the file, never the content (a password-reset link in a log is a
 * way into the account for whoever reads the logs).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@walletscreen/platform';
import { createMailer } from './mailer';

it('writes a password reset to the outbox only, and logs the file, not the link', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-mailer-'));
  const lines: string[] = [];
  try {
    const mailer = createMailer({
      from: 'WalletScreen <no-reply@example.com>',
      outboxDir: path.join(dir, 'outbox'),
      logger: createLogger({ level: 'debug', write: (l) => lines.push(l) }),
    });
    const link = 'https://screen.example.com/reset-password?token=SECRET-RESET-TOKEN-0123456789';
    await mailer.sendPasswordReset('dave@example.com', link);
    mailer.close();
    const [file] = readdirSync(path.join(dir, 'outbox'));
    const eml = path.join(dir, 'outbox', file!);
    expect(readFileSync(eml, 'utf8')).toContain('SECRET-RESET-TOKEN-0123456789');
    expect(statSync(eml).mode & 0o777).toBe(0o600);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ to: 'dave@example.com', file: eml, msg: 'SMTP_URL is not set: password-reset e-mail written to the outbox' });
    expect(lines.join('\n')).not.toContain('SECRET-RESET-TOKEN');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
