import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/vite-precompress.ts';
import { productionWhenBuilding } from '../../scripts/vite-production-build.ts';

const api = 'http://localhost:3000';

/** The operator console, served by the shop's server at /admin/ (its API lives under /ops/). */
export default defineConfig(({ command }) => {
  productionWhenBuilding({ command });
  return {
    base: '/admin/',
    plugins: [react(), precompress()],
    server: {
      port: 5174,
      proxy: { '/ops': api, '/static': api },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 1500,
    },
  };
});
