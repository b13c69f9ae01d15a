// Jest transform: TypeScript/TSX to CommonJS with esbuild (types are only stripped; `tsc -b` checks them).
const { transformSync } = require('esbuild');
const { createHash } = require('node:crypto');
const { version } = require('esbuild/package.json');

module.exports = {
  process(source, file) {
    const result = transformSync(source, {
      loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
      format: 'cjs',
      target: 'node22',
      jsx: 'automatic',
      sourcemap: 'inline',
      sourcefile: file,
      // jest runs CommonJS without VM modules: `await import()` becomes a lazy require.
      supported: { 'dynamic-import': false },
      // Strict mode, as in the bundles (tsconfig's `strict`): a write to a frozen object throws
      // instead of being ignored, e.g. to an event subscribers share (sqlite-event-store.ts).
      tsconfigRaw: { compilerOptions: { alwaysStrict: true } },
    });
    return { code: result.code };
  },
  getCacheKey(source, file) {
    return createHash('sha256').update(version).update('\0no-dynamic-import\0strict\0').update(file).update('\0').update(source).digest('hex');
  },
};
