// `npm run test:e2e`: installs Debian's chromium and fonts-wqy-microhei when missing (or stops at
// once with the command to run), builds the web app and the operator console when needed, starts two
// throwaway servers (fresh data directories on free ports; the second with 5-second access tokens for
// the silent-refresh test), runs Playwright against them, stops them and exits with Playwright's code.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildAppsIfStale } from './build-web.mjs';
import { E2E_PACKAGES, ensureSystemPackages, hasDpkg, installCommand } from './system-packages.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Before anything is built or started: the browser (playwright.config.ts runs /usr/bin/chromium)
// and a font with Chinese glyphs, installed when missing or the command to run printed.
if (hasDpkg()) {
  if (!ensureSystemPackages(E2E_PACKAGES, { purpose: { zh: '端到端测试', en: 'the end-to-end tests' } })) process.exit(1);
} else if (!fs.existsSync('/usr/bin/chromium')) {
  console.error(
    '找不到 /usr/bin/chromium (/usr/bin/chromium not found). On Debian or Ubuntu:\n' +
      `  ${installCommand(E2E_PACKAGES)}\nelsewhere, install Chromium as /usr/bin/chromium and the WenQuanYi Micro Hei font.`,
  );
  process.exit(1);
}
buildAppsIfStale();

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const servers = [];
// The operator token of the throwaway servers, so that tests can drive the ops API and CLI.
const opsToken = `e2e-ops-${crypto.randomBytes(24).toString('hex')}`;

async function startServer(name, extraEnv = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mall-e2e-${name}-`));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    OPS_TOKEN: opsToken,
    ...extraEnv,
  };
  // Always a fresh embedded database, even when the caller's shell points at a PostgreSQL server.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env,
  });
  const server = { name, port, dataDir, logFile, child, url: `http://127.0.0.1:${port}` };
  servers.push(server);
  return server;
}

async function waitHealthy(server, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) break;
    try {
      const res = await fetch(`${server.url}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  console.error(`服务器 ${server.name} 未能启动 (server did not become healthy):\n${fs.readFileSync(server.logFile, 'utf8')}`);
  throw new Error('server start failed');
}

async function stopAll() {
  await Promise.all(
    servers.map(
      (s) =>
        new Promise((resolve) => {
          if (s.child.exitCode !== null) return resolve();
          const timer = setTimeout(() => s.child.kill('SIGKILL'), 10_000);
          s.child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          s.child.kill('SIGTERM');
        }),
    ),
  );
  for (const s of servers) fs.rmSync(s.dataDir, { recursive: true, force: true });
}

let code = 1;
try {
  const started = Date.now();
  const main = await startServer('main');
  const shortTtl = await startServer('ttl', { ACCESS_TOKEN_TTL: '5' });
  await Promise.all([waitHealthy(main), waitHealthy(shortTtl)]);
  console.log(`服务器已就绪 (servers ready in ${Date.now() - started} ms): ${main.url} ${shortTtl.url}`);
  const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: main.url, E2E_SHORT_TTL_URL: shortTtl.url, E2E_OPS_TOKEN: opsToken },
  });
  code = result.status ?? 1;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await stopAll();
}
process.exit(code);
