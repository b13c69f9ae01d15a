/**
 * Sends one webhook message: a POST signed as Standard Webhooks says (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one
 * signature per secret), to a checked address, without following redirects, within a timeout,
 * keeping at most 1 KB of the answer.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { webhookMessages } from '@walletscreen/contracts';
import type { AttemptOutcome } from '@walletscreen/domain/webhook-delivery/events';
import { checkedLookup, isPublicAddress, literalIp, PrivateDestination } from './destination';

export const RESPONSE_BODY_MAX = 1024;

/** A new secret: `whsec_` and the base64 of 24 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** `v1,<signature>` for each secret, space-separated. */
export function signatureHeader(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
    })
    .join(' ');
}

export interface WebhookMessage {
  url: string;
  id: string;
  body: string;
  secrets: readonly string[];
  /** The moment it is sent: the `webhook-timestamp`. */
  now: Date;
}

export type SendWebhook = (message: WebhookMessage) => Promise<AttemptOutcome>;

export function createWebhookSender(options: { allowPrivate: boolean; timeoutMs: number; userAgent?: string }): { send: SendWebhook; close(): void } {
  const lookup = checkedLookup(options.allowPrivate);
  const agents = {
    'http:': new http.Agent({ keepAlive: true, lookup, maxSockets: 64 }),
    'https:': new https.Agent({ keepAlive: true, lookup, maxSockets: 64 }),
  };

  function send(message: WebhookMessage): Promise<AttemptOutcome> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const failed = (error: string, statusCode: number | null = null, responseBody: string | null = null): AttemptOutcome => ({
      ok: false,
      statusCode,
      durationMs: took(),
      error,
      responseBody,
    });
    const url = new URL(message.url);
    // An IP written in the URL is never looked up, so it is checked here.
    const ip = literalIp(url.hostname);
    if (ip !== null && !options.allowPrivate && !isPublicAddress(ip)) return Promise.resolve(failed(webhookMessages.privateDestination));
    const timestamp = Math.floor(message.now.getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(message.body)),
      'user-agent': options.userAgent ?? 'WalletScreen-Webhooks/1',
      'webhook-id': message.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(message.secrets, message.id, timestamp, message.body),
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<AttemptOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: AttemptOutcome) => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      const req = client.request(url, { method: 'POST', headers, agent: agents[url.protocol as 'http:' | 'https:'], timeout: options.timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_BODY_MAX) {
            chunks.push(chunk.subarray(0, RESPONSE_BODY_MAX - kept));
            kept += Math.min(chunk.length, RESPONSE_BODY_MAX - kept);
          }
        });
        const done = () => {
          const status = res.statusCode ?? 0;
          const body = Buffer.concat(chunks).toString('utf8');
          const ok = status >= 200 && status < 300;
          // Redirects are not followed: a 3xx is a failed attempt, said plainly.
          const error = ok ? null : status >= 300 && status < 400 ? `Redirect (${status}) not followed` : `HTTP ${status}`;
          finish({ ok, statusCode: status, durationMs: took(), error, responseBody: body || null });
        };
        res.on('end', done);
        res.on('error', (error) => finish(failed(error.message, res.statusCode ?? null)));
        res.on('aborted', () => finish(failed('The answer was cut off', res.statusCode ?? null)));
      });
      req.on('timeout', () => {
        req.destroy(new Error(`No answer within ${Math.round(options.timeoutMs / 1000)} s`));
      });
      req.on('error', (error) => {
        if (error instanceof PrivateDestination) return finish(failed(webhookMessages.privateDestination));
        const code = (error as NodeJS.ErrnoException).code;
        finish(failed(code && !error.message.includes(code) ? `${error.message} (${code})` : error.message));
      });
      req.end(message.body);
    });
  }

  return {
    send,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
