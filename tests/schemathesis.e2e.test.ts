/**
 * Schemathesis (a property-based API tester nobody here wrote, installed from PyPI by
 * scripts/schemathesis.sh) against the real server on loopback: it reads /api/openapi.json and
 * sends every operation requests the document calls valid and requests it calls invalid, with
 * every one of its checks (`--checks all`: no 5xx, only documented statuses, content types,
 * headers and bodies as documented, invalid input refused, valid input taken, undeclared methods
 * 405, credentials required where declared). It must find nothing. Run three times: signed in
 * as a customer (the admin area answers them 403, as documented) with an API key for the public
 * API; as an admin over the admin area, stateful phase included (it follows the document's links
 * from a list to its items; the admin's own removal is refused, so the run keeps its session); as an auditor over it (reads recorded, every write refused with 403, as documented).
 * The sanctions list is loaded (without one, screening answers 503). tests/schemathesis.toml says
 * which answers it takes beyond its defaults, and why.
 *
 * Bounded: a few examples per operation (SCHEMATHESIS_MAX_EXAMPLES, default 3), so the run takes a
 * few minutes. Signing out, ending a session by its id and revoking a key are left out: they would
 * end the credentials the run uses (tests/accounts.int.test.ts, account.int.test.ts and
 * public-api.int.test.ts hold them).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { TOPUP_MAX } from '@walletscreen/contracts';
import { importSanctionsList } from './support/sanctions';
import { ADMIN, startTestServer, type TestServer } from './support/server';

const root = path.resolve(__dirname, '..');
const script = path.join(root, 'scripts', 'schemathesis.sh');
const RUN_MS = 8 * 60_000;

let server: TestServer;
let installed: string | undefined;
let installError = '';

beforeAll(async () => {
  // Installed once into .services/schemathesis (PyPI); returns at once after that.
  await new Promise<void>((resolve) =>
    execFile(script, ['install'], { cwd: root, timeout: 5 * 60_000 }, (error, stdout, stderr) => {
      if (error) installError = `${error.message}\n${stderr}`;
      else installed = stdout.trim();
      resolve();
    }),
  );
  // Every request of the run counts against the key's limit per minute: it is lifted here.
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true', API_KEY_RATE_LIMIT: '1000000' });
  await importSanctionsList(server.eventStore);
}, 6 * 60_000);
afterAll(() => server?.destroy());

/** Schemathesis over the operations `args` select, as the credentials in `args` (fails on anything it finds). */
async function schemathesis(args: string[], phases = 'examples,coverage,fuzzing'): Promise<void> {
  if (!installed) throw new Error(`Schemathesis could not be installed (python3 with venv and pip, and PyPI, are needed):\n${installError}`);
  const base = server.url.replace('localhost', '127.0.0.1');
  const started = performance.now();
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) =>
    execFile(
      script,
      [
        'run',
        `${base}/api/openapi.json`,
        '--checks',
        'all',
        '--phases',
        phases,
        '--max-examples',
        process.env.SCHEMATHESIS_MAX_EXAMPLES ?? '3',
        '--seed',
        process.env.SCHEMATHESIS_SEED ?? '29',
        // One worker: Hypothesis under CPython 3.11 can fail in threads ("AST constructor recursion depth mismatch").
        '--workers',
        '1',
        ...args,
        '--no-color',
      ],
      { cwd: root, timeout: RUN_MS, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, SCHEMATHESIS_TELEMETRY: 'false' } },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    ),
  );
  // Its summary (the phases it ran, the cases it generated) in the test's output.
  const summary = output
    .slice(output.lastIndexOf('SUMMARY'))
    .split('\n')
    .filter((line) => /Examples|Coverage|Fuzzing|Stateful|generated|Missing test data/.test(line));
  console.log(`Schemathesis ran in ${Math.round((performance.now() - started) / 1000)} s\n${summary.map((line) => line.trim()).join('\n')}`);
  if (code !== 0) throw new Error(`Schemathesis found problems (exit ${code}):\n${output.slice(-60_000)}`);
  expect(output).toMatch(/passed/);
}

it(
  'finds nothing the document and the server disagree on, as a customer',
  async () => {
    const user = { email: 'schemathesis@contract.example', password: 'Contract-Passphrase-1', username: 'Contract Co' };
    expect((await server.api('POST', '/api/auth/register', { body: user })).status).toBe(201);
    const token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
    const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
    // Enough checks that screening never runs out during the run.
    const topUp = await server.api('POST', `/api/admin/topup/${userId}`, { token: admin, body: { amount: TOPUP_MAX, reason: 'Contract tests' } });
    expect(topUp.status).toBe(200);
    const key = (await server.api<{ key: string }>('POST', '/api/keys', { token, body: { name: 'Schemathesis' } })).body.key;
    await schemathesis([
      // The calls that end the run's own session (Schemathesis reuses ids it was answered, its session's among them).
      '--exclude-name',
      'POST /api/auth/logout',
      '--exclude-name',
      'DELETE /api/account/sessions/{id}',
      // And the one that revokes its API key.
      '--exclude-name',
      'DELETE /api/keys/{id}',
      '--header',
      `Authorization: Bearer ${token}`,
      '--header',
      `X-API-Key: ${key}`,
    ]);
  },
  RUN_MS + 60_000,
);

it(
  'finds nothing the document and the server disagree on in the admin area, as an admin',
  async () => {
    const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
    // A customer to act on (top-ups, blocks); the checks of the customer run before it are what the lists answer.
    const user = { email: 'schemathesis-admin@contract.example', password: 'Contract-Passphrase-1', username: 'Admin Contract Co' };
    expect((await server.api('POST', '/api/auth/register', { body: user })).status).toBe(201);
    await schemathesis(['--include-path-regex', '^/api/admin/', '--header', `Authorization: Bearer ${admin}`], 'examples,coverage,fuzzing,stateful');
  },
  RUN_MS + 60_000,
);

it(
  'finds nothing the document and the server disagree on in the admin area, as an auditor (read-only)',
  async () => {
    const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
    const auditor = { email: 'schemathesis-auditor@contract.example', password: 'Contract-Passphrase-1', username: 'Contract Auditor' };
    expect((await server.api('POST', '/api/admin/auditors', { token: admin, body: auditor })).status).toBe(201);
    const token = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: auditor })).body.token;
    await schemathesis(['--include-path-regex', '^/api/admin/', '--header', `Authorization: Bearer ${token}`]);
  },
  RUN_MS + 60_000,
);
