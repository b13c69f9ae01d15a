// `npm run lint:openapi`: builds the OpenAPI document in-process from the route declarations
// (describeApi in command-api/src/api.ts; no server starts), writes it to dist/openapi.json and
// lints it with Redocly CLI under redocly.yaml (its recommended rules, each an error). Exits with
// Redocly's status: 0 only when it reports no problem. tests/openapi.int.test.ts runs it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bundle, root } from './esbuild-workspaces.mjs';

const entry = path.join(root, 'dist', 'run', `api-lint-${process.pid}.cjs`);
await bundle('command-api/src/api.ts', entry);
const { describeApi } = createRequire(import.meta.url)(entry);
rmSync(entry);

const target = path.join(root, 'dist', 'openapi.json');
mkdirSync(path.dirname(target), { recursive: true });
// The server a default install answers on (PORT 3000), as a served document names its own.
writeFileSync(target, `${JSON.stringify(describeApi('http://127.0.0.1:3000'), null, 2)}\n`);

const redocly = path.join(root, 'node_modules', '.bin', 'redocly');
const result = spawnSync(redocly, ['lint', '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish', target], {
  cwd: root,
  stdio: 'inherit',
  // No update check or telemetry: CI reaches the package registries only.
  env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' },
});
if (result.error) throw result.error;
process.exit(result.status ?? 1);
