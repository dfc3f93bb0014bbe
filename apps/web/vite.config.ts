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
  },
});
