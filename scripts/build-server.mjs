// The server's production build: apps/server/src bundled by esbuild into apps/server/dist as JavaScript
// (main.js, and the command-line tools cli/seed.js and cli/ops.js), so production runs plain Node
// without a TypeScript loader (`npm run start:built`). Packages stay outside the bundle and are loaded
// from node_modules as usual; the workspace's own @mall/shared (TypeScript sources) is bundled in.
// Files the server reads at run time (migrations, public/, the apps' builds) are found from the
// server's folder (apps/server/src/lib/server-files.ts), the same from src/ and dist/.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverFolder = path.join(root, 'apps/server');

/** Bare imports stay packages, except the workspace's own, whose TypeScript sources are bundled. */
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@mall/') || args.path.startsWith('node:') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(outdir = path.join(serverFolder, 'dist')) {
  const started = Date.now();
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: ['src/main.ts', 'src/cli/seed.ts', 'src/cli/ops.ts'].map((e) => path.join(serverFolder, e)),
    outbase: path.join(serverFolder, 'src'),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: true,
    plugins: [packagesOutside],
    logLevel: 'warning',
  });
  return { outdir, ms: Date.now() - started };
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  const { outdir, ms } = await buildServer();
  console.log(`server built into ${path.relative(root, outdir)} in ${ms} ms`);
}
