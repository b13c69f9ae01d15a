import { constants } from 'node:zlib';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The API and socket.io run on the command-api; in development and preview Vite proxies them to it. */
const backend = 'http://127.0.0.1:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: backend, changeOrigin: true },
  '/socket.io': { target: backend, ws: true, changeOrigin: true },
};

export default defineConfig({
  plugins: [
    react(),
    // Each asset is also written as .br and .gz beside it, at the highest levels (paid once, at build
    // time), for the server to send whichever the browser accepts without compressing per request.
    // Source maps are left alone: only developers fetch them.
    compression({
      include: /\.(js|css|html|svg)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The contracts' modules only declare (constants, zod schemas, pure helpers): a module none of
      // whose exports a screen uses is left out, instead of the whole package coming with the first
      // constant a page names.
      treeshake: { moduleSideEffects: [{ test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // Left to the automatic chunking, modules every page needs were merged into chunks of
          // libraries only some screens use (Mantine's DirectionProvider into floating-ui's, zod
          // with Mantine's CloseButton), and the landing page downloaded those libraries whole. The
          // framework every screen runs on is one chunk; the libraries of some screens are theirs.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|clsx|@mantine[\\/]core[\\/]esm[\\/]core|@mantine[\\/]store)[\\/]/,
            },
            {
              // The layout, text and button components nearly every screen shows: one chunk, instead
              // of a dozen small ones each costing a request.
              name: 'ui',
              test: /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/]components[\\/](ActionIcon|Anchor|Badge|Burger|Button|Container|Divider|Group|List|Paper|Progress|SimpleGrid|Stack|Text|ThemeIcon|Title|UnstyledButton)|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes))/,
            },
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'socket', test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/ },
          ],
        },
      },
    },
  },
});
