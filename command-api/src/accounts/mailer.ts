import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@walletscreen/platform';
import { EMAIL_CONFIRMATION_TOKEN_HOURS } from '@walletscreen/domain/user/decide';

/** One e-mail: plain text always, HTML when given. `kind` names it in the log and the outbox file. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  sendPasswordReset(to: string, link: string): Promise<void>;
  sendEmailConfirmation(to: string, link: string, checks: number): Promise<void>;
  close(): void;
}

/**
 * The product's e-mails (password resets, e-mail address confirmations, alerts, disabled webhooks). With SMTP_URL they go
 * through nodemailer's SMTP transport; without it each message is written, whole, to
 * DATA_DIR/outbox/*.eml (private to the service's user) and noted in the server log by its file,
 * never its content, so a person running the product alone still gets them.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  const { logger } = options;
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  // The log names the message and its file, never its content: a reset link in a log is a way into
  // the account for anyone who reads the logs (they are shipped, kept and shared far more widely
  // than DATA_DIR/outbox, which is the service user's alone).
  async function send(message: MailMessage) {
    const info = await transport.sendMail({
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
    if (!options.smtpUrl) {
      mkdirSync(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.kind}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      logger.info({ to: message.to, file }, `SMTP_URL is not set: ${message.kind} e-mail written to the outbox`);
    } else {
      logger.info({ to: message.to, messageId: info.messageId }, `${message.kind} e-mail sent`);
    }
  }

  return {
    send: (message) => send(message),
    sendPasswordReset(to, link) {
      return send({
        to,
        kind: 'password-reset',
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
    },
    sendEmailConfirmation(to, link, checks) {
      return send({
        to,
        kind: 'email-confirmation',
        subject: 'Confirm your WalletScreen e-mail address',
        text: [
          'Welcome to WalletScreen.',
          '',
          `Confirm your e-mail address here to receive your ${checks} free checks (the link works for ${EMAIL_CONFIRMATION_TOKEN_HOURS} hours):`,
          link,
          '',
          'If you did not register, ignore this message: nothing is charged and the account gets no checks.',
        ].join('\n'),
        html: `<p>Welcome to WalletScreen.</p>
<p><a href="${link}">Confirm your e-mail address</a> to receive your ${checks} free checks (the link works for ${EMAIL_CONFIRMATION_TOKEN_HOURS} hours).</p>
<p>If you did not register, ignore this message: nothing is charged and the account gets no checks.</p>`,
      });
    },
    close() {
      transport.close();
    },
  };
}
