// One jest run for the whole repository. Test files are named by kind:
//   *.unit.test.ts  pure logic            *.int.test.ts  real HTTP/socket on loopback
//   *.e2e.test.ts   real browser or real external servers
const transform = { '^.+\\.tsx?$': '<rootDir>/scripts/jest-esbuild-transform.cjs' };
const backend = ['contracts', 'domain', 'platform', 'command-api', 'workers', 'projections', 'server', 'tests'];
const roots = (dirs) => dirs.map((d) => `<rootDir>/${d}`);

module.exports = {
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.cjs'],
  projects: [
    {
      displayName: 'unit',
      roots: roots(backend),
      testMatch: ['**/*.unit.test.ts'],
      testEnvironment: 'node',
      transform,
    },
    {
      displayName: 'frontend',
      roots: ['<rootDir>/frontend'],
      testMatch: ['**/*.unit.test.ts', '**/*.unit.test.tsx'],
      testEnvironment: 'jsdom',
      // react-router and two of its dependencies ship ES modules only, and so does csv-parse's browser build (the contracts' CSV
      // reader under jsdom's "browser" condition): compiled to CommonJS like our sources.
      transform: { ...transform, '/node_modules/(react-router|@remix-run|cookie-es|csv-parse)/.+\\.m?js$': '<rootDir>/scripts/jest-esbuild-transform.cjs' },
      transformIgnorePatterns: ['/node_modules/(?!(react-router|@remix-run|cookie-es|csv-parse)/)'],
      moduleNameMapper: { '\\.(css)$': '<rootDir>/scripts/jest-css-module.cjs' },
      setupFiles: ['<rootDir>/frontend/jest.setup.ts'],
    },
    {
      displayName: 'int',
      roots: roots(backend),
      testMatch: ['**/*.int.test.ts'],
      testEnvironment: 'node',
      transform,
    },
    {
      displayName: 'e2e',
      roots: roots(backend),
      testMatch: ['**/*.e2e.test.ts'],
      testEnvironment: 'node',
      transform,
    },
  ],
  testTimeout: 30000,
};
