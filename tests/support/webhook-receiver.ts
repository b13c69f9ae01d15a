/**
 * A real HTTP server on loopback that receives webhooks: it keeps every request (headers, raw
 * body, when it arrived) and answers with the statuses it is told, in order (200 once they run
 * out); `'hang'` never answers.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Answers for the next requests to this path (`'hang'`: no answer at all). */
  answer(path: string, ...statuses: Array<number | 'hang'>): void;
  /** Waits until `count` requests reached the path. */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  /** Listener for every request as it arrives (the bench measures with it). */
  onReceive?: (request: ReceivedWebhook) => void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const answers = new Map<string, Array<number | 'hang'>>();
  const hanging: ServerResponse[] = [];
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() };
      received.push(request);
      receiver.onReceive?.(request);
      const status = answers.get(request.path)?.shift() ?? 200;
      if (status === 'hang') return void hanging.push(res);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answer(path, ...statuses) {
      answers.set(path, [...(answers.get(path) ?? []), ...statuses]);
    },
    async waitFor(path, count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = received.filter((r) => r.path === path);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline) throw new Error(`${path} received ${matching.length} of ${count} webhooks in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}
