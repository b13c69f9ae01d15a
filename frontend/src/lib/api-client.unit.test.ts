/**
 * @jest-environment node
 */
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE, requiresPremium, saysTokenExpired } from './api-client';
import { SESSION_KEYS, type SessionStorage } from './session';

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

interface Sent {
  url: string;
  init: RequestInit;
}

/** A server that answers every request with one response and remembers what was sent. */
function server(status: number, body: unknown, headers: Record<string, string> = {}) {
  const sent: Sent[] = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(url), init: init ?? {} });
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
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
      sent.push({ url: String(url), init: init ?? {} });
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
