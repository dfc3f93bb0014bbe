import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/vite-precompress.ts';

const api = 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/member': api, '/dev': api, '/static': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: the server names a landing page's screen files in its page (route-preload.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry needs before it runs (React, the router, antd's core, the shell) in one file
          // rather than about 23: every page loads all of it, and each file is a request the first
          // screen waits for (measured: /goodsDetail's scripts came in 0.2–0.5 s later with them apart).
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
