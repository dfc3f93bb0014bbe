// `npm run test:e2e`: installs Debian's chromium and fonts-wqy-microhei when missing (or stops at
// once with the command to run), builds the web app and the operator console when needed, starts two
// throwaway servers (fresh data directories on free ports; the second with 5-second access tokens for
// the silent-refresh test), runs Playwright against them, stops them and exits with Playwright's code.
// The whole suite (no arguments) runs as two shards at once on a machine with 2 or more cores: each
// shard is its own Playwright run against its own fresh shop server, so no spec sees another's data;
// spec files are split by their last measured durations (SPEC_SECONDS). E2E_SHARDS=1 runs one;
// arguments (spec files, Playwright options) always run as one.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAppsIfStale } from './build-web.mjs';
import { E2E_PACKAGES, ensureSystemPackages, hasDpkg, installCommand } from './system-packages.mjs';
import { requireSupportedNode } from './node-version.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
requireSupportedNode('npm run test:e2e');
// Before anything is built or started: the browser (playwright.config.ts runs /usr/bin/chromium)
// and a font with Chinese glyphs, installed when missing or the command to run printed.
if (hasDpkg()) {
  if (!ensureSystemPackages(E2E_PACKAGES, { purpose: { zh: '端到端测试', en: 'the end-to-end tests' } }))
    process.exit(1);
} else if (!fs.existsSync('/usr/bin/chromium')) {
  console.error(
    '找不到 /usr/bin/chromium (/usr/bin/chromium not found). On Debian or Ubuntu:\n' +
      `  ${installCommand(E2E_PACKAGES)}\nelsewhere, install Chromium as /usr/bin/chromium and the WenQuanYi Micro Hei font.`,
  );
  process.exit(1);
}
buildAppsIfStale();


const servers = [];
// The throwaway shops' pace, so that a spec waits seconds where a shop makes a person wait a minute: a
// number gets a code every 5 s (60 in a shop) and the sweepers run every 5 s (30). Playwright's runs get
// the same values, which the specs read (e2e/support/sign-in-kit.ts).
const SHOP_PACE = { SMS_RESEND_SECONDS: '5', SWEEP_INTERVAL_SECONDS: '5' };
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
    ...SHOP_PACE,
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
  console.error(
    `服务器 ${server.name} 未能启动 (server did not become healthy):\n${fs.readFileSync(server.logFile, 'utf8')}`,
  );
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

// Seconds each spec file's tests took in a clean-clone CI run on a 2-core machine (2026-11-28, two shards at
// once), only to balance the shards (a file not listed counts as 20 s). The three that waited out a number's
// 60 s SMS interval and the 30 s sweeper there (account-cancellation 198 s, auth 64, member 66) are from a
// run at the test shops' pace (SHOP_PACE), on the same machine as busy.
const SPEC_SECONDS = {
  'a11y.spec.ts': 75,
  'flash-sale.spec.ts': 51,
  'member.spec.ts': 49,
  'distribution.spec.ts': 48,
  'account-cancellation.spec.ts': 42,
  'auth.spec.ts': 41,
  'supplier-register.spec.ts': 24,
  'reviews.spec.ts': 23,
  'coupons.spec.ts': 21,
  'admin-settings.spec.ts': 19,
  'admin-shell.spec.ts': 19,
  'phone-shell.spec.ts': 18,
  'admin-distribution.spec.ts': 17,
  'first-screen.spec.ts': 17,
  'phone-trade.spec.ts': 17,
  'admin-orders.spec.ts': 16,
  'catalog.spec.ts': 16,
  'activity-pages.spec.ts': 15,
  'signin-place.spec.ts': 15,
  'trade.spec.ts': 15,
  'phone-home-list.spec.ts': 14,
  'admin-goods.spec.ts': 13,
  'admin-suppliers.spec.ts': 13,
  'assistant.spec.ts': 12,
  'delivery-estimate.spec.ts': 12,
  'points-checkout.spec.ts': 12,
  'points.spec.ts': 12,
  'admin-coupons.spec.ts': 11,
  'member-data-rights.spec.ts': 11,
  'wechatpay.spec.ts': 11,
  'admin-dashboard.spec.ts': 9,
  'flash-sale-channel.spec.ts': 9,
  'admin-activities.spec.ts': 8,
  'phone-signup.spec.ts': 8,
  'after-sale-apply-bar.spec.ts': 7,
  'phone-goods.spec.ts': 7,
  'phone-title-bar.spec.ts': 6,
  'points-redeem-promise.spec.ts': 6,
};

/** The spec files in `count` groups of about equal time: longest first, each to the lightest group. */
function shardSpecs(count) {
  const files = fs
    .readdirSync(path.join(root, 'e2e'))
    .filter((f) => f.endsWith('.spec.ts'))
    .sort((a, b) => (SPEC_SECONDS[b] ?? 20) - (SPEC_SECONDS[a] ?? 20) || a.localeCompare(b));
  const groups = Array.from({ length: count }, () => ({ seconds: 0, files: [] }));
  for (const f of files) {
    const lightest = groups.reduce((min, g) => (g.seconds < min.seconds ? g : min));
    lightest.seconds += SPEC_SECONDS[f] ?? 20;
    lightest.files.push(`e2e/${f}`);
  }
  return groups.filter((g) => g.files.length).map((g) => g.files.sort());
}

const runs = [];
// Stopped from outside (Ctrl-C, `timeout`): the Playwright runs end and the servers are stopped and
// their data directories removed, instead of being left running.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    for (const child of runs) if (child.exitCode === null) child.kill('SIGINT');
    await stopAll().catch(() => {});
    process.exit(130);
  });
}

/** One Playwright run; with a label, its output lines are prefixed so that two runs can share a log. */
function runPlaywright(args, env, label) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...args], {
      cwd: root,
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    runs.push(child);
    if (label) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) to.write(`[${label}] ${line}\n`);
        });
        from.on('end', () => rest && to.write(`[${label}] ${rest}\n`));
      }
    }
    child.on('error', () => resolve(1));
    child.on('close', (status) => resolve(status ?? 1));
  });
}

const args = process.argv.slice(2);
// Arguments (spec files, Playwright options) mean one run of what they name.
const shardCount = args.length ? 1 : Number(process.env.E2E_SHARDS) || (os.availableParallelism() >= 2 ? 2 : 1);

let code;
try {
  const started = Date.now();
  const groups = shardCount > 1 ? shardSpecs(shardCount) : [args];
  const mains = [];
  for (let i = 0; i < groups.length; i++) mains.push(await startServer(groups.length > 1 ? `main${i + 1}` : 'main'));
  const shortTtl = await startServer('ttl', { ACCESS_TOKEN_TTL: '5' });
  await Promise.all([...mains, shortTtl].map((s) => waitHealthy(s)));
  console.log(
    `服务器已就绪 (servers ready in ${Date.now() - started} ms): ${mains.map((m) => m.url).join(' ')} ${shortTtl.url}`,
  );
  const env = (main, i) => ({
    E2E_BASE_URL: main.url,
    E2E_SHORT_TTL_URL: shortTtl.url,
    E2E_OPS_TOKEN: opsToken,
    ...SHOP_PACE,
    ...(groups.length > 1 ? { E2E_OUTPUT_DIR: `test-results/shard-${i + 1}` } : {}),
  });
  if (groups.length > 1) {
    groups.forEach((files, i) => console.log(`分片 ${i + 1}/${groups.length} (shard): ${files.join(' ')}`));
  }
  const codes = await Promise.all(
    groups.map((files, i) =>
      runPlaywright(files, env(mains[i], i), groups.length > 1 ? `${i + 1}/${groups.length}` : undefined),
    ),
  );
  code = codes.find((c) => c !== 0) ?? 0;
  if (groups.length > 1) console.log(`分片结果 (shard exit codes): ${codes.join(', ')}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await stopAll();
}
process.exit(code);
