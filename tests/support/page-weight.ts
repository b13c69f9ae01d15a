/**
 * What a first visit to a page costs, measured in Chromium through the DevTools protocol: every
 * response's bytes on the wire (`Network.loadingFinished` encodedDataLength: headers and body as
 * sent, compressed or not) and its body once decoded (`Network.dataReceived`), by kind. The scripts'
 * "gzipped" size is their decoded bodies gzipped here at level 9, whatever the server sent, so the
 * figure compares builds rather than servers. The cache is off: a first visit.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';

export interface PageWeight {
  requests: number;
  /** Bytes on the wire, headers included. */
  transferred: number;
  /** Bodies once decoded (what the browser parses). */
  decoded: number;
  scriptTransferred: number;
  scriptDecoded: number;
  /** The scripts' bodies, each gzipped at level 9. */
  scriptGzipped: number;
  stylesheetTransferred: number;
  /** Each response: its URL, kind, wire bytes, decoded bytes and Content-Encoding. */
  responses: Array<{ url: string; type: string; transferred: number; decoded: number; encoding: string }>;
}

/**
 * Opens `url` in a new page of `context`, waits for `ready` and the network to go quiet, and adds up
 * what came over the network (WebSocket frames are not responses and are left out).
 */
export async function measureFirstLoad(
  context: BrowserContext,
  url: string,
  ready: (page: import('playwright-core').Page) => Promise<void>,
): Promise<PageWeight> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Map<string, { url: string; type: string; encoding: string; decoded: number; transferred?: number }>();
  cdp.on('Network.responseReceived', (e) => {
    const encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? '';
    seen.set(e.requestId, { url: e.response.url, type: e.type ?? 'Other', encoding: String(encoding), decoded: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.decoded += e.dataLength;
  });
  const bodies: Promise<number>[] = [];
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (!r) return;
    r.transferred = e.encodedDataLength;
    if (r.type === 'Script') {
      bodies.push(
        cdp
          .send('Network.getResponseBody', { requestId: e.requestId })
          .then((b) => gzipSync(Buffer.from(b.body, b.base64Encoded ? 'base64' : 'utf8'), { level: 9 }).length),
      );
    }
  });

  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  const scriptGzipped = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
  await page.close();

  const responses = [...seen.values()]
    .filter((r) => r.transferred !== undefined)
    .map((r) => ({ url: r.url, type: r.type, transferred: r.transferred!, decoded: r.decoded, encoding: r.encoding }));
  const sum = (rs: typeof responses, key: 'transferred' | 'decoded') => rs.reduce((a, r) => a + r[key], 0);
  const scripts = responses.filter((r) => r.type === 'Script');
  return {
    requests: responses.length,
    transferred: sum(responses, 'transferred'),
    decoded: sum(responses, 'decoded'),
    scriptTransferred: sum(scripts, 'transferred'),
    scriptDecoded: sum(scripts, 'decoded'),
    scriptGzipped,
    stylesheetTransferred: sum(
      responses.filter((r) => r.type === 'Stylesheet'),
      'transferred',
    ),
    responses,
  };
}
