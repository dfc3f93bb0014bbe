import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/vite-precompress.ts';
import { productionWhenBuilding } from '../../scripts/vite-production-build.ts';

const api = 'http://localhost:3000';

// `vite build` makes the browser's app (dist); `vite build --ssr src/entry-server.tsx` the server's
// renderer of the landing pages (dist-server, read by the server: apps/server/src/lib/server-render.ts).
export default defineConfig(({ command, isSsrBuild }) => {
  productionWhenBuilding({ command });
  return {
    base: '/',
    plugins: isSsrBuild ? [react()] : [react(), precompress()],
    server: {
      port: 5173,
      proxy: { '/member': api, '/dev': api, '/static': api },
    },
    // One file the server imports as it is: antd's ES files cannot be loaded by Node one by one.
    ssr: { noExternal: true },
    // The same production builds of React and antd as the browser's (antd's class names differ in development).
    define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
    build: isSsrBuild
      ? {
          outDir: 'dist-server',
          emptyOutDir: true,
          copyPublicDir: false,
          // One file, its lazy screens inlined: the server imports it under a ?build= query (to pick up a
          // rebuild), and a chunk importing "../entry-server.js" back would load a second copy of it, with a
          // second React Router whose context the rendered screens cannot see.
          rolldownOptions: { output: { codeSplitting: false } },
        }
      : {
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
  };
});
