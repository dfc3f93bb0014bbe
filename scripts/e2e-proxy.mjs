// `npm run test:e2e:proxy`: the smoke of the main journeys (e2e/proxy/) through nginx in front of two
// server processes on a throwaway PostgreSQL cluster (scripts/pg-cluster.sh start --fast), with the
// built web apps served as in production. Installs what is missing (Chromium, the Chinese font, nginx),
// starts `npm run several` on free ports, runs Playwright with playwright.proxy.config.ts, then checks
// that both processes answered requests (each one's /metrics on its own port), and stops everything.
// Playwright options and spec files may follow (`npm run test:e2e:proxy -- --repeat-each 3`).
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAppsIfStale } from './build-web.mjs';
import { requireSupportedNode } from './node-version.mjs';
import { E2E_PACKAGES, ensureSystemPackages } from './system-packages.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PROCESSES = 2;
requireSupportedNode('npm run test:e2e:proxy');
if (!ensureSystemPackages([...E2E_PACKAGES, 'nginx'], { purpose: { zh: '端到端测试', en: 'the end-to-end tests' } }))
  process.exit(1);
if (spawnSync('bash', ['scripts/pg-cluster.sh', 'available'], { cwd: root }).status !== 0) {
  console.error('找不到 PostgreSQL 服务器程序 (PostgreSQL server binaries not found): apt-get install postgresql');
  process.exit(1);
}
buildAppsIfStale();


/**
 * The API requests (/member/…, /ops/…) each process has answered, read from its own metrics port
 * (METRICS_PORT + its number - 1); the readiness polls sent to each process directly do not count.
 */
async function requestsPerProcess(metricsBase) {
  const counts = [];
  for (let i = 0; i < PROCESSES; i++) {
    const text = await (await fetch(`http://127.0.0.1:${metricsBase + i}/metrics`)).text();
    const lines = text
      .split('\n')
      .filter((l) => l.startsWith('mall_http_requests_total{') && /route="\/(member|ops)\//.test(l));
    counts.push(lines.reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0));
  }
  return counts;
}

const started = spawnSync('bash', ['scripts/pg-cluster.sh', 'start', '--fast'], { cwd: root, encoding: 'utf8' });
if (started.status !== 0) {
  console.error(`PostgreSQL 集群未能启动 (could not start a cluster):\n${started.stderr}`);
  process.exit(1);
}
const cluster = Object.fromEntries(
  started.stdout
    .trim()
    .split('\n')
    .map((l) => l.split(/=(.*)/s).slice(0, 2)),
);
const stopCluster = () => spawnSync('bash', ['scripts/pg-cluster.sh', 'stop', cluster.PG_CLUSTER_DIR], { cwd: root });

const port = await freePort();
const metricsBase = await freePort();
const opsToken = `e2e-ops-${crypto.randomBytes(24).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-e2e-proxy-'));
const logFile = path.join(dataDir, 'servers.log');
const log = fs.openSync(logFile, 'a');
const several = spawn(process.execPath, ['scripts/several-servers.mjs'], {
  cwd: root,
  stdio: ['ignore', log, log],
  env: {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: cluster.PG_CLUSTER_URL,
    SERVER_PROCESSES: String(PROCESSES),
    PORT: String(port),
    METRICS_PORT: String(metricsBase),
    DATA_DIR: dataDir, // the demo's secrets file and local uploads, shared by both processes
    LOG_LEVEL: 'warn',
    OPS_TOKEN: opsToken,
  },
});
fs.closeSync(log);

async function stopAll() {
  if (several.exitCode === null && several.signalCode === null) {
    const gone = new Promise((resolve) => several.once('exit', resolve));
    several.kill('SIGTERM');
    await gone;
  }
  stopCluster();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await stopAll();
    process.exit(130);
  });
}

/** Waits for the servers and nginx: the script prints 已就绪 once nginx answers /readyz. */
async function waitReady(timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (several.exitCode !== null) break;
    if (fs.readFileSync(logFile, 'utf8').includes('已就绪 (ready)')) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`nginx 与服务器未能就绪 (not ready):\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`);
}

let code;
try {
  const t0 = Date.now();
  await waitReady();
  console.log(`nginx → ${PROCESSES} 个服务器进程已就绪 (ready in ${Date.now() - t0} ms): http://127.0.0.1:${port}`);
  code = await new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['playwright', 'test', '--config', 'playwright.proxy.config.ts', ...process.argv.slice(2)],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, E2E_BASE_URL: `http://127.0.0.1:${port}`, E2E_OPS_TOKEN: opsToken },
      },
    );
    child.on('error', () => resolve(1));
    child.on('close', (status) => resolve(status ?? 1));
  });
  const counts = await requestsPerProcess(metricsBase);
  console.log(`每个服务器进程应答的请求 (requests answered per process): ${counts.join(', ')}`);
  if (counts.some((n) => n === 0)) {
    console.error('有一个服务器进程没有收到请求：nginx 没有把请求分给两个进程 (a process got no request)');
    code = 1;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await stopAll();
}
process.exit(code);
