// `npm run bench`: the shop's real server under load, on PGlite and (when its binaries are
// installed) on a throwaway PostgreSQL cluster, beside a bare node:http hello-world measured in the
// same run. Prints a table and writes bench-results/latest.json. Settings: docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scenarios } from './scenarios.mjs';
import crypto from 'node:crypto';
import { nextUnique, normalizeRequest, runLoad, UNIQUE, wrkAvailable } from './load.mjs';
import {
  logTail,
  postgresAvailable,
  postgresVersion,
  root,
  startHello,
  startIlike,
  startPgCluster,
  startShop,
  stopAllProcesses,
} from './servers.mjs';
import { placement } from './cores.mjs';
import { formatTable, machineInfo, targetLines, writeJson } from './report.mjs';
import { seedDashboardOrders } from './dashboard.mjs';
import { buildAppsIfStale } from '../build-web.mjs';
import { requireSupportedNode } from '../node-version.mjs';

requireSupportedNode('npm run bench');

const env = process.env;
const num = (name, fallback) => {
  if (env[name] === undefined || env[name] === '') return fallback;
  const n = Number(env[name]);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, got "${env[name]}"`);
  return n;
};
const list = (name) =>
  env[name]
    ? env[name]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

const goods = env.BENCH_GOODS ? num('BENCH_GOODS') : undefined;
const duration = num('BENCH_DURATION', 10);
const settings = {
  duration,
  warmup: num('BENCH_WARMUP', 2),
  connections: num('BENCH_CONNECTIONS', 50),
  // A share of hello-world read in turns (shareInTurns): this many short windows of each, alternating.
  shareTurns: num('BENCH_SHARE_TURNS', duration < 5 ? 1 : 5),
  shareWindow: num('BENCH_SHARE_WINDOW', duration < 5 ? 1 : 3),
  threads: num('BENCH_THREADS', 1),
  tool: env.BENCH_TOOL ?? (wrkAvailable() ? 'wrk' : 'autocannon'),
  goods,
  // Orders written for the dashboard scenarios before the shop starts; a smoke run (CI's 2 s) takes few.
  orders: num('BENCH_ORDERS', duration < 5 ? 5_000 : 100_000),
  // Seeding a large catalogue on first start takes a while; allow for it.
  startTimeoutMs: num('BENCH_START_TIMEOUT', Math.max(120, (goods ?? 0) / 100)) * 1000,
  out: path.resolve(root, env.BENCH_OUT ?? 'bench-results/latest.json'),
  // Measured again on PostgreSQL with SERVER_PROCESSES=2 in the same run (`none`: not at all).
  twoProcesses: (list('BENCH_TWO_PROCESSES') ?? ['site/site', 'goods detail', 'search', 'checkout']).filter(
    (name) => name !== 'none',
  ),
};
if (!['wrk', 'autocannon'].includes(settings.tool)) throw new Error('BENCH_TOOL must be wrk or autocannon');
if (settings.shareTurns < 1 || settings.shareWindow <= 0)
  throw new Error('BENCH_SHARE_TURNS must be at least 1 and BENCH_SHARE_WINDOW more than 0 (a share needs a turn)');

const wanted = list('BENCH_SCENARIOS');
const chosen = wanted ? scenarios.filter((s) => wanted.includes(s.name)) : scenarios;
if (wanted && chosen.length !== wanted.length) {
  throw new Error(`unknown scenario in BENCH_SCENARIOS; known: ${scenarios.map((s) => s.name).join(', ')}`);
}
const pgOk = Boolean(env.BENCH_DATABASE_URL) || postgresAvailable();
const databases = list('BENCH_DATABASES') ?? (pgOk ? ['pglite', 'postgres'] : ['pglite']);
for (const d of databases) {
  if (!['pglite', 'postgres'].includes(d)) throw new Error(`BENCH_DATABASES: unknown database "${d}"`);
  if (d === 'postgres' && !pgOk)
    throw new Error('PostgreSQL server binaries not found (apt-get install postgresql) and no BENCH_DATABASE_URL');
}

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-bench-'));
const cleanups = [];
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping servers…`);
    await stopAllProcesses().catch(() => {});
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
    process.exit(130);
  });
}
const onCleanup = (fn) => {
  cleanups.push(fn);
  return async () => {
    cleanups.splice(cleanups.indexOf(fn), 1);
    await fn();
  };
};

function say(message) {
  console.log(`[bench] ${message}`);
}

/** What scenarios get: the server's address, a small HTTP client and a cached sign-in. */
function makeContext(base, database, opsToken) {
  const tokens = new Map();
  const request = async (req) => {
    const r = normalizeRequest(req);
    const res = await fetch(`${base}${r.path}`, {
      method: r.method,
      headers: { VistorId: 'PC-bench', ...r.headers },
      body: r.body,
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  };
  return {
    base,
    database,
    goods,
    opsToken,
    say,
    /** What scenarios find or make once per server and share (goods ids, buyers). */
    shared: {},
    api: {
      request,
      get: (p, opts = {}) => request({ ...opts, method: 'GET', path: p }),
      post: (p, opts = {}) => request({ ...opts, method: 'POST', path: p }),
    },
    async login(username = 'demo', password = 'MallDemo#2026') {
      if (!tokens.has(username)) {
        const res = await request({
          method: 'POST',
          path: '/member/user/auth/login/pw',
          form: { username, password, clientType: 'PC_BROWSER' },
        });
        if (res.json?.code !== 0) throw new Error(`sign-in as ${username} failed: ${res.text.slice(0, 200)}`);
        tokens.set(username, res.json.data.accessToken);
      }
      return tokens.get(username);
    },
  };
}

const defaultCheck = (reply) =>
  (reply.status >= 200 && reply.status < 300 && reply.json?.code === 0) ||
  `HTTP ${reply.status}: ${reply.text.slice(0, 200)}`;

/** Every distinct request once: the load must measure working replies, not fast refusals. */
async function checkReplies(ctx, scenario, requests, when) {
  const seen = new Set();
  for (const req of requests) {
    const key = JSON.stringify(req);
    if (seen.has(key)) continue;
    if (scenario.checkLimit !== undefined && seen.size >= scenario.checkLimit) break;
    seen.add(key);
    const sent = key.includes(UNIQUE) ? JSON.parse(key.replaceAll(UNIQUE, nextUnique('c'))) : req;
    const reply = await ctx.api.request(sent);
    const verdict = (scenario.check ?? defaultCheck)(reply, req);
    if (verdict !== true) throw new Error(`${when}, ${req.method ?? 'GET'} ${req.path}: ${verdict || 'check failed'}`);
  }
  return seen.size;
}

/** `duration` seconds of the run's load on `base`, cycling through `requests`. */
const loadFor = (base, requests, connections, duration) =>
  runLoad({
    tool: settings.tool,
    url: base,
    requests,
    connections,
    threads: Math.min(settings.threads, connections),
    duration,
  });

async function measure(base, requests, connections = settings.connections) {
  const warmup = settings.warmup > 0 ? await loadFor(base, requests, connections, settings.warmup) : { requests: 0 };
  return {
    ...(await loadFor(base, requests, connections, settings.duration)),
    warmupRequests: warmup.requests,
    connections,
  };
}

/**
 * The scenario's share of hello-world, read in turns: a short window of hello-world, then one of the
 * scenario, settings.shareTurns times; the share is the median of the turns' shares. On this 2-core
 * machine one server's speed moves by a third between windows seconds apart, hello-world's as much, so a
 * share of two windows measured a few seconds apart reads anywhere within about ±30 %; alternating
 * keeps the two side by side, and the median leaves out a turn the machine slowed in the middle of.
 */
async function shareInTurns(helloBase, shopBase, requests, connections = settings.connections) {
  const turns = [];
  for (let i = 0; i < settings.shareTurns; i++) {
    const hello = await loadFor(helloBase, [{ path: '/' }], settings.connections, settings.shareWindow);
    const shop = await loadFor(shopBase, requests, connections, settings.shareWindow);
    if (shop.errors || shop.non2xx)
      throw new Error(`in turns with hello-world: ${shop.errors} errors, ${shop.non2xx} non-2xx`);
    turns.push({ hello: hello.rps, shop: shop.rps, share: shop.rps / hello.rps });
  }
  const shares = turns.map((t) => t.share).sort((a, b) => a - b);
  const mid = shares.length >> 1;
  return { turns, share: shares.length % 2 ? shares[mid] : (shares[mid - 1] + shares[mid]) / 2 };
}

async function runScenario(shop, ctx, scenario, database, hello) {
  const row = { scenario: scenario.name, database, description: scenario.description };
  try {
    const reason = await scenario.skip?.(ctx);
    if (reason) return { ...row, status: 'skipped', note: reason };
    if (scenario.run) {
      // A one-shot scenario (e.g. the checkout contention case) measures and checks itself.
      const result = await scenario.run(ctx);
      if (shop.exited()) throw new Error(`server exited during the scenario:\n${logTail(shop.logFile)}`);
      return { ...row, ...result, status: result.outcome === 'FAIL' ? 'failed' : 'ok' };
    }
    const made = await scenario.setup(ctx);
    const requests = Array.isArray(made) ? made : [made];
    if (!requests.length) throw new Error('setup returned no request');
    let checkedRequests = await checkReplies(ctx, scenario, requests, 'before the load');
    const result = await measure(shop.base, requests, scenario.connections);
    const inTurns =
      scenario.shareInTurns && hello
        ? await shareInTurns(hello.base, shop.base, requests, scenario.connections)
        : undefined;
    checkedRequests += await checkReplies(ctx, scenario, requests, 'after the load');
    if (shop.exited()) throw new Error(`server exited during the load:\n${logTail(shop.logFile)}`);
    const done = {
      ...row,
      status: 'ok',
      ...result,
      ...(inTurns && { turns: inTurns.turns, shareInTurns: inTurns.share }),
      checkedRequests,
      distinctRequests: new Set(requests.map((r) => JSON.stringify(r))).size,
    };
    if (scenario.after) done.note = await scenario.after(ctx, done);
    return done;
  } catch (err) {
    const gone = shop.exited();
    const why = gone
      ? ` (the server had exited: ${JSON.stringify(gone)}; log: ${logTail(shop.logFile, 5) || 'empty'})`
      : '';
    return { ...row, status: 'failed', note: `${err.message}${why}` };
  }
}

function printRow(r) {
  if (r.status !== 'ok') return say(`  ${r.scenario} (${r.database}): ${r.status}: ${r.note}`);
  if (r.rps === undefined) return say(`  ${r.scenario} (${r.database}): ${r.note}`);
  const extra = [
    r.vsOne === undefined ? '' : `, ${r.vsOne.toFixed(2)}× one process`,
    r.loadGenCpu === undefined ? '' : `, load generator ${(r.loadGenCpu * 100).toFixed(0)}% of the CPU`,
  ].join('');
  say(
    `  ${r.scenario} (${r.database}): ${Math.round(r.rps)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, errors ${r.errors}, non-2xx ${r.non2xx}${extra}`,
  );
}

/**
 * The chosen scenarios again on a server of two processes (node:cluster, SERVER_PROCESSES=2) on the same
 * PostgreSQL database, once the one-process server has stopped; each row gets its ratio to the one-process
 * row of the same scenario (vsOne) and, in its note, the requests each process answered.
 */
async function benchTwoProcesses({ list, shopSettings, database, opsToken, baseline, batch }) {
  say(`starting the server on ${database} with SERVER_PROCESSES=2 for ${list.map((s) => s.name).join(', ')}…`);
  const two = await startShop({ ...shopSettings, processes: 2 });
  const stopTwo = onCleanup(() => two.stop());
  say(`two processes ready in ${(two.startMs / 1000).toFixed(1)} s`);
  const ctx = makeContext(two.base, database, opsToken);
  for (const scenario of list) {
    const before = await two.requestsPerProcess();
    const row = await runScenario(two, ctx, scenario, database);
    const split = (await two.requestsPerProcess()).map((n, i) => n - before[i]);
    Object.assign(row, { database: `${database} ×2`, processes: 2 });
    if (row.status === 'ok') {
      const one = batch.find((r) => r.scenario === scenario.name && r.status === 'ok' && !r.processes);
      row.vsHello = row.rps / baseline.rps;
      if (one) row.vsOne = row.rps / one.rps;
      row.note = [row.note, `requests per process ${split.join(' / ')}`].filter(Boolean).join('; ');
    }
    printRow(row);
    batch.push(row);
  }
  await stopTwo();
}

async function benchDatabase(database, hello, rows) {
  say(`— ${database} —`);
  say('hello-world baseline…');
  const baseline = {
    scenario: 'hello-world',
    database: `(${database} batch)`,
    status: 'ok',
    description: 'bare node:http, same Node',
    ...(await measure(hello.base, [{ path: '/' }])),
  };
  printRow(baseline);
  rows.push(baseline);

  let cluster;
  let databaseUrl;
  let dataDir;
  let stopCluster = async () => {};
  if (database === 'postgres') {
    if (env.BENCH_DATABASE_URL) {
      databaseUrl = env.BENCH_DATABASE_URL;
    } else {
      cluster = startPgCluster();
      stopCluster = onCleanup(async () => cluster.stop());
      databaseUrl = cluster.url;
    }
  } else {
    dataDir = env.BENCH_DATA_DIR ? path.resolve(env.BENCH_DATA_DIR) : path.join(logDir, 'pglite-data');
  }
  const info = { database, version: database === 'postgres' ? postgresVersion(databaseUrl) : 'PGlite (in process)' };
  try {
    const opsToken = crypto.randomBytes(24).toString('hex');
    const here = chosen.filter((s) => !s.databases || s.databases.includes(database));
    if (here.some((s) => s.seedOrders)) {
      say(`writing ${settings.orders.toLocaleString('en-US')} orders for the dashboard scenarios…`);
      const seeded = await seedDashboardOrders({
        database,
        dataDir,
        databaseUrl,
        goods,
        logDir,
        orders: settings.orders,
      });
      info.seedOrders = { orders: seeded.orders, ms: seeded.ms };
      say(`orders ready in ${(seeded.ms / 1000).toFixed(1)} s (${seeded.log.split('\n').at(-2) ?? ''})`);
    }
    say(`starting the server on ${database}${goods !== undefined ? ` with DEMO_GOODS=${goods}` : ''}…`);
    const shopSettings = {
      database,
      dataDir,
      databaseUrl,
      goods,
      logDir,
      startTimeoutMs: settings.startTimeoutMs,
      opsToken,
    };
    const shop = await startShop(shopSettings);
    const stopShop = onCleanup(() => shop.stop());
    info.startMs = shop.startMs;
    say(`server ready in ${(shop.startMs / 1000).toFixed(1)} s`);
    const ctx = makeContext(shop.base, database, opsToken);
    const batch = [];
    const runAll = async (server, serverCtx, list) => {
      for (const scenario of list) {
        const row = await runScenario(server, serverCtx, scenario, database, hello);
        if (row.status === 'ok') {
          row.vsHello = row.shareInTurns ?? row.rps / baseline.rps;
          if (row.shareInTurns !== undefined) {
            row.vsBatchHello = row.rps / baseline.rps;
            const each = row.turns.map((t) => `${Math.round(t.shop)}/${Math.round(t.hello)}`).join(', ');
            const turnsNote = `in turns with hello-world (${row.turns.length} × ${settings.shareWindow} s, req/s shop/hello): ${each}; the ${settings.duration} s run against the batch's hello-world: ${row.vsBatchHello.toFixed(2)}×`;
            row.note = [row.note, turnsNote].filter(Boolean).join('; ');
          }
        }
        printRow(row);
        batch.push(row);
      }
    };
    try {
      await runAll(
        shop,
        ctx,
        here.filter((s) => !s.target && !s.startsWith),
      );
    } finally {
      await ctx.shared.closeBrowser?.(); // the page scenarios' Chromium
    }
    await stopShop();
    // A scenario that needs the shop started otherwise (the assistant through a model endpoint) gets a
    // server of its own on the same database, once the shop has stopped (PGlite: one process per directory).
    for (const scenario of here.filter((s) => s.startsWith)) {
      const own = await scenario.startsWith();
      say(`starting the server on ${database} for ${scenario.name}…`);
      const server = await startShop({ ...shopSettings, extraEnv: own.env });
      const stopServer = onCleanup(async () => {
        await server.stop();
        await own.close?.();
      });
      const serverCtx = makeContext(server.base, database, opsToken);
      Object.assign(serverCtx.shared, own.shared);
      await runAll(server, serverCtx, [scenario]);
      await stopServer();
    }
    const twice = here.filter((s) => settings.twoProcesses.includes(s.name) && !s.target && !s.startsWith);
    if (database === 'postgres' && twice.length)
      await benchTwoProcesses({ list: twice, shopSettings, database, opsToken, baseline, batch });
    // Baselines on the same database with the shop stopped (PGlite allows one process per data
    // directory; on PostgreSQL it keeps the comparison fair).
    const onIlike = here.filter((s) => s.target === 'ilike');
    if (onIlike.length) {
      say('starting the ILIKE baseline server on the same database…');
      const ilike = await startIlike({ database, dataDir, databaseUrl, logDir, startTimeoutMs: 60_000 });
      const stopIlike = onCleanup(() => ilike.stop());
      await runAll(ilike, makeContext(ilike.base, database), onIlike);
      await stopIlike();
    }
    for (const row of batch) {
      const scenario = chosen.find((s) => s.name === row.scenario);
      const other = scenario?.compareTo && batch.find((r) => r.scenario === scenario.compareTo && r.status === 'ok');
      if (row.status === 'ok' && other) Object.assign(row, { vsOther: row.rps / other.rps, otherName: other.scenario });
    }
    rows.push(...batch);
  } finally {
    await stopCluster();
  }
  return info;
}

async function main() {
  const startedAt = new Date();
  const machine = machineInfo();
  say(
    `${machine.cores} cores (${machine.cpu}), Node ${machine.node}, load average ${machine.loadAverageAtStart.join(' ')}`,
  );
  say(
    `tool ${settings.tool}, ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s per scenario, databases: ${databases.join(', ')}`,
  );
  if (chosen.some((s) => s.seedOrders))
    say(`dashboard scenarios on ${settings.orders.toLocaleString('en-US')} orders (BENCH_ORDERS)`);
  say(`cores: ${placement} (BENCH_PIN=0: left to the scheduler)`);
  say(`logs in ${logDir}`);
  if (machine.loadAverageAtStart[0] > machine.cores / 2) {
    say(
      `WARNING: the machine is busy (load average ${machine.loadAverageAtStart[0]} on ${machine.cores} cores): figures will be low and noisy`,
    );
  }

  // The page scenarios load the buyer app from the shop's server (or WEB_DIST): build it when stale.
  if (chosen.some((s) => s.page) && !env.WEB_DIST) buildAppsIfStale();

  const hello = await startHello(logDir);
  const stopHello = onCleanup(() => hello.stop());
  const rows = [];
  const databaseInfo = [];
  try {
    for (const database of databases) databaseInfo.push(await benchDatabase(database, hello, rows));
  } finally {
    await stopHello();
  }

  console.log(`\n${formatTable(rows)}\n`);
  const inTurns = chosen.filter((s) => s.shareInTurns).map((s) => s.name);
  say(
    `vs hello-world: req/s as a share of the bare node:http server measured just before the batch${inTurns.length ? `; for ${inTurns.join(', ')} the median share of ${settings.shareTurns} turns of ${settings.shareWindow} s of hello-world, then the scenario (the batch's share in the note)` : ''}.`,
  );
  const targets = targetLines(rows);
  if (targets.length)
    console.log(
      `\nTargets (set for PostgreSQL, PGlite lines for information; the first screens on both):\n${targets.join('\n')}`,
    );
  const outcomes = rows.filter((r) => r.outcome).map((r) => `  ${r.outcome} ${r.scenario} (${r.database}): ${r.note}`);
  if (outcomes.length) console.log(`\nOutcome checks:\n${outcomes.join('\n')}\n`);
  writeJson(settings.out, {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine, loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))) },
    settings: { ...settings, out: undefined, databases },
    databases: databaseInfo,
    results: rows,
  });
  say(`results written to ${path.relative(process.cwd(), settings.out) || settings.out}`);

  const failed = rows.filter((r) => r.status === 'failed');
  if (failed.length) {
    console.error(
      `[bench] ${failed.length} scenario(s) failed: ${failed.map((r) => `${r.scenario} (${r.database})`).join(', ')}; server logs in ${logDir}`,
    );
    process.exitCode = 1;
  } else if (!env.BENCH_KEEP_LOGS) {
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

main().catch(async (err) => {
  console.error(`[bench] ${err.stack ?? err}`);
  await stopAllProcesses().catch(() => {});
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
  process.exit(1);
});
