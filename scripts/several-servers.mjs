// `npm run several`: N server processes of one shop, each on a port of its own, behind nginx listening on
// PORT (docs/scaling.md «Several processes»). Needs DATABASE_URL (a PostgreSQL server: the embedded
// database serves one process). Installs Debian's nginx when missing, as the other system packages are
// installed; runs it as the current user with its configuration, pid, logs and buffers in a temporary
// folder, not as a daemon; Ctrl-C or SIGTERM stops nginx and every server, and so does any of them dying.
//
//   DATABASE_URL=postgres://… [SERVER_PROCESSES=2] [PORT=3000] npm run several [-- --built]
//     --built: run the production build (apps/server/dist/main.js, `npm run build`) instead of the sources
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAppsIfStale } from './build-web.mjs';
import { requireSupportedNode } from './node-version.mjs';
import { ensureSystemPackages } from './system-packages.mjs';
import { freePort } from './free-port.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const TEMPLATE = path.join(root, 'deploy/nginx/shop.conf');
/** The first start makes the demo data (a few thousand goods): allow for it on a busy machine. */
const START_TIMEOUT_MS = 300_000;

function fail(message) {
  console.error(message);
  process.exit(1);
}


/** deploy/nginx/shop.conf with its two names filled in. */
export function renderShopConf(template, { listen, ports }) {
  const servers = ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n    ');
  return template.replace('@UPSTREAM_SERVERS@', servers).replace('@LISTEN@', listen);
}

/** nginx's own file: everything it writes stays in `dir`; workers run as this user (root would drop to nobody). */
function mainConf(dir) {
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `    ${name}_temp_path ${path.join(dir, `${name}-temp`)};`)
    .join('\n');
  return `${user}worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
    access_log ${path.join(dir, 'access.log')};
${temp}
    include ${path.join(dir, 'shop.conf')};
}
`;
}

const children = [];
let stopping = false;

function start(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push({ name, child });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} 意外退出 (exited unexpectedly: code ${code}, signal ${signal})；正在停止其余进程`);
    void stopAll(1);
  });
  return child;
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(({ name, child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      return new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        // nginx: SIGQUIT finishes the requests in flight; a server shuts down cleanly on SIGTERM.
        child.kill(name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
      });
    }),
  );
  process.exit(code);
}

async function waitReady(url, child, what) {
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) fail(`${what} 未能启动 (did not start)`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  console.error(`${what} 未在 ${START_TIMEOUT_MS / 1000} 秒内就绪 (not ready in time)`);
  await stopAll(1);
}

async function main() {
  requireSupportedNode('npm run several');
  const env = process.env;
  if (!env.DATABASE_URL) {
    fail(
      'npm run several 需要 DATABASE_URL（PostgreSQL）：内嵌数据库只能由一个进程使用 (several servers need a PostgreSQL server)',
    );
  }
  const count = Number(env.SERVER_PROCESSES ?? 2);
  if (!Number.isInteger(count) || count < 1 || count > 64)
    fail(`SERVER_PROCESSES 须为 1 到 64 的整数，现在是 "${env.SERVER_PROCESSES}"`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) fail(`PORT 须为 1 到 65535 的整数，现在是 "${env.PORT}"`);
  if (!ensureSystemPackages(['nginx'], { purpose: { zh: '反向代理', en: 'the reverse proxy' } })) process.exit(1);
  const built = process.argv.includes('--built');
  const builtMain = 'apps/server/dist/main.js';
  const entry = [...SERVER_NODE_FLAGS, ...(built ? [builtMain] : ['--import', 'tsx', 'apps/server/src/main.ts'])];
  if (built && !fs.existsSync(path.join(root, builtMain))) fail(`找不到 ${builtMain}：请先运行 npm run build`);
  if (!built) buildAppsIfStale();

  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopAll(0));
  const ports = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  const serverEnv = (i) => ({
    ...env,
    PORT: String(ports[i]),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    SERVER_PROCESSES: '1',
    // Each process its own metrics port, as with SERVER_PROCESSES (METRICS_PORT + its number - 1).
    ...(env.METRICS_PORT ? { METRICS_PORT: String(Number(env.METRICS_PORT) + i) } : {}),
  });
  // The first server migrates and makes the demo data alone; the others start once it is ready.
  const servers = [start('server 1', process.execPath, entry, serverEnv(0))];
  await waitReady(`http://127.0.0.1:${ports[0]}/readyz`, servers[0], 'server 1');
  for (let i = 1; i < count; i++) servers.push(start(`server ${i + 1}`, process.execPath, entry, serverEnv(i)));
  await Promise.all(
    servers.slice(1).map((s, i) => waitReady(`http://127.0.0.1:${ports[i + 1]}/readyz`, s, `server ${i + 2}`)),
  );

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-nginx-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(
    path.join(dir, 'shop.conf'),
    renderShopConf(fs.readFileSync(TEMPLATE, 'utf8'), { listen: String(port), ports }),
  );
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConf(dir));
  const nginx = start('nginx', 'nginx', [
    '-p',
    dir,
    '-e',
    path.join(dir, 'error.log'),
    '-c',
    path.join(dir, 'nginx.conf'),
    '-g',
    'daemon off;',
  ]);
  await waitReady(`http://127.0.0.1:${port}/readyz`, nginx, `nginx (error log ${path.join(dir, 'error.log')})`);
  console.log(
    `已就绪 (ready): http://127.0.0.1:${port} — nginx (${dir}) → ${count} 个服务器进程 (server processes) on ports ${ports.join(', ')}`,
  );
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) await main();
