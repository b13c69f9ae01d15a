/**
 * The JSON client for our API (same origin, under /api). It sends the stored bearer token, turns
 * every error response into an ApiError carrying the server's `error` sentence and per-field
 * `errors`, and applies the session rules of spec §4 and §8:
 * - an error saying the token has expired removes the token and expiry and goes to sign-in;
 * - a 403 on an authenticated call removes the token and goes to sign-in (saying why there when
 *   the account is blocked);
 * - a 401 on an authenticated call ends the session too, unless `keepSessionOn401` says otherwise
 *   (the analysis client keeps it when the server answers require_premium).
 * In every case the error is still thrown to the caller.
 */
import { isBlockedMessage } from '@walletscreen/contracts';
import { clearSession, readSession, signInPathFor, SESSION_KEYS, type SessionStorage } from './session';
import { consistencyHeaders, noteConsistencyToken, CONSISTENCY_TOKEN } from './consistency';
import { noteSignOut } from './sign-out-notice';

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    /** The parsed response body, when there was one. */
    readonly body: unknown = null,
    /** Per-field messages from a 400 (`errors`). */
    readonly fieldErrors: Record<string, string> = {},
    /** Seconds from a Retry-After header (429). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  /** 4xx: the request itself was refused; repeating it gives the same answer. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** A 401 of the analysis call whose body carries `require_premium: true`: the user is out of checks, not signed out. */
export function requiresPremium(error: ApiError): boolean {
  const body = error.body;
  return error.status === 401 && body !== null && typeof body === 'object' && (body as Record<string, unknown>).require_premium === true;
}

/** True when an error message says the session token has expired. */
export function saysTokenExpired(message: string): boolean {
  return /token[^.]*expired|expired[^.]*token/i.test(message);
}

export interface Parser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  /** Validates and shapes the response body: the zod schema from contracts the server's route answers with. */
  schema?: Parser<T>;
  signal?: AbortSignal;
  /** Send the stored token (default true). Sign-in and registration calls send none. */
  auth?: boolean;
  headers?: Record<string, string>;
}

/** The parts of XMLHttpRequest an upload uses (fetch cannot report upload progress). */
export interface UploadRequest {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  getResponseHeader(name: string): string | null;
  send(body: Blob): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

export interface UploadOptions<T> {
  query?: RequestOptions<T>['query'];
  schema?: Parser<T>;
  signal?: AbortSignal;
  /** Sent with the file; default application/octet-stream. */
  contentType?: string;
  /** Further request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** Called as the bytes go out: how many were sent of how many. */
  onProgress?: (sent: number, total: number) => void;
}

export interface ApiClientOptions {
  /** Prefix of every path, "/api" in the app. */
  baseUrl: string;
  storage: SessionStorage;
  /** Where the client goes when it ends a session (the app passes the router's navigate). */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  fetch?: typeof fetch;
  /** Makes the request an upload goes through; default XMLHttpRequest. */
  uploadRequest?: () => UploadRequest;
  /** Whether a 401 on an authenticated call keeps the session (default: never). */
  keepSessionOn401?: (error: ApiError) => boolean;
}

/** A binary response (a PDF): its bytes and the Content-Type the server declared ("" when none). */
export interface Download {
  blob: Blob;
  contentType: string;
}

/** Options that parse the answer: the route's response schema from contracts. */
type Parsed<T, O> = Omit<O, 'schema'> & { schema: Parser<T> };
/** Options of a call whose answer is not read (or read by the caller as `unknown`). */
type Unparsed<O> = Omit<O, 'schema'>;

/**
 * A typed answer needs the schema the server's route declares for it: without one, a call
 * resolves to `unknown`, never to a type taken on trust.
 */
export interface ApiClient {
  request<T>(method: string, path: string, options: Parsed<T, RequestOptions<T>>): Promise<T>;
  request(method: string, path: string, options?: Unparsed<RequestOptions<unknown>>): Promise<unknown>;
  /** Like `request`, same errors and session rules, but the successful body is returned as bytes. */
  download(method: string, path: string, options?: Omit<RequestOptions<never>, 'schema'> & { accept?: string }): Promise<Download>;
  get<T>(path: string, options: Parsed<T, Omit<RequestOptions<T>, 'body'>>): Promise<T>;
  get(path: string, options?: Unparsed<Omit<RequestOptions<unknown>, 'body'>>): Promise<unknown>;
  post<T>(path: string, body: unknown, options: Parsed<T, Omit<RequestOptions<T>, 'body'>>): Promise<T>;
  post(path: string, body?: unknown, options?: Unparsed<Omit<RequestOptions<unknown>, 'body'>>): Promise<unknown>;
  /** POSTs a file as the raw request body, reporting progress; same errors and session rules as `request`. */
  upload<T>(path: string, file: Blob, options: Parsed<T, UploadOptions<T>>): Promise<T>;
  upload(path: string, file: Blob, options?: Unparsed<UploadOptions<unknown>>): Promise<unknown>;
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

function errorFrom(response: { status: number; headers: { get(name: string): string | null } }, body: unknown): ApiError {
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message =
    typeof record.error === 'string' && record.error.trim() !== ''
      ? record.error
      : typeof record.message === 'string' && record.message.trim() !== ''
        ? record.message
        : `HTTP ${response.status}`;
  const fieldErrors: Record<string, string> = {};
  if (record.errors !== null && typeof record.errors === 'object') {
    for (const [field, text] of Object.entries(record.errors as Record<string, unknown>)) {
      if (typeof text === 'string') fieldErrors[field] = text;
    }
  }
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(response.status, message, body, fieldErrors, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, storage, navigate, keepSessionOn401 = () => false } = options;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const newUploadRequest = options.uploadRequest ?? (() => new XMLHttpRequest() as unknown as UploadRequest);

  /** The session rules; returns nothing, the caller rethrows. */
  function endSessionIfRefused(error: ApiError, sentToken: boolean): void {
    if (saysTokenExpired(error.message)) {
      const to = signInPathFor(storage);
      clearSession(storage);
      navigate(to, { replace: true });
      return;
    }
    if (!sentToken) return;
    if (error.status === 403) {
      const to = signInPathFor(storage);
      if (isBlockedMessage(error.message)) noteSignOut(storage, error.message, Date.now());
      storage.removeItem(SESSION_KEYS.token);
      navigate(to, { replace: true });
      return;
    }
    if (error.status === 401 && !keepSessionOn401(error)) {
      const to = signInPathFor(storage);
      clearSession(storage);
      navigate(to, { replace: true });
    }
  }

  /** Sends the request; resolves with a successful response, throws an ApiError (after the session rules) otherwise. */
  async function send(method: string, path: string, req: RequestOptions<unknown>, accept: string): Promise<Response> {
    // A read (or a download, such as a stored check's PDF) carries the newest consistency token this
    // browser has seen: it shows this browser's own writes. Writes carry none: they never wait.
    const headers: Record<string, string> = {
      Accept: accept,
      ...(method === 'GET' || accept !== 'application/json' ? consistencyHeaders() : {}),
      ...req.headers,
    };
    const token = req.auth === false ? null : readSession(storage).token;
    if (token) headers.Authorization = `Bearer ${token}`;
    if (req.body !== undefined) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, req.query), {
        method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal: req.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, null);
    }

    noteConsistencyToken(response.headers.get(CONSISTENCY_TOKEN));
    if (!response.ok) {
      const error = errorFrom(response, await readBody(response));
      endSessionIfRefused(error, token !== null);
      throw error;
    }
    return response;
  }

  async function request(method: string, path: string, req: RequestOptions<unknown> = {}): Promise<unknown> {
    const body = await readBody(await send(method, path, req, 'application/json'));
    return req.schema ? req.schema.parse(body) : body;
  }

  async function download(method: string, path: string, req: Omit<RequestOptions<never>, 'schema'> & { accept?: string } = {}): Promise<Download> {
    const response = await send(method, path, req, req.accept ?? '*/*');
    return { blob: await response.blob(), contentType: response.headers.get('Content-Type') ?? '' };
  }

  function upload(path: string, file: Blob, req: UploadOptions<unknown> = {}): Promise<unknown> {
    const token = readSession(storage).token;
    return new Promise<unknown>((resolve, reject) => {
      if (req.signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
      const xhr = newUploadRequest();
      xhr.open('POST', buildUrl(baseUrl, path, req.query));
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('Content-Type', req.contentType ?? 'application/octet-stream');
      for (const [name, value] of Object.entries(req.headers ?? {})) xhr.setRequestHeader(name, value);
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => req.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
      xhr.onload = () => {
        noteConsistencyToken(xhr.getResponseHeader(CONSISTENCY_TOKEN));
        const body = parseBody(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          try {
            resolve(req.schema ? req.schema.parse(body) : body);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
          return;
        }
        const error = errorFrom({ status: xhr.status, headers: { get: (name) => xhr.getResponseHeader(name) } }, body);
        endSessionIfRefused(error, token !== null);
        reject(error);
      };
      xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, null));
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      req.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(file);
    });
  }

  // One implementation behind the typed overloads: the schema, when given, is what shapes the answer.
  return {
    request,
    download,
    get: (path: string, opts?: RequestOptions<unknown>) => request('GET', path, opts),
    post: (path: string, body?: unknown, opts?: RequestOptions<unknown>) => request('POST', path, { ...opts, body }),
    upload,
  };
}
