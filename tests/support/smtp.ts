import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpSink(): Promise<{
  url: string;
  messages: ReceivedMail[];
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const messages: ReceivedMail[] = [];
  const listeners: Array<(m: ReceivedMail) => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        messages.push(mail);
        for (const l of listeners.splice(0)) l(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  let read = 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(timeoutMs = 10_000) {
      if (messages.length > read) return Promise.resolve(messages[read++]!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no e-mail arrived')), timeoutMs);
        listeners.push((m) => {
          clearTimeout(timer);
          read++;
          resolve(m);
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The link to `page` of a received message (text part; quoted-printable soft breaks undone). */
export function linkOf(raw: string, page: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`(https?://\\S+/${page}\\?token=[^\\s"<]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in:\n${raw}`);
  return match[1]!;
}

/** The password-reset link of a received message. */
export const resetLinkOf = (mail: ReceivedMail) => linkOf(mail.raw, 'set-password');

/** The e-mail confirmation link of a received message (or of an .eml file's text). */
export const confirmationLinkOf = (mail: ReceivedMail | string) => linkOf(typeof mail === 'string' ? mail : mail.raw, 'confirm-email');
