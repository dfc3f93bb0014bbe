/**
 * SERVER_PROCESSES=2 (node:cluster) with the real server as its own process, on PostgreSQL (the
 * PostgreSQL pass, scripts/pg-test.sh; on PGlite the setting is refused, config.test.ts): two workers
 * start and answer on one port; a worker killed (SIGKILL) is logged and started again by the primary;
 * SIGTERM to the primary stops every worker cleanly. Polls the output and the port, never a fixed wait.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { drillShop, type DrillShop } from '../test/kit/drill-shop.ts';
import { startServerProcess, START_WAIT_MS, type ServerProcess } from '../test/kit/server-process.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The pids named by the workers' start lines (商城已启动 … pid N), in order. */
function startedPids(output: string): number[] {
  return [...output.matchAll(/商城已启动 \(shop is up, [^)]*pid (\d+)\)/g)].map((m) => Number(m[1]));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!onPostgres)('SERVER_PROCESSES=2: workers on one port, restarted, stopped together', () => {
  let shop: DrillShop | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await shop?.close();
  });

  it(
    'two workers answer; a killed one is started again; SIGTERM stops them all',
    { timeout: 3 * START_WAIT_MS },
    async () => {
      shop = await drillShop('worker-processes-');
      server = await startServerProcess({
        dataDir: shop.dataDir,
        databaseUrl: shop.databaseUrl,
        logLevel: 'info',
        env: { SERVER_PROCESSES: '2', SWEEP_INTERVAL_SECONDS: '0' },
      });
      const output = server.output;
      await expect.poll(() => startedPids(output()).length, { timeout: START_WAIT_MS, interval: 100 }).toBe(2);
      const [first, second] = startedPids(output());
      expect(first).not.toBe(second);
      expect(first).not.toBe(server.pid); // the primary serves nothing itself
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

      process.kill(second!, 'SIGKILL');
      await expect.poll(() => startedPids(output()).length, { timeout: START_WAIT_MS, interval: 100 }).toBe(3);
      expect(output()).toContain('工作进程意外退出，1 秒后重启');
      const third = startedPids(output())[2]!;
      expect([first, second]).not.toContain(third);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      await server.stop(); // SIGTERM to the primary; resolves when it has exited
      expect(output()).toContain('正在关闭全部工作进程');
      expect(output().match(/工作进程已停止/g)).toHaveLength(2);
      expect(output()).not.toMatch(/"code":1,[^\n]*工作进程已停止/);
      expect([first!, third].filter(alive)).toEqual([]);
    },
  );
});
