/**
 * The import boundaries of ARCHITECTURE.md are enforced by ESLint; these facts show they bite.
 * ESLint runs in a child process (it loads its config with a dynamic import jest's VM lacks).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const lintScript = `
const { ESLint } = require('eslint');
const path = require('node:path');
let input = '';
process.stdin.on('data', (c) => (input += c)).on('end', async () => {
  const { file, code } = JSON.parse(input);
  const [result] = await new ESLint({ cwd: process.cwd() }).lintText(code, { filePath: path.join(process.cwd(), file) });
  process.stdout.write(JSON.stringify(result.messages.map((m) => m.ruleId + ': ' + m.message)));
});`;
async function problems(file: string, code: string): Promise<string[]> {
  const out = execFileSync(process.execPath, ['-e', lintScript], {
    cwd: root,
    input: JSON.stringify({ file, code }),
    encoding: 'utf8',
    env: { ...process.env, ESLINT_SYNTAX_ONLY: '1' },
  });
  return JSON.parse(out) as string[];
}

describe('import boundaries', () => {
  it('domain code imports no adapter and reads no clock', async () => {
    expect(await problems('domain/src/user/decide.ts', "import Database from 'better-sqlite3';\nexport const x = Database;\n")).toEqual([
      expect.stringContaining('domain code imports no adapter'),
    ]);
    expect(await problems('domain/src/user/decide.ts', 'export const now = () => new Date();\n')).toEqual([expect.stringContaining('metadata.now')]);
    // Every file of the domain, whatever its name, not only those named like deciders.
    expect(await problems('domain/src/case/summary.ts', 'export const id = () => Math.random();\n')).toEqual([
      expect.stringContaining('ids and randomness come in on the command'),
    ]);
    expect(await problems('domain/src/x.ts', "import { createLogger } from '@walletscreen/platform';\nexport const x = createLogger;\n")).toEqual([
      expect.stringContaining('may not import platform'),
    ]);
    expect(
      await problems(
        'projections/src/customers/customers.projection.ts',
        "import { SqliteReadStore } from '@walletscreen/platform/adapters';\nexport const x = SqliteReadStore;\n",
      ),
    ).not.toEqual([]);
  });

  it('features do not import each other', async () => {
    expect(await problems('command-api/src/admin/routes.ts', "import { decideAccount } from '../accounts/decide';\nexport const x = decideAccount;\n")).toEqual(
      [expect.stringContaining('features do not import each other')],
    );
  });

  it('workspaces import only what their row allows', async () => {
    expect(await problems('contracts/src/x.ts', "import { createLogger } from '@walletscreen/platform';\nexport const x = createLogger;\n")).toEqual([
      expect.stringContaining('may not import platform'),
    ]);
    expect(await problems('platform/src/x.ts', "import { x } from '@walletscreen/command-api/accounts/user';\nexport const y = x;\n")).toEqual([
      expect.stringContaining('may not import command-api'),
    ]);
    expect(
      await problems('command-api/src/accounts/x.ts', "import { allProjections } from '@walletscreen/projections';\nexport const y = allProjections;\n"),
    ).toEqual([expect.stringContaining('through its queries')]);
    expect(
      await problems(
        'command-api/src/checks/x.ts',
        "import { checksProjection } from '@walletscreen/projections/checks/checks.projection';\nexport const y = checksProjection;\n",
      ),
    ).toEqual([expect.stringContaining('through its queries')]);
    expect(
      await problems('command-api/src/checks/x.ts', "import { findHistory } from '@walletscreen/projections/checks/queries';\nexport const y = findHistory;\n"),
    ).toEqual([]);
    expect(
      await problems(
        'command-api/src/x.ts',
        "import { startAnalysisWorker } from '@walletscreen/workers/checks/analysis-worker';\nexport const y = startAnalysisWorker;\n",
      ),
    ).toEqual([expect.stringContaining('may not import workers')]);
    // A port the API declares is implemented in the workers by its shape, never by importing the API.
    expect(
      await problems(
        'workers/src/feeds/x.ts',
        "import type { FeedsAdmin } from '@walletscreen/command-api/sanctions/feeds-routes';\nexport type Y = FeedsAdmin;\n",
      ),
    ).toEqual([expect.stringContaining('may not import command-api')]);
    expect(
      await problems(
        'server/src/x.ts',
        "import { allProjections } from '@walletscreen/projections';\nimport { startAnalysisWorker } from '@walletscreen/workers/checks/analysis-worker';\nexport const y = [allProjections, startAnalysisWorker];\n",
      ),
    ).toEqual([]);
  });

  it('production code imports no test tooling; tests do', async () => {
    expect(
      await problems('workers/src/chain-data/x.ts', "import { startReplayServer } from '../../testing/replay-server';\nexport const y = startReplayServer;\n"),
    ).toEqual([expect.stringContaining('test tooling')]);
    expect(
      await problems(
        'server/src/x.ts',
        "import { startReplayServer } from '@walletscreen/workers/testing/replay-server';\nexport const y = startReplayServer;\n",
      ),
    ).toEqual([expect.stringContaining('test tooling')]);
    expect(
      await problems(
        'workers/src/chain-data/x.int.test.ts',
        "import { startReplayServer } from '../../testing/replay-server';\nexport const y = startReplayServer;\n",
      ),
    ).toEqual([]);
  });

  it('composition roots only wire: no route declared, no error mapped in server/', async () => {
    expect(await problems('server/src/x.ts', "import { route } from '@walletscreen/command-api/http/route';\nexport const y = route;\n")).toEqual([
      expect.stringContaining('listed in command-api/src/api.ts'),
    ]);
    expect(await problems('server/src/x.ts', "import { Conflict } from '@walletscreen/domain/errors';\nexport const y = Conflict;\n")).toEqual([
      expect.stringContaining('mapped to business errors'),
    ]);
    expect(await problems('server/src/x.ts', "import { FeedError } from '@walletscreen/domain/feed/errors';\nexport const y = FeedError;\n")).toEqual([
      expect.stringContaining('mapped to business errors'),
    ]);
  });

  it("a risk-model profile is data: it imports nothing but the engine's types, and holds no code", async () => {
    const profile = 'workers/src/checks/risk-profiles/9.9.9.ts';
    expect(
      await problems(profile, "import type { RiskProfile } from '../risk-profile';\nexport const p: Partial<RiskProfile> = { minShare: 0.001 };\n"),
    ).toEqual([]);
    expect(await problems(profile, "import { riskCategories } from '@walletscreen/domain/feed/events';\nexport const c = riskCategories;\n")).toEqual([
      expect.stringContaining("it imports nothing but the engine's types"),
    ]);
    expect(await problems(profile, "import { CURRENT_RISK_PROFILE } from '../risk-model';\nexport const p = CURRENT_RISK_PROFILE;\n")).toEqual([
      expect.stringContaining("it imports nothing but the engine's types"),
    ]);
    expect(await problems(profile, "import { missing } from '../risk-profile';\nexport const p = missing;\n")).toEqual([
      expect.stringContaining('`import type`'),
    ]);
    expect(await problems(profile, 'export const p = { minShare: Math.min(0.001, 1) };\n')).toEqual([expect.stringContaining('a risk profile is plain data')]);
  });

  it('the API, the workers and the composition roots read a read model through its queries, not by its collection name', async () => {
    const byName =
      "import type { ReadStore } from '@walletscreen/platform';\nexport const y = (readStore: ReadStore, deps: { readStore: ReadStore }) => [readStore.find('customers'), deps.readStore.get('checks', 'c1')];\n";
    for (const file of ['command-api/src/admin/x.ts', 'workers/src/checks/x.ts', 'server/src/x.ts']) {
      expect(await problems(file, byName)).toEqual([expect.stringContaining('through its queries'), expect.stringContaining('through its queries')]);
    }
    expect(
      await problems(
        'command-api/src/admin/x.ts',
        "import type { ReadStore } from '@walletscreen/platform';\nimport { findCustomers } from '@walletscreen/projections/customers/queries';\nexport const y = (readStore: ReadStore) => findCustomers(readStore, { limit: 10, offset: 0 });\n",
      ),
    ).toEqual([]);
    // Tests may read through the handles, and write fixtures under a handle's name.
    expect(await problems('command-api/src/admin/x.int.test.ts', byName)).toEqual([]);
  });
});
