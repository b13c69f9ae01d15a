// Lint rules, including the import boundaries of ARCHITECTURE.md:
// - each workspace imports only the workspaces its row allows;
// - features (folders under command-api/src and frontend/src/features) do not import each other;
// - domain code (deciders, aggregates, projection folds, the risk model) imports no adapter or client library.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');
const fs = require('node:fs');

const ours = (names) => names.map((n) => ({ group: [`@walletscreen/${n}`, `@walletscreen/${n}/**`], message: `this workspace may not import ${n} (ARCHITECTURE.md)` }));
const adapterLibraries = ['better-sqlite3', 'express', 'mongodb', 'kafkajs', '@eventstore/db-client', 'nodemailer', 'socket.io', 'pino', 'openai', 'stripe', 'node:fs', 'fs', 'node:http', 'http'];

/** Feature folders: every directory directly under the given folder, except shared infrastructure. */
function featureFolders(dir, shared) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() && !shared.includes(d.name)).map((d) => d.name);
}
function featureIsolation(base, shared) {
  const features = featureFolders(base, shared);
  return features.map((f) => ({
    files: [`${base}/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: features.filter((o) => o !== f).map((o) => ({
          group: [`**/${o}/*`, `../${o}`, `../../${o}`, `**/features/${o}/**`],
          message: `features do not import each other (${f} → ${o}); move shared code down`,
        })),
      }],
    },
  }));
}

module.exports = tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', 'data/**', '.services/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  { files: ['**/*.cjs', '**/*.js'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['frontend/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['contracts/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: ours(['platform', 'command-api', 'workers', 'projections', 'frontend']) }] } },
  { files: ['platform/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: ours(['command-api', 'workers', 'projections', 'frontend']) }] } },
  { files: ['workers/**/*.ts', 'projections/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: ours(['command-api', 'frontend', 'workers', 'projections'].filter(Boolean)) }] } },
  { files: ['frontend/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: ours(['platform', 'command-api', 'workers', 'projections']) }] } },
  ...featureIsolation('command-api/src', ['main', 'http', 'shared']),
  ...featureIsolation('frontend/src/features', []),
  {
    files: ['command-api/src/*/**/*.ts'],
    ignores: ['command-api/src/main/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ours(['workers', 'projections', 'frontend']) }] },
  },
  {
    files: ['**/decide.ts', 'command-api/src/*/{user,check,purchase}.ts', '**/*.projection.ts', 'workers/src/**/risk-model*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: adapterLibraries.map((name) => ({ name, message: 'domain code imports no adapter or client library' })),
        patterns: [{ group: ['**/sqlite/**', '**/adapters/**', '@walletscreen/platform/**/sqlite/**'], message: 'domain code imports no adapter' }],
      }],
      'no-restricted-globals': ['error', { name: 'Date', message: 'time comes in on the command (metadata.now)' }, { name: 'fetch', message: 'no network in domain code' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'ids and randomness come in on the command' }],
    },
  },
);
