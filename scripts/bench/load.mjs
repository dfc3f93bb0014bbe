// Load generation for the benchmarks: wrk (a separate C process, the default when installed) or
// autocannon (in this process). Both keep `connections` keep-alive connections busy for
// `duration` seconds, cycling through the given requests, and report the same figures.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onLoadCore } from './cores.mjs';

/**
 * A request body (or path) may contain this 24-letter slot: every request sent replaces it with a
 * value of the same length never sent before in the run (e.g. checkout's idempotency key), so a
 * fixed list of requests still makes a new order each time. Same length, so wrk's precomputed
 * Content-Length stays right.
 */
/** A smoke run (BENCH_DURATION under 5 s, as CI's): scenarios that set up crowds make them smaller. */
export const SMOKE_RUN = Number(process.env.BENCH_DURATION ?? 10) < 5;

export const UNIQUE = 'QqUniqueIdempotencyKeyQq';
const runId = Math.floor(Math.random() * 0xffffffff)
  .toString(16)
  .padStart(8, '0');
let uniqueCounter = 0;
let wrkInvocations = 0;
/**
 * The next unique value (autocannon and the harness's own checks): run id (8), source letter (1),
 * then 15 digits. wrk's keys (wrkScript) have the letter w, a per-invocation number (3, base 36),
 * the thread (1) and the request number (11), so warm-up and measurement never share a key.
 */
export function nextUnique(source = 'h') {
  uniqueCounter += 1;
  return `${runId}${source.slice(0, 1)}${String(uniqueCounter).padStart(15, '0')}`;
}
const fillUnique = (s) =>
  typeof s === 'string' && s.includes(UNIQUE) ? s.replaceAll(UNIQUE, () => nextUnique('a')) : s;

/** The p-th percentile of an ascending list of numbers (nearest rank). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export function wrkAvailable() {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/**
 * What Chromium sends as Accept-Encoding, on every request as a browser does: the server sends its kept
 * replies (the tree, the goods page) compressed to it (apps/server/src/lib/reply-body.ts).
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Turns a scenario's request into method, path, headers and a body string. */
export function normalizeRequest(req) {
  const headers = { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING, ...(req.headers ?? {}) };
  let body = req.body;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(req.form)) for (const x of [v].flat()) params.append(k, String(x));
    body = params.toString();
  }
  // Non-ASCII in a path (e.g. ?q=手机) is percent-encoded, as a browser sends it.
  const url = new URL(req.path, 'http://bench.invalid');
  return { method: (req.method ?? 'GET').toUpperCase(), path: url.pathname + url.search, headers, body };
}

/**
 * @returns {Promise<{ rps: number, p50: number, p99: number, requests: number, errors: number,
 *   non2xx: number, timeouts: number, seconds: number, loadGenCpu?: number }>} latencies in milliseconds;
 *   loadGenCpu: the load generator's share of the machine's CPU over the run (0–1, see cpuShare)
 */
export async function runLoad({ tool, url, requests, duration, connections, threads = 1 }) {
  const reqs = requests.map(normalizeRequest);
  return tool === 'wrk'
    ? runWrk(url, reqs, duration, connections, threads)
    : runAutocannon(url, reqs, duration, connections);
}

// A Lua string literal holding any bytes (UTF-8 Chinese included) safely.
function luaString(s) {
  let out = '"';
  for (const byte of Buffer.from(s, 'utf8')) {
    const safe = byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c;
    // Three-digit escapes: a shorter one followed by a digit would read as another byte.
    out += safe ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

function wrkScript(url, reqs) {
  // wrk.format adds Host only after the script has loaded; HTTP/1.1 servers refuse a request without it.
  const host = new URL(url).host;
  const headersOf = (r) =>
    Object.entries({ Host: host, ...r.headers })
      .map(([k, v]) => `[${luaString(k)}]=${luaString(v)}`)
      .join(', ');
  const lines = [];
  if (reqs.length === 1 && !`${reqs[0].path}${reqs[0].body ?? ''}`.includes(UNIQUE)) {
    // One request: wrk's static mode, the request bytes built once by wrk itself (fastest).
    const [r] = reqs;
    lines.push(
      `wrk.method = ${luaString(r.method)}`,
      `wrk.path = ${luaString(r.path)}`,
      `wrk.headers = {${headersOf(r)}}`,
    );
    if (r.body !== undefined) lines.push(`wrk.body = ${luaString(r.body)}`);
  } else {
    // A mix: each request string built once, each connection takes the next one of the cycle.
    lines.push('local reqs = {}');
    reqs.forEach((r, i) => {
      const body = r.body === undefined ? 'nil' : luaString(r.body);
      lines.push(
        `reqs[${i + 1}] = wrk.format(${luaString(r.method)}, ${luaString(r.path)}, {${headersOf(r)}}, ${body})`,
      );
    });
    const unique = reqs.some((r) => `${r.path}${r.body ?? ''}`.includes(UNIQUE));
    if (!unique) {
      lines.push('local i = 0', 'request = function() i = i % #reqs + 1; return reqs[i] end');
    } else {
      // Each wrk thread numbers its own requests; the run id and thread number keep them apart.
      lines.push(
        `local run = ${luaString(runId)}`,
        'local threads = 0',
        'setup = function(thread) threads = threads + 1; thread:set("tid", threads) end',
        'local i = 0',
        'local n = 0',
        'request = function()',
        '  i = i % #reqs + 1; n = n + 1',
        `  local key = string.format("%sw%s%01d%011d", run, ${luaString((wrkInvocations++).toString(36).padStart(3, '0'))}, (tid or 0) % 10, n)`,
        `  return (string.gsub(reqs[i], ${luaString(UNIQUE)}, key))`,
        'end',
      );
    }
  }
  lines.push(
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    // wrk's own CPU time (user + system, in clock ticks, all its threads): fields 14 and 15 of
    // /proc/self/stat, counted after the name in parentheses, which may hold spaces.
    '  local cpu = -1',
    '  local f = io.open("/proc/self/stat", "r")',
    '  if f then',
    '    local fields, n = {}, 0',
    '    for w in string.gmatch(string.match(f:read("*a"), "%) (.*)$") or "", "%S+") do n = n + 1; fields[n] = w end',
    '    f:close()',
    '    if n >= 13 then cpu = tonumber(fields[12]) + tonumber(fields[13]) end',
    '  end',
    '  io.write(string.format("BENCH_RESULT %d %d %d %d %d %d %d %f %f %d\\n", summary.requests, summary.duration,',
    '    e.connect, e.read, e.write, e.status, e.timeout, latency:percentile(50), latency:percentile(99), cpu))',
    'end',
  );
  return lines.join('\n');
}

async function runWrk(url, reqs, duration, connections, threads) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'scenario.lua');
  fs.writeFileSync(script, wrkScript(url, reqs));
  try {
    const args = [
      '-t',
      String(threads),
      '-c',
      String(connections),
      '-d',
      `${duration}s`,
      '--timeout',
      '5s',
      '-s',
      script,
      url,
    ];
    const startedAt = performance.now();
    const { code, stdout, stderr } = await capture(...onLoadCore('wrk', args));
    const wallSeconds = (performance.now() - startedAt) / 1000;
    const line = stdout.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
    if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}): ${stderr || stdout}`);
    const [requests, micros, connect, read, write, status, timeout, p50, p99, ticks] = line
      .split(' ')
      .slice(1)
      .map(Number);
    const seconds = micros / 1e6;
    return {
      loadGenCpu: ticks >= 0 ? cpuShare(ticks / clockTicksPerSecond(), wallSeconds) : undefined,
      rps: requests / seconds,
      p50: p50 / 1000,
      p99: p99 / 1000,
      requests,
      errors: connect + read + write + timeout,
      non2xx: status,
      timeouts: timeout,
      seconds,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let ticksPerSecond;
/** The kernel's clock ticks per second (USER_HZ), in which /proc reports CPU time; 100 on Linux as built. */
function clockTicksPerSecond() {
  if (ticksPerSecond === undefined) {
    const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    ticksPerSecond = Number(out.stdout) > 0 ? Number(out.stdout) : 100;
  }
  return ticksPerSecond;
}

/**
 * The load generator's share of the whole machine's CPU over its run (CPU seconds ÷ (seconds × cores)):
 * a share near 1 ÷ cores means it was using a core of its own, taken from the servers it measures.
 */
function cpuShare(cpuSeconds, wallSeconds) {
  return cpuSeconds / (wallSeconds * os.availableParallelism());
}

async function runAutocannon(url, reqs, duration, connections) {
  const { default: autocannon } = await import('autocannon');
  // autocannon runs in this process: its CPU is this process's, the harness's own small share included.
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const result = await autocannon({
    url,
    connections,
    duration,
    timeout: 5,
    requests: reqs.map((r) => ({
      method: r.method,
      path: r.path,
      headers: r.headers,
      body: r.body,
      setupRequest: (req) => ({ ...req, path: fillUnique(req.path), body: fillUnique(req.body) }),
    })),
  });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    loadGenCpu: cpuShare((cpu.user + cpu.system) / 1e6, (performance.now() - startedAt) / 1000),
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    seconds: result.duration,
  };
}

function capture(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
