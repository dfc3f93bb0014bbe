// A Vite plugin for the browser apps' builds: beside every text file of the build (scripts, styles,
// the page, SVG, JSON) it writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy, so that the
// shop's server sends them as they are (@fastify/static's preCompressed, apps/server/src/lib/static-app.ts)
// and never compresses per request. A copy that is not smaller than its file is not written.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this size the headers cost more than compression saves. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.')) // .vite/manifest.json is read by the server, never sent
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

export function compressBuild(dir: string): { files: number; bytes: number; brotliBytes: number; gzipBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (brotli.length < body.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < body.length) fs.writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.bytes += body.length;
    totals.brotliBytes += Math.min(brotli.length, body.length);
    totals.gzipBytes += Math.min(gzip.length, body.length);
  }
  return totals;
}

export function precompress(): Plugin {
  let outDir = '';
  let log = (message: string) => console.log(message);
  return {
    name: 'mall-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    closeBundle() {
      const t = compressBuild(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
      log(`${t.files} files precompressed: ${kb(t.bytes)} → brotli ${kb(t.brotliBytes)}, gzip ${kb(t.gzipBytes)}`);
    },
  };
}
