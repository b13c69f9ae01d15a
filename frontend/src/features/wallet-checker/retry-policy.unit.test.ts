import { ApiError } from '../../lib/api-client';
import { installFakeServer, signIn } from '../../test/fake-server';
import { analyzeWalletWithRetry } from './api/analyze-wallet';
import { backoffDelay, isRetryable, MAX_ATTEMPTS, withRetry } from './retry-policy';

const ADDRESS = '0x8f3A21c6B7e94D05a1Cc92E4f7b60D3e5A9c41B2';
const completed = { status: 200, json: { wallet_address: ADDRESS, risk_score: 12, risk_level: 'Low Risk', check_id: 'c-1', status: 'completed' } };

/** Records the pauses instead of waiting them. */
function recorder() {
  const pauses: number[] = [];
  return { pauses, sleep: async (ms: number) => void pauses.push(ms) };
}

describe('which failures are retried', () => {
  it('network errors and 5xx answers are', () => {
    expect(isRetryable(new ApiError(0, 'offline'))).toBe(true);
    expect(isRetryable(new ApiError(500, 'HTTP 500'))).toBe(true);
    expect(isRetryable(new ApiError(503, 'HTTP 503'))).toBe(true);
    expect(isRetryable(new ApiError(502, 'Bad gateway', '<html>proxy</html>'))).toBe(true);
  });

  it('refused requests (4xx) are not', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(isRetryable(new ApiError(status, 'no'))).toBe(false);
  });

  it('a check that ran and failed (502 naming its check_id, refunded) is not', () => {
    expect(isRetryable(new ApiError(502, 'The analysis could not be completed', { error: 'x', check_id: 'c-1', refunded: true }))).toBe(false);
  });

  it('errors that are not API errors are not', () => {
    expect(isRetryable(new Error('bug'))).toBe(false);
    expect(isRetryable(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});

describe('the back-off', () => {
  it('waits 700 ms times the attempt number', () => {
    expect([1, 2, 3].map(backoffDelay)).toEqual([700, 1400, 2100]);
  });

  it('makes at most 4 attempts, pausing 700, 1400 and 2100 ms between them', async () => {
    const { pauses, sleep } = recorder();
    let attempts = 0;
    await expect(
      withRetry(
        async () => {
          attempts++;
          throw new ApiError(503, 'HTTP 503');
        },
        { sleep },
      ),
    ).rejects.toMatchObject({ status: 503 });
    expect(attempts).toBe(MAX_ATTEMPTS);
    expect(pauses).toEqual([700, 1400, 2100]);
  });

  it('stops at the first success', async () => {
    const { pauses, sleep } = recorder();
    let attempts = 0;
    const result = await withRetry(
      async () => {
        attempts++;
        if (attempts < 3) throw new ApiError(0, 'offline');
        return 'ok';
      },
      { sleep },
    );
    expect(result).toBe('ok');
    expect(pauses).toEqual([700, 1400]);
  });

  it('does not repeat a refused request', async () => {
    const { pauses, sleep } = recorder();
    let attempts = 0;
    await expect(
      withRetry(
        async () => {
          attempts++;
          throw new ApiError(400, 'Not a recognized wallet address');
        },
        { sleep },
      ),
    ).rejects.toMatchObject({ status: 400 });
    expect(attempts).toBe(1);
    expect(pauses).toEqual([]);
  });
});

describe('the analysis call with retries', () => {
  let server: ReturnType<typeof installFakeServer>;
  beforeEach(() => signIn());
  afterEach(() => server.restore());

  it('sends the trimmed address, the network and the same Idempotency-Key on every attempt', async () => {
    server = installFakeServer({ networkError: true }, { status: 503, json: { error: 'Service unavailable' } }, completed);
    const { pauses, sleep } = recorder();

    const answer = await analyzeWalletWithRetry({ wallet_address: `  ${ADDRESS} `, network: 'polygon' }, 'key-123', { sleep });

    expect(answer).toMatchObject({ status: 'completed', checkId: 'c-1' });
    expect(server.sent).toHaveLength(3);
    for (const request of server.sent) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/api/transactions/analyze-realtime');
      expect(request.headers['Idempotency-Key']).toBe('key-123');
      expect(request.headers.Authorization).toBe('Bearer tok');
      expect(request.body).toEqual({ wallet_address: ADDRESS, network: 'polygon' });
    }
    expect(pauses).toEqual([700, 1400]);
  });

  it('gives up after the fourth failed attempt', async () => {
    server = installFakeServer({ status: 500, json: { error: 'Internal error' } });
    const { sleep } = recorder();
    await expect(analyzeWalletWithRetry({ wallet_address: ADDRESS }, 'key-1', { sleep })).rejects.toMatchObject({ status: 500 });
    expect(server.sent).toHaveLength(4);
  });

  it('does not retry an invalid address', async () => {
    server = installFakeServer({
      status: 400,
      json: { error: 'Not a recognized wallet address', errors: { wallet_address: 'Not a recognized wallet address' } },
    });
    const { sleep } = recorder();
    await expect(analyzeWalletWithRetry({ wallet_address: 'nope' }, 'key-1', { sleep })).rejects.toMatchObject({ status: 400 });
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]!.body).toEqual({ wallet_address: 'nope' });
  });

  it('does not retry a failed, refunded check', async () => {
    server = installFakeServer({ status: 502, json: { error: 'The analysis could not be completed', check_id: 'c-9', refunded: true } });
    const { sleep } = recorder();
    await expect(analyzeWalletWithRetry({ wallet_address: ADDRESS }, 'key-1', { sleep })).rejects.toMatchObject({ status: 502 });
    expect(server.sent).toHaveLength(1);
  });

  it('reads a 202 as a running check', async () => {
    server = installFakeServer({ status: 202, json: { check_id: 'c-2', status: 'running', stage: 3, wallet_address: ADDRESS, network: 'ethereum' } });
    await expect(analyzeWalletWithRetry({ wallet_address: ADDRESS }, 'key-1')).resolves.toEqual({
      status: 'running',
      checkId: 'c-2',
      stage: 3,
      walletAddress: ADDRESS,
      network: 'ethereum',
    });
  });
});
