import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * The real server as its own process (src/main.ts with the production logger), for what only a whole
 * process shows: its log lines, its start-up. On a loaded 2-core machine tsx's first compile and the
 * data directory's initdb have taken over a minute before the start line, so the wait is generous;
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
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the server on its own data directory (no demo data, no built apps) and waits for 商城已启动:
 * from its sources through tsx, or, given `built` (dist/main.js of `npm run build`), as plain JavaScript.
 */
export async function startServerProcess(opts: { dataDir: string; logLevel: string; built?: string }): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1' };
  Object.assign(env, { LOG_LEVEL: opts.logLevel, DATA_DIR: opts.dataDir, DEMO_DATA: 'false', WEB_DIST: opts.dataDir });
  delete env.DATABASE_URL;
  let output = '';
  const child: ChildProcess = opts.built
    ? spawn(process.execPath, [opts.built], { cwd: serverDir, env })
    : spawn(path.join(serverDir, '../../node_modules/.bin/tsx'), ['src/main.ts'], { cwd: serverDir, env });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
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
  return { url: `http://127.0.0.1:${port}`, output: () => output, stop };
}
