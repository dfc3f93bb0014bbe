import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * The real server as its own process (src/main.ts with the production logger), for what only a whole
 * process shows: its log lines, its start-up, a kill. On a loaded 2-core machine tsx's first compile and
 * the data directory's initdb have taken over a minute before the start line, so the wait is generous;
 * the test's hook time-out must allow for it (START_WAIT_MS + the test's own set-up).
 */
export const START_WAIT_MS = 110_000;

const serverDir = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** From the spawn to the start line (商城已启动), in ms. */
  startMs: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: the process ends at once, mid-request, with nothing flushed or released; resolves when it is gone. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Its DATA_DIR (the PGlite database when no databaseUrl, uploads, the sandbox's keys). */
  dataDir: string;
  logLevel: string;
  /** dist/main.js of `npm run build`, to run it as plain JavaScript instead of the sources through tsx. */
  built?: string;
  /** A PostgreSQL database instead of PGlite in dataDir. */
  databaseUrl?: string;
  /** More settings (fixed secrets, so tokens outlive a restart; limits). */
  env?: Record<string, string>;
  /** The port to listen on (a restart keeps its address); a free one by default. */
  port?: number;
}

/**
 * Starts the server on its own data directory (no demo data, no built apps) and waits for 商城已启动:
 * from its sources through tsx, or, given `built` (dist/main.js of `npm run build`), as plain JavaScript.
 */
export async function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1' };
  Object.assign(env, { LOG_LEVEL: opts.logLevel, DATA_DIR: opts.dataDir, DEMO_DATA: 'false', WEB_DIST: opts.dataDir });
  delete env.DATABASE_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  Object.assign(env, opts.env);
  let output = '';
  const spawnedAt = performance.now();
  const child: ChildProcess = opts.built
    ? spawn(process.execPath, [opts.built], { cwd: serverDir, env })
    : // Node itself with tsx's loader, as `npm start` does: one process, so its pid is the server's own
      // (the tsx command would run the server in a child of its own, which a SIGKILL to it would leave behind).
      spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise((r) => child.once('exit', r));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  const stop = () => end('SIGTERM');
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${START_WAIT_MS / 1000} s:\n${output}`)), START_WAIT_MS);
    child.stdout!.on('data', () => {
      if (output.includes('商城已启动')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    startMs: Math.round(performance.now() - spawnedAt),
    output: () => output,
    stop,
    kill: () => end('SIGKILL'),
  };
}
