// Builds the web app when its build is missing or older than any of its inputs (used by
// `npm start` and the end-to-end runner, so neither serves a stale app).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const inputs = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

export function buildWebIfStale() {
  const built = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  const stale = !built || inputs.some((p) => newestMtime(path.join(root, p)) > built);
  if (!stale) return;
  console.log('构建前端 (building the web app)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
