// The processes a benchmark run starts and always stops: the hello-world baseline, the shop's real
// server (PGlite or PostgreSQL) and a throwaway PostgreSQL cluster (scripts/pg-cluster.sh).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
const clusterScript = path.join(root, 'scripts/pg-cluster.sh');

import { freePort } from '../free-port.mjs';
import { buildServer } from '../build-server.mjs';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';
import { holdEventLoop } from './cores.mjs';

const live = new Set();

/** Stops every process started here that is still running (an interrupted run). */
export async function stopAllProcesses() {
  await Promise.all([...live].map((p) => p.stop()));
}

/** Starts a Node process and keeps its output in a log file (shown when it fails). */
function startProcess(name, args, env, logFile, { pin = true } = {}) {
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', log, log] });
  if (pin) holdEventLoop(child.pid);
  fs.closeSync(log);
  let exited = null;
  const proc = {
    name,
    child,
    logFile,
    exited: () => exited,
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
    },
  };
  live.add(proc);
  child.on('exit', (code, signal) => {
    exited = { code, signal };
    live.delete(proc);
  });
  return proc;
}

export function logTail(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function waitForHealth(proc, base, timeoutMs, probe = '/health') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exited())
      throw new Error(
        `${proc.name} exited (${JSON.stringify(proc.exited())}) before it was ready:\n${logTail(proc.logFile)}`,
      );
    try {
      const res = await fetch(`${base}${probe}`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await proc.stop();
  throw new Error(`${proc.name} was not ready within ${timeoutMs / 1000}s:\n${logTail(proc.logFile)}`);
}

export async function startHello(logDir) {
  const port = await freePort();
  const proc = startProcess(
    'hello-world',
    [path.join(root, 'scripts/bench/hello.mjs'), String(port)],
    process.env,
    path.join(logDir, 'hello.log'),
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(proc, base, 10_000);
  return { ...proc, base };
}

/**
 * The real server, as `npm start` runs it (without building the web app), logging warnings only.
 * `database` is 'pglite' (dataDir) or 'postgres' (databaseUrl).
 */
export async function startShop({
  database,
  dataDir,
  databaseUrl,
  goods,
  logDir,
  startTimeoutMs,
  opsToken,
  extraEnv,
  processes = 1,
}) {
  const port = await freePort();
  // Several processes (SERVER_PROCESSES, PostgreSQL only): each worker answers on METRICS_PORT + its
  // slot - 1, which tells when every one of them is up and how many requests each answered.
  const metricsBase = processes > 1 ? await freePort() : undefined;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir ?? path.join(logDir, 'unused-data-dir'),
    // The checkout benchmarks sign 1,000 buyers in by SMS from one address and one visitor id.
    SMS_DAILY_LIMIT_PER_IP: '1000000',
    SMS_DAILY_LIMIT_PER_VISITOR: '1000000',
    // Lets the checkout benchmarks count orders through the operator API.
    OPS_TOKEN: opsToken,
    ...extraEnv,
    ...(processes > 1 ? { SERVER_PROCESSES: String(processes), METRICS_PORT: String(metricsBase) } : {}),
  };
  delete env.DATABASE_URL;
  if (database === 'postgres') env.DATABASE_URL = databaseUrl;
  if (goods !== undefined) env.DEMO_GOODS = String(goods);
  const proc = startProcess(
    `server (${database})`,
    [...SERVER_NODE_FLAGS, await builtServer()],
    env,
    path.join(logDir, `server-${database}${processes > 1 ? `-${processes}-processes` : ''}.log`),
    { pin: processes === 1 },
  );
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  // Ready, not only listening: /readyz waits for what the server reads into memory as it starts (the
  // search's goods index), which would otherwise share the CPU with the first scenarios.
  await waitForHealth(proc, base, startTimeoutMs, '/readyz');
  const metricsPorts = processes > 1 ? Array.from({ length: processes }, (_, i) => metricsBase + i) : [];
  for (const p of metricsPorts) await waitForHealth(proc, `http://127.0.0.1:${p}`, startTimeoutMs, '/metrics');
  return {
    ...proc,
    base,
    startMs: Date.now() - started,
    /** Requests each worker has answered so far (several processes only). */
    requestsPerProcess: () => Promise.all(metricsPorts.map((p) => answeredRequests(p))),
  };
}

let serverBuild;
/**
 * The server as production runs it (`npm run start:built`): its build, plain JavaScript, made once per
 * benchmark run from the sources as they are (scripts/build-server.mjs, about a second). Through tsx the
 * same code carries the loader's compiled sources and source maps, a heap twice as large for every
 * collection to mark.
 */
function builtServer() {
  serverBuild ??= buildServer().then(({ outdir }) => path.join(outdir, 'main.js'));
  return serverBuild;
}

async function answeredRequests(port) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('mall_http_requests_total{'))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

/**
 * The ILIKE baseline (ilike-server.mjs) on the same database as the shop; on PGlite only once the
 * shop has stopped (one process per data directory).
 */
export async function startIlike({ database, dataDir, databaseUrl, logDir, startTimeoutMs }) {
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir ?? '' };
  delete env.DATABASE_URL;
  if (database === 'postgres') env.DATABASE_URL = databaseUrl;
  const proc = startProcess(
    `ILIKE baseline (${database})`,
    ['--import', 'tsx', path.join(root, 'scripts/bench/ilike-server.mjs'), String(port)],
    env,
    path.join(logDir, `ilike-${database}.log`),
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(proc, base, startTimeoutMs);
  return { ...proc, base };
}

export function postgresAvailable() {
  return spawnSync('bash', [clusterScript, 'available'], { stdio: 'ignore' }).status === 0;
}

/** A throwaway cluster with the server's default durability (fsync on), removed by stop(). */
export function startPgCluster() {
  const out = spawnSync('bash', [clusterScript, 'start'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`could not start a PostgreSQL cluster:\n${out.stderr}`);
  const vars = Object.fromEntries(
    out.stdout
      .trim()
      .split('\n')
      .map((l) => l.split(/=(.*)/s).slice(0, 2)),
  );
  const dir = vars.PG_CLUSTER_DIR;
  return {
    // Through its unix socket, as a shop whose PostgreSQL runs on the same machine reaches it
    // (docs/operations.md «Running on a PostgreSQL server»): every statement is a socket write and a read, and over TCP
    // on loopback each cost the machine more (checkout: 416–423 orders/s over TCP, 537–546 over the
    // socket, docs/performance.md).
    url: vars.PG_CLUSTER_SOCKET_URL,
    dir,
    stop() {
      spawnSync('bash', [clusterScript, 'stop', dir], { stdio: 'inherit' });
    },
  };
}

export function postgresVersion(url) {
  const u = new URL(url);
  const out = spawnSync(
    'psql',
    [
      '-X',
      '-A',
      '-t',
      '-h',
      u.searchParams.get('host') ?? u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      u.username || 'postgres',
      '-d',
      u.pathname.slice(1) || 'postgres',
      '-c',
      'show server_version',
    ],
    {
      encoding: 'utf8',
    },
  );
  return out.status === 0 ? out.stdout.trim() : undefined;
}
