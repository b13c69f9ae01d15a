/**
 * One HTTP/1.1 request written byte for byte on a TCP socket, for the fuzz suite: `fetch` and
 * `http.request` refuse what a hostile client can send (duplicated or oversized headers, NUL bytes
 * in a header, lying Content-Length, unknown methods), so this client writes exactly what it is
 * given and reads whatever comes back until the server closes the connection.
 */
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface RawRequest {
  method: string;
  /** The request target as sent: path and query string, already encoded (or deliberately not). */
  target: string;
  /** Sent in this order, duplicates included; Host and Connection: close are added first. */
  headers: Array<[string, string]>;
  body?: Buffer;
  /** Leaves out the Content-Length this client adds for a body (the request brings its own framing). */
  noContentLength?: boolean;
}

export interface RawAnswer {
  /** 0 when the server closed the connection without an answer. */
  status: number;
  /** Lower-cased names; repeated ones joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  ms: number;
  /** A socket error seen (e.g. EPIPE when the server answered before the whole body was sent). */
  error?: string;
}

/** `5\r\nhello\r\n0\r\n\r\n` → `hello`. */
function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export function parseAnswer(data: Buffer): Omit<RawAnswer, 'ms'> {
  // Interim answers (`100 Continue` to `Expect: 100-continue`) come before the answer (101, a
  // switch of protocols, is the answer).
  while (/^HTTP\/1\.[01] 1(?!01)\d\d /.test(data.subarray(0, 16).toString('latin1')) && data.indexOf('\r\n\r\n') >= 0)
    data = data.subarray(data.indexOf('\r\n\r\n') + 4);
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: data };
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  let body = data.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  return { status, headers, body };
}

/** Sends the request on a new connection and resolves once the server has closed it (or after `timeoutMs`). */
export function rawRequest(host: string, port: number, request: RawRequest, timeoutMs = 30_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    let error: string | undefined;
    const socket = connect({ host, port });
    const timer = setTimeout(() => {
      error = `no answer within ${timeoutMs} ms`;
      socket.destroy();
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ ...parseAnswer(Buffer.concat(chunks)), ms: performance.now() - started, ...(error ? { error } : {}) });
    });
    const head = [`${request.method} ${request.target} HTTP/1.1`, `Host: ${host}:${port}`, 'Connection: close'];
    for (const [name, value] of request.headers) head.push(`${name}: ${value}`);
    if (request.body && !request.noContentLength) head.push(`Content-Length: ${request.body.length}`);
    socket.write(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'));
    if (request.body) socket.write(request.body);
  });
}
