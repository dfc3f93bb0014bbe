// The console's 工作台: its four calls at 100,000 orders. The orders are written before
// the shop starts, by dashboard-seed.mjs with generate_series (not through HTTP), into the same
// database; BENCH_ORDERS sets how many (5,000 in a smoke run, see run.mjs). The calls are made as
// the system operator (X-Ops-Token), like `npm run ops`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { logTail, root } from './servers.mjs';

const RANGES = ['today', '7d', '30d'];

/** Writes `orders` bench orders into the shop's database (nothing when they are there already). */
export async function seedDashboardOrders({ database, dataDir, databaseUrl, goods, logDir, orders }) {
  const env = { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dataDir ?? path.join(logDir, 'unused-data-dir') };
  delete env.DATABASE_URL;
  if (database === 'postgres') env.DATABASE_URL = databaseUrl;
  if (goods !== undefined) env.DEMO_GOODS = String(goods);
  const logFile = path.join(logDir, `dashboard-seed-${database}.log`);
  const log = fs.openSync(logFile, 'w');
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/bench/dashboard-seed.mjs'), String(orders)],
    { cwd: root, env, stdio: ['ignore', log, log] },
  );
  fs.closeSync(log);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding ${orders} orders failed (exit ${code}):\n${logTail(logFile)}`);
  return { orders, ms: Date.now() - started, log: logTail(logFile, 3) };
}

const asOps = (ctx) => ({ 'x-ops-token': ctx.opsToken });
const get = (ctx, p) => ({ method: 'GET', path: p, headers: asOps(ctx) });

/** A month of seeded orders must show: a reply of zeros would be a fast answer to the wrong question. */
const checkFigures = (reply, req) => {
  if (reply.json?.code !== 0) return `HTTP ${reply.status}: ${reply.text.slice(0, 200)}`;
  if (!req.path.includes('range=30d')) return true;
  const d = reply.json.data;
  const found = d.current?.paidOrders ?? d.points?.reduce((s, p) => s + p.paidOrders, 0) ?? d.list?.length ?? 0;
  return found > 0 || `no paid orders in 30 days: ${reply.text.slice(0, 200)}`;
};

// An operator console's crowd: ten operators with the dashboard open at once (each screen asks its
// four calls together, then once a minute), and one operator pressing 刷新 over and over. 50
// connections (BENCH_CONNECTIONS) would measure a queue for the one 2-core machine, not the work.
const OPERATORS = 10;
const ONE_OPERATOR = 1;

export const dashboardScenarios = [
  ...['summary', 'trend', 'byCategory'].map((call) => ({
    name: `dashboard/${call}`,
    description: `工作台 GET /ops/dashboard/${call}?range=today|7d|30d in turn, ${OPERATORS} operators (figures shared for 30 s, as operators meet them)`,
    seedOrders: true,
    connections: OPERATORS,
    setup: (ctx) => RANGES.map((r) => get(ctx, `/ops/dashboard/${call}?range=${r}`)),
    check: checkFigures,
  })),
  {
    name: 'dashboard/todo',
    description: `工作台 GET /ops/dashboard/todo, ${OPERATORS} operators (to ship, after-sales, refunds by hand, low stock; counted every 5 s)`,
    seedOrders: true,
    connections: OPERATORS,
    setup: (ctx) => get(ctx, '/ops/dashboard/todo'),
    check: (reply) =>
      (reply.json?.code === 0 && reply.json.data.list.length === 6) ||
      `HTTP ${reply.status}: ${reply.text.slice(0, 200)}`,
  },
  ...['summary', 'trend', 'byCategory'].map((call) => ({
    name: `dashboard/${call}/uncached`,
    description: `GET /ops/dashboard/${call}?range=30d&fresh=1 from one operator: every request computes the month (the cost of 刷新)`,
    seedOrders: true,
    connections: ONE_OPERATOR,
    setup: (ctx) => get(ctx, `/ops/dashboard/${call}?range=30d&fresh=1`),
    check: checkFigures,
  })),
];
