// Lint rules, including the import boundaries of ARCHITECTURE.md:
// - each workspace imports only the workspaces its row allows;
// - features (folders under command-api/src and frontend/src/features) do not import each other;
// - domain code (every file of domain/, projection folds, the risk model) imports no adapter or client library and reads no clock;
// - a risk-model profile is data: it imports nothing but the engine's types;
// - the composition roots (server/) wire: they declare no route and map no error.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');
const fs = require('node:fs');

const ours = (names) =>
  names.map((n) => ({ group: [`@walletscreen/${n}`, `@walletscreen/${n}/**`], message: `this workspace may not import ${n} (ARCHITECTURE.md)` }));
/** The read models' queries (and typed collection handles), which the API and the workers read through; nothing else of the projections. */
const projectionQueriesOnly = {
  regex: '^@walletscreen/projections(?!/[a-z-]+/queries$)(/.*)?$',
  message: 'read a read model through its queries (projections/src/<read-model>/queries.ts), nothing else of the projections (ARCHITECTURE.md)',
};
/**
 * Nor do they read a read store's documents by a collection name: only through those queries and
 * handles, each collection name and document type being declared once, beside its projection. The
 * read store itself is still handed around (workers keep their checkpoints in it).
 */
const readModelReads = ['find', 'get', 'getMany', 'count'].join('|');
const readThroughQueriesOnly = {
  'no-restricted-syntax': [
    'error',
    ...['callee.object.name', 'callee.object.property.name'].map((object) => ({
      selector: `CallExpression[callee.property.name=/^(${readModelReads})$/][${object}=/^(readStore|readModels)$/]`,
      message: 'read a read model through its queries (projections/src/<read-model>/queries.ts), not by its collection name (ARCHITECTURE.md)',
    })),
  ],
};
const adapterLibraries = [
  'better-sqlite3',
  'express',
  'mongodb',
  'kafkajs',
  '@eventstore/db-client',
  'nodemailer',
  'socket.io',
  'pino',
  'openai',
  'stripe',
  'node:fs',
  'fs',
  'node:http',
  'http',
];

/** Feature folders: every directory directly under the given folder, except shared infrastructure. */
function featureFolders(dir, shared) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !shared.includes(d.name))
    .map((d) => d.name);
}
const otherFeatures = (features, f) =>
  features
    .filter((o) => o !== f)
    .map((o) => ({
      group: [`../${o}`, `../${o}/**`, `../../${o}`, `../../${o}/**`, `../../../${o}/**`, `**/features/${o}/**`],
      message: `features do not import each other (${f} → ${o}); move shared code down`,
    }));
const domain = {
  paths: adapterLibraries.map((name) => ({ name, message: 'domain code imports no adapter or client library' })),
  patterns: [{ group: ['**/sqlite/**', '**/adapters', '**/adapters/**', '@walletscreen/platform/adapters'], message: 'domain code imports no adapter' }],
};
const domainRules = {
  'no-restricted-globals': [
    'error',
    { name: 'Date', message: 'time comes in on the command (metadata.now)' },
    { name: 'fetch', message: 'no network in domain code' },
  ],
  'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'ids and randomness come in on the command' }],
};
const restrict = (files, patterns, extra = {}, ignores) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: { 'no-restricted-imports': ['error', { paths: extra.paths ?? [], patterns: [...patterns, ...(extra.patterns ?? [])] }], ...(extra.rules ?? {}) },
});

/**
 * One `no-restricted-imports` entry per kind of file, holding every restriction that applies to it
 * (ESLint replaces, not merges, a rule configured twice for one file).
 */
function boundaries() {
  const blocks = [];
  const allowed = {
    contracts: [],
    domain: ['contracts'],
    platform: ['contracts'],
    workers: ['contracts', 'domain', 'platform', 'projections'],
    projections: ['contracts', 'domain', 'platform'],
    'command-api': ['contracts', 'domain', 'platform', 'projections'],
    server: ['contracts', 'domain', 'platform', 'command-api', 'workers', 'projections'],
    frontend: ['contracts'],
  };
  const workspaces = Object.keys(allowed);
  const queriesOnly = ['workers', 'command-api'];
  const forbidden = (ws) => [
    ...ours(workspaces.filter((o) => o !== ws && !allowed[ws].includes(o))),
    ...(queriesOnly.includes(ws) ? [projectionQueriesOnly] : []),
  ];
  for (const ws of ['contracts', 'platform']) blocks.push(restrict([`${ws}/**/*.ts`], forbidden(ws)));
  // domain: pure, every file of it (tests aside): no adapter, no clock, no network, no randomness.
  blocks.push(restrict(['domain/**/*.ts'], forbidden('domain'), { ...domain, rules: domainRules }, ['domain/**/*.test.ts']));
  blocks.push(restrict(['domain/**/*.test.ts'], forbidden('domain')));
  for (const ws of ['workers', 'projections']) {
    blocks.push(restrict([`${ws}/**/*.ts`], forbidden(ws)));
    blocks.push(restrict([`${ws}/**/*.projection.ts`, `${ws}/src/**/risk-model*.ts`], forbidden(ws), { ...domain, rules: domainRules }));
  }
  // server: the composition roots, the only workspace that imports every backend workspace. They
  // wire; a route is declared in its feature (command-api/src/api.ts lists them) and a refusal is
  // turned into a business error where it is made, so neither is imported here.
  blocks.push(
    restrict(
      ['server/**/*.ts'],
      [
        ...forbidden('server'),
        {
          group: ['@walletscreen/command-api/http/route'],
          message: 'routes are declared in their feature and listed in command-api/src/api.ts; a composition root only wires them',
        },
        {
          group: ['@walletscreen/domain/errors', '@walletscreen/domain/*/errors'],
          message: 'errors are mapped to business errors beside the code that throws them; a composition root only wires',
        },
      ],
    ),
  );
  const apiFeatures = featureFolders('command-api/src', ['http', 'shared']);
  blocks.push(restrict(['command-api/**/*.ts'], forbidden('command-api')));
  for (const f of apiFeatures) {
    const patterns = [...forbidden('command-api'), ...otherFeatures(apiFeatures, f)];
    blocks.push(restrict([`command-api/src/${f}/**/*.ts`], patterns));
  }
  const webFeatures = featureFolders('frontend/src/features', []);
  blocks.push(restrict(['frontend/**/*.{ts,tsx}'], forbidden('frontend')));
  for (const f of webFeatures)
    blocks.push(restrict([`frontend/src/features/${f}/**/*.{ts,tsx}`], [...forbidden('frontend'), ...otherFeatures(webFeatures, f)]));
  // Test tooling (each workspace's testing/ folder, beside src/) is for tests: production code never imports it.
  blocks.push({
    files: ['*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/testing/**', '@walletscreen/*/testing/*'], message: 'test tooling (a testing/ folder) is for tests, not production code' }],
        },
      ],
    },
  });
  // The API, the workers and the composition roots read read models through their queries (tests may read through the handles, and write fixtures).
  blocks.push({ files: ['command-api/**/*.ts', 'workers/**/*.ts', 'server/**/*.ts'], ignores: ['**/*.test.ts'], rules: readThroughQueriesOnly });
  // A risk-model version is a profile, plain data over one engine (workers/src/checks/risk-model.ts): it imports nothing but the
  // engine's types (risk-profile.ts, type-only) and holds no code, so what a version does is its data and its hash says it all.
  blocks.push({
    files: ['workers/src/checks/risk-profiles/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '../risk-profile', allowTypeImports: true, message: "a risk profile imports the engine's types only: `import type`" }],
          patterns: [{ regex: '^(?!\\.\\./risk-profile$)', message: "a risk profile is data: it imports nothing but the engine's types (../risk-profile)" }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'FunctionDeclaration, FunctionExpression, ArrowFunctionExpression, ClassDeclaration, CallExpression, NewExpression, TemplateLiteral[expressions.length>0]',
          message: 'a risk profile is plain data: no code (the engine, risk-model.ts, does the work)',
        },
      ],
    },
  });
  return blocks;
}

/**
 * Type-aware rules: what the types say about promises, assertions and unions that plain syntax
 * cannot see. ESLINT_SYNTAX_ONLY=1 leaves them out, for linting text that is no file of a project
 * (tests/architecture.int.test.ts lints made-up files to show the import boundaries bite).
 */
const typeAware = process.env.ESLINT_SYNTAX_ONLY
  ? []
  : [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: __dirname } },
        rules: {
          '@typescript-eslint/no-floating-promises': 'error',
          '@typescript-eslint/no-misused-promises': 'error',
          '@typescript-eslint/await-thenable': 'error',
          '@typescript-eslint/return-await': ['error', 'in-try-catch'],
          '@typescript-eslint/only-throw-error': 'error',
          '@typescript-eslint/prefer-promise-reject-errors': 'error',
          '@typescript-eslint/no-unnecessary-type-assertion': 'error',
          '@typescript-eslint/no-base-to-string': 'error',
          '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
          '@typescript-eslint/no-redundant-type-constituents': 'error',
          '@typescript-eslint/no-unsafe-enum-comparison': 'error',
          '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
        },
      },
      // Tests narrow what a query or a DOM lookup returns by assertion; the generated API types are the OpenAPI document's.
      { files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'frontend/src/test/**/*.ts'], rules: { '@typescript-eslint/no-unnecessary-type-assertion': 'off' } },
      { files: ['tests/support/api-schema.d.ts'], rules: { '@typescript-eslint/no-redundant-type-constituents': 'off' } },
    ];

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
  ...typeAware,
  ...boundaries(),
);
