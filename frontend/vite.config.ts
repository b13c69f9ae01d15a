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
  },
});
