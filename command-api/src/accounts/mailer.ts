import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@walletscreen/platform';

export interface Mailer {
  sendPasswordReset(to: string, link: string): Promise<void>;
  close(): void;
}

/**
 * Password-reset e-mails. With SMTP_URL they go through nodemailer's SMTP transport; without it the
 * message is written, whole, to DATA_DIR/outbox/*.eml and its link to the server log, so a person
 * running the product alone can still reset a password.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  const { logger } = options;
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async sendPasswordReset(to, link) {
      const info = await transport.sendMail({
        from: options.from,
        to,
        subject: 'Reset your WalletScreen password',
        text: [
          'Someone asked to reset the password of your WalletScreen account.',
          '',
          `Set a new password here (the link works once, for 30 minutes):`,
          link,
          '',
          'If it was not you, ignore this message: your password stays as it is.',
        ].join('\n'),
        html: `<p>Someone asked to reset the password of your WalletScreen account.</p>
<p><a href="${link}">Set a new password</a> (the link works once, for 30 minutes).</p>
<p>If it was not you, ignore this message: your password stays as it is.</p>`,
      });
      if (!options.smtpUrl) {
        mkdirSync(options.outboxDir, { recursive: true });
        const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-password-reset.eml`);
        writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
        logger.info({ to, link, file }, 'SMTP_URL is not set: password-reset e-mail written to the outbox');
      } else {
        logger.info({ to, messageId: info.messageId }, 'password-reset e-mail sent');
      }
    },
    close() {
      transport.close();
    },
  };
}
