/**
 * @jest-environment node
 */
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE, requiresPremium, saysTokenExpired, type UploadRequest } from './api-client';
import { SESSION_KEYS, type SessionStorage } from './session';
import { consistencyHeaders, noteConsistencyToken, resetConsistencyTokens } from './consistency';
import { readSignOutNotice } from './sign-out-notice';

class MemoryStorage implements SessionStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.has(key) ? this.items.get(key)! : null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const urlOf = (url: RequestInfo | URL) => (typeof url === 'string' ? url : url instanceof URL ? url.href : url.url);

interface Sent {
  url: string;
  init: RequestInit;
}

/** A server that answers every request with one response and remembers what was sent. */
function server(status: number, body: unknown, headers: Record<string, string> = {}) {
  const sent: Sent[] = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: urlOf(url), init: init ?? {} });
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  };
  return { fetch: fetch, sent };
}

function signedIn(role?: string): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(SESSION_KEYS.token, 'tok');
  storage.setItem(SESSION_KEYS.expiration, String(Date.now() + 60_000));
  if (role) storage.setItem(SESSION_KEYS.role, role);
  return storage;
}

function client(storage: SessionStorage, fake: ReturnType<typeof server>, extra: { keepSessionOn401?: (e: ApiError) => boolean } = {}) {
  const navigate = jest.fn();
  const api = createApiClient({ baseUrl: '/api', storage, navigate, fetch: fake.fetch, ...extra });
  return { api, navigate };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('a request', () => {
  it('sends JSON with the stored bearer token and returns the body', async () => {
    const fake = server(200, { email: 'a@b.example' });
    const { api } = client(signedIn(), fake);
    await expect(api.post('/things', { a: 1 })).resolves.toEqual({ email: 'a@b.example' });
    const headers = fake.sent[0]!.init.headers as Record<string, string>;
    expect(fake.sent[0]!.url).toBe('/api/things');
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBe('application/json');
    expect(fake.sent[0]!.init.body).toBe('{"a":1}');
  });

  it('sends no token when asked not to (sign-in, registration)', async () => {
    const fake = server(200, { token: 'x' });
    const { api } = client(signedIn(), fake);
    await api.post('/auth/login', { email: 'a', password: 'b' }, { auth: false });
    expect((fake.sent[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('puts query parameters in the URL and leaves empty ones out', async () => {
    const fake = server(200, []);
    const { api } = client(signedIn(), fake);
    await api.get('/admin/customers', { query: { email: 'exchange', limit: 50, offset: 0, other: '' } });
    expect(fake.sent[0]!.url).toBe('/api/admin/customers?email=exchange&limit=50&offset=0');
  });

  it('turns an error response into an ApiError with the server sentence, field messages and Retry-After', async () => {
    const fake = server(429, { error: 'Too many sign-in attempts. Try again later.', errors: { email: 'x' } }, { 'Retry-After': '42' });
    const { api } = client(new MemoryStorage(), fake);
    const error = await failure(api.post('/auth/login', {}, { auth: false }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.message).toBe('Too many sign-in attempts. Try again later.');
    expect(error.fieldErrors).toEqual({ email: 'x' });
    expect(error.retryAfterSeconds).toBe(42);
  });

  it('reports an unreachable server as status 0 with a readable message', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    const api = createApiClient({ baseUrl: '/api', storage: new MemoryStorage(), navigate: jest.fn(), fetch });
    const error = await failure(api.get('/profile'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('an expired token', () => {
  it('removes the token and expiry, goes to /login and still throws', async () => {
    const storage = signedIn();
    const { api, navigate } = client(storage, server(401, { error: 'Token has expired. Please sign in again.' }));
    const error = await failure(api.get('/profile'));
    expect(error.message).toBe('Token has expired. Please sign in again.');
    expect(storage.getItem('authToken')).toBeNull();
    expect(storage.getItem('authExpiration')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('sends an admin to the admin sign-in', async () => {
    const storage = signedIn('admin');
    const { api, navigate } = client(storage, server(401, { error: 'Token has expired. Please sign in again.' }));
    await failure(api.get('/admin/customers'));
    expect(navigate).toHaveBeenCalledWith('/admin-login', { replace: true });
  });

  it('is recognised by the message, whatever the wording around it', () => {
    expect(saysTokenExpired('Token has expired. Please sign in again.')).toBe(true);
    expect(saysTokenExpired('jwt token expired')).toBe(true);
    expect(saysTokenExpired('Invalid email or password')).toBe(false);
  });
});

describe('a 403', () => {
  it('removes the token and goes to /login', async () => {
    const storage = signedIn();
    const { api, navigate } = client(storage, server(403, { error: 'This account is blocked. Contact support.' }));
    const error = await failure(api.get('/profile'));
    expect(error.status).toBe(403);
    expect(storage.getItem('authToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    // The sign-in page says why.
    expect(readSignOutNotice(storage, Date.now())).toBe('This account is blocked. Contact support.');
  });

  it("of a block with the admin's reason tells the sign-in page the whole message", async () => {
    const storage = signedIn();
    const message = 'This account is blocked. Contact support. Reason: Chargebacks under review';
    const { api } = client(storage, server(403, { error: message }));
    await failure(api.get('/profile'));
    expect(readSignOutNotice(storage, Date.now())).toBe(message);
  });

  it('for another reason leaves the sign-in page nothing to say', async () => {
    const storage = signedIn();
    const { api } = client(storage, server(403, { error: 'You do not have access to this resource' }));
    await failure(api.get('/admin/customers'));
    expect(readSignOutNotice(storage, Date.now())).toBeNull();
  });

  it('on a call made without a token (a blocked account signing in) only fails', async () => {
    const storage = new MemoryStorage();
    const { api, navigate } = client(storage, server(403, { error: 'This account is blocked. Contact support.' }));
    const error = await failure(api.post('/auth/login', {}, { auth: false }));
    expect(error.message).toBe('This account is blocked. Contact support.');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('a 401', () => {
  it('on an authenticated call ends the session', async () => {
    const storage = signedIn();
    const { api, navigate } = client(storage, server(401, { error: 'Authentication required' }));
    await failure(api.get('/profile'));
    expect(storage.getItem('authToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('keeps the session when the client is told to (require_premium on the analysis client)', async () => {
    const storage = signedIn();
    const keepSessionOn401 = (e: ApiError) => (e.body as { require_premium?: boolean }).require_premium === true;
    const { api, navigate } = client(storage, server(401, { error: 'Premium checks required', require_premium: true }), { keepSessionOn401 });
    const error = await failure(api.post('/transactions/analyze-realtime', { wallet_address: '0x1' }));
    expect(error.status).toBe(401);
    expect(storage.getItem('authToken')).toBe('tok');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on sign-in (wrong password) leaves everything alone', async () => {
    const storage = new MemoryStorage();
    const { api, navigate } = client(storage, server(401, { error: 'Invalid email or password' }));
    const error = await failure(api.post('/auth/login', {}, { auth: false }));
    expect(error.message).toBe('Invalid email or password');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('a download', () => {
  it('returns the bytes and the declared content type, with the token and the asked-for Accept', async () => {
    const sent: Sent[] = [];
    const fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: urlOf(url), init: init ?? {} });
      return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    }) as typeof globalThis.fetch;
    const api = createApiClient({ baseUrl: '/api', storage: signedIn(), navigate: jest.fn(), fetch });
    const { blob, contentType } = await api.download('POST', '/pdf/report', { body: { a: 1 }, accept: 'application/pdf' });
    expect(contentType).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
    const headers = sent[0]!.init.headers as Record<string, string>;
    expect(headers.Accept).toBe('application/pdf');
    expect(headers.Authorization).toBe('Bearer tok');
  });

  it('fails like any call, applying the session rules', async () => {
    const storage = signedIn();
    const { api, navigate } = client(storage, server(403, { error: 'This account is blocked. Contact support.' }));
    const error = await failure(api.download('POST', '/pdf/report'));
    expect(error.message).toBe('This account is blocked. Contact support.');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});

describe('a 401 asking for premium checks', () => {
  it('is recognised by its require_premium flag only', () => {
    expect(requiresPremium(new ApiError(401, 'No premium checks left', { require_premium: true }))).toBe(true);
    expect(requiresPremium(new ApiError(401, 'Authentication required', { error: 'Authentication required' }))).toBe(false);
    expect(requiresPremium(new ApiError(402, 'x', { require_premium: true }))).toBe(false);
  });

  it('keeps the session when the client is told so', async () => {
    const storage = signedIn();
    const { api, navigate } = client(storage, server(401, { error: 'No premium checks left', require_premium: true }), { keepSessionOn401: requiresPremium });
    await failure(api.post('/transactions/analyze-realtime', { wallet_address: 'x' }));
    expect(navigate).not.toHaveBeenCalled();
    expect(storage.getItem(SESSION_KEYS.token)).toBe('tok');
  });
});

/** An upload request that records what it was given and answers as told once sent. */
function fakeUpload(answer: { status: number; body?: unknown; progress?: Array<[number, number]> } | 'network-error') {
  const sent: { method?: string; url?: string; headers: Record<string, string>; body?: Blob } = { headers: {} };
  const xhr: UploadRequest & { status: number; responseText: string } = {
    status: 0,
    responseText: '',
    upload: { onprogress: null },
    onload: null,
    onerror: null,
    onabort: null,
    open(method, url) {
      sent.method = method;
      sent.url = url;
    },
    setRequestHeader(name, value) {
      sent.headers[name] = value;
    },
    getResponseHeader: () => null,
    abort() {
      xhr.onabort?.();
    },
    send(body) {
      sent.body = body;
      queueMicrotask(() => {
        if (answer === 'network-error') return xhr.onerror?.();
        for (const [loaded, total] of answer.progress ?? []) xhr.upload.onprogress?.({ loaded, total, lengthComputable: true });
        xhr.status = answer.status;
        xhr.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        xhr.onload?.();
      });
    },
  };
  return { make: () => xhr, sent };
}

describe('an upload', () => {
  const file = new Blob(['<sdnList/>']);
  const uploader = (storage: MemoryStorage, fake: ReturnType<typeof fakeUpload>) => {
    const navigate = jest.fn();
    return { api: createApiClient({ baseUrl: '/api', storage, navigate, fetch: server(200, {}).fetch, uploadRequest: fake.make }), navigate };
  };

  it('sends the file as the raw body with the token and query, reports progress, and returns the body', async () => {
    const fake = fakeUpload({
      status: 200,
      body: { result: 'imported' },
      progress: [
        [4, 10],
        [10, 10],
      ],
    });
    const { api } = uploader(signedIn('admin'), fake);
    const progress: Array<[number, number]> = [];
    const body = await api.upload('/admin/sanctions/upload', file, {
      query: { file_name: 'SDN.XML', allow_older: undefined },
      onProgress: (a, b) => progress.push([a, b]),
    });
    expect(body).toEqual({ result: 'imported' });
    expect(fake.sent).toMatchObject({ method: 'POST', url: '/api/admin/sanctions/upload?file_name=SDN.XML', body: file });
    expect(fake.sent.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/octet-stream', Authorization: 'Bearer tok' });
    expect(progress).toEqual([
      [4, 10],
      [10, 10],
    ]);
  });

  it("fails with the server's sentence, applying the session rules", async () => {
    const conflict = await failure(
      uploader(signedIn('admin'), fakeUpload({ status: 409, body: { error: 'This SDN.XML was published earlier.' } })).api.upload('/x', file),
    );
    expect(conflict).toMatchObject({ status: 409, message: 'This SDN.XML was published earlier.', isClientError: true });
    const storage = signedIn('admin');
    const { api, navigate } = uploader(storage, fakeUpload({ status: 403, body: { error: 'Admins only' } }));
    await failure(api.upload('/x', file));
    expect(navigate).toHaveBeenCalledWith('/admin-login', { replace: true });
  });

  it('says when the server could not be reached', async () => {
    const error = await failure(uploader(signedIn(), fakeUpload('network-error')).api.upload('/x', file));
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });
});

describe('read-your-writes', () => {
  afterEach(() => resetConsistencyTokens());

  it('sends the newest consistency token an answer carried with every later read, and never with a write', async () => {
    const write = server(200, { ok: true }, { 'Consistency-Token': '41' });
    const api = createApiClient({ baseUrl: '/api', storage: signedIn(), navigate: jest.fn(), fetch: write.fetch });
    await api.get('/before');
    await api.post('/write', {});
    const older = server(200, {}, { 'Consistency-Token': '7' });
    const later = createApiClient({ baseUrl: '/api', storage: signedIn(), navigate: jest.fn(), fetch: older.fetch });
    await later.get('/history');
    await later.post('/another', {});
    await later.get('/history');
    const token = (s: Sent) => new Headers(s.init.headers).get('Consistency-Token');
    expect(write.sent.map(token)).toEqual([null, null]);
    // An older token never replaces a newer one; writes are decided on the streams and carry none.
    expect(older.sent.map(token)).toEqual(['41', null, '41']);
  });

  it("takes a settled check's token from its socket message, and ignores what is not a token", () => {
    noteConsistencyToken('12');
    noteConsistencyToken('abc');
    noteConsistencyToken(undefined);
    expect(consistencyHeaders()).toEqual({ 'Consistency-Token': '12' });
  });
});
