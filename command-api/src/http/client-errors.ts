/**
 * Requests Node's HTTP server refuses before Express sees them (an unknown method, headers past
 * the 16 KiB Node accepts, a NUL byte in a header, an unknown `Expect`, a CONNECT, an upgrade to
 * something other than socket.io) get the API's problem+json like any other refusal. Left to
 * Node, the first ones get a bare status line with no body, and the last two get their connection
 * closed without any answer.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Problem } from '@walletscreen/contracts';

/** Where socket.io takes its upgrades (checks/socket-gateway.ts). */
const SOCKET_PATH = '/socket.io';

const REASONS: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** A whole HTTP/1.1 answer with a problem+json body, closing the connection. */
export function problemAnswer(status: number, title: string, message: string): string {
  const problem: Problem = { type: 'about:blank', title, status, detail: message, error: message };
  const body = JSON.stringify(problem);
  return [
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}`,
    'Content-Type: application/problem+json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** The answer for an error of Node's HTTP parser (the same statuses Node itself would give). */
function answerFor(error: NodeJS.ErrnoException): string {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return problemAnswer(431, 'Request headers too large', 'The request headers are larger than the server accepts (16 KB in all).');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return problemAnswer(408, 'Request timeout', 'The request did not arrive in time.');
  return problemAnswer(400, 'Invalid request', 'The request is not valid HTTP/1.1 (its method, target or headers could not be read).');
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex & { bytesWritten?: number }) => {
    // As Node does: answer only on a connection that has not started another answer.
    if (error.code !== 'ECONNRESET' && socket.writable && !socket.bytesWritten) socket.write(answerFor(error));
    socket.destroy();
  });
  // CONNECT asks for a tunnel, which this server does not offer.
  server.on('connect', (_req, socket: Duplex) => {
    socket.end(problemAnswer(405, 'Method not allowed', 'This server does not open tunnels (CONNECT).'));
  });
  // Once socket.io listens for upgrades, Node hands it every request with `Connection: Upgrade`
  // (`curl --http2` sends one with `Upgrade: h2c`), and it closes those not for its path after a
  // second without a word. Those get an answer at once (socket.io then leaves the socket alone).
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    if (req.url?.startsWith(`${SOCKET_PATH}/`)) return;
    socket.end(problemAnswer(400, 'Invalid request', `Only ${SOCKET_PATH}/ takes a protocol upgrade: send this request without the Upgrade header.`));
  });
  // An expectation other than 100-continue, which Node would refuse with a bare 417.
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const message = 'The only expectation this server meets is "Expect: 100-continue".';
    const problem: Problem = { type: 'about:blank', title: 'Expectation failed', status: 417, detail: message, error: message };
    res
      .writeHead(417, { 'Content-Type': 'application/problem+json; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' })
      .end(JSON.stringify(problem));
  });
}
