import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

/** The API and socket.io run on the command-api; in development and preview Vite proxies them to it. */
const backend = 'http://127.0.0.1:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: backend, changeOrigin: true },
  '/socket.io': { target: backend, ws: true, changeOrigin: true },
};

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
