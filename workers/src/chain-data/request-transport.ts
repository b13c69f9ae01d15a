/**
 * The chain-data helper's default transport: undici's `request` (the HTTP client Node's own `fetch`
 * is built on, without the WHATWG layer of Request/Response objects and web streams), with
 * redirects followed as `fetch` follows them. For the same answer it costs about a third of the
 * CPU of `fetch` (docs/benchmarks.md, "checks"), and a check asks a provider several times.
 */
import { Agent, interceptors, request, type Dispatcher } from 'undici';
import type { HttpAnswer, HttpTransport } from './http';

/** At most this many redirects, as `fetch` allows (20 there; providers use one at most). */
const MAX_REDIRECTIONS = 5;

let dispatcher: Dispatcher | undefined;
const shared = () => (dispatcher ??= new Agent().compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTIONS })));

export const requestTransport: HttpTransport = async (url, init) => {
  const answer = await request(url, {
    method: init.method,
    headers: init.headers,
    ...(init.body !== undefined ? { body: init.body } : {}),
    signal: init.signal,
    dispatcher: shared(),
  });
  const { headers } = answer;
  const result: HttpAnswer = {
    status: answer.statusCode,
    headers: {
      get(name) {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    text: () => answer.body.text(),
  };
  return result;
};
