// Builds the browser apps (the buyer app and the operator console) when a build is missing or older
// than any of its inputs, each on its own (used by `npm start` and the end-to-end runner, so neither
// serves a stale app, and an unchanged app costs nothing).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Each app: its workspace, the file its build writes last, and what the build reads. */
export const APPS = [
  // The web app's build ends with its server renderer (apps/web/package.json).
  { name: '前端', en: 'the web app', workspace: 'apps/web', lastOutput: 'dist-server/entry-server.js' },
  { name: '管理后台', en: 'the operator console', workspace: 'apps/admin', lastOutput: 'dist/index.html' },
].map((app) => ({
  ...app,
  builtIndex: path.join(root, app.workspace, app.lastOutput),
  inputs: [
    `${app.workspace}/src`,
    `${app.workspace}/public`,
    `${app.workspace}/index.html`,
    `${app.workspace}/vite.config.ts`,
    'packages/shared/src',
    'scripts/vite-precompress.ts',
    'scripts/vite-production-build.ts',
  ],
}));

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

export function isStale(app) {
  const built = fs.existsSync(app.builtIndex) ? fs.statSync(app.builtIndex).mtimeMs : 0;
  return !built || app.inputs.some((p) => newestMtime(path.join(root, p)) > built);
}

export function buildAppsIfStale() {
  for (const app of APPS) {
    if (!isStale(app)) continue;
    console.log(`构建${app.name} (building ${app.en})…`);
    const result = spawnSync('npm', ['run', 'build', '-w', app.workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
