/**
 * A stand-in for the browser's fetch in jsdom tests (which has none): answers each request from a
 * list of canned responses, in order, and records what was sent. The app's own modules run for real.
 */
export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Canned = { status: number; json?: unknown; contentType?: string; bytes?: string } | { networkError: true };

function respond(answer: Canned): Response {
  if ('networkError' in answer) throw new TypeError('Failed to fetch');
  const text = answer.bytes ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
  const contentType = answer.contentType ?? (answer.json === undefined ? '' : 'application/json');
  const headers = new Map<string, string>(contentType ? [['content-type', contentType]] : []);
  return {
    ok: answer.status >= 200 && answer.status < 300,
    status: answer.status,
    headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
    text: async () => text,
    blob: async () => new Blob([text], { type: contentType }),
  } as unknown as Response;
}

/** Installs the fake as `fetch`; every call takes the next canned answer (the last one repeats). */
export function installFakeServer(...answers: Canned[]) {
  const sent: SentRequest[] = [];
  const original = globalThis.fetch;
  let next = 0;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = init?.body;
    sent.push({
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined,
    });
    const answer = answers[Math.min(next++, answers.length - 1)]!;
    return respond(answer);
  };
  return {
    sent,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** A signed-in browser: a token and an expiry an hour ahead in localStorage. */
export function signIn(token = 'tok'): void {
  window.localStorage.setItem('authToken', token);
  window.localStorage.setItem('authExpiration', String(Date.now() + 3_600_000));
}
