// `npm run typecheck`: `tsc -p` of the four projects, as many at once as there are cores (each tsc
// is single-threaded; one after another they took 2–3 minutes on a 2-core CI machine). Each
// project's output is printed whole when it ends; any error fails the whole check.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { requireSupportedNode } from './node-version.mjs';

const root = path.resolve(import.meta.dirname, '..');
requireSupportedNode('npm run typecheck');
// The heaviest first, so that the light ones fill the gaps.
const PROJECTS = ['apps/server', 'apps/web', 'apps/admin', 'packages/shared'];
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const limit = Math.max(1, Number(process.env.TYPECHECK_JOBS) || os.availableParallelism());

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => resolve({ project, code: 1, output: String(err), seconds: 0 }));
    child.on('close', (code) => resolve({ project, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const queue = [...PROJECTS];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(limit, queue.length) }, async () => {
    while (queue.length) {
      const result = await check(queue.shift());
      results.push(result);
      const verdict = result.code === 0 ? '通过 (ok)' : '有错误 (errors)';
      console.log(`tsc -p ${result.project}: ${verdict}, ${result.seconds.toFixed(1)} s`);
      if (result.output.trim()) console.log(result.output.trimEnd());
    }
  }),
);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
