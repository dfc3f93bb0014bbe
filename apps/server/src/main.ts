import './lib/supported-node.ts';
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './lib/data-dir-lock.ts';
import { RendererLoadError } from './lib/server-render.ts';
import { boot } from './bootstrap.ts';
import { startMetricsPort } from './lib/metrics-port.ts';
import { runWorkers } from './lib/worker-processes.ts';

/**
 * SERVER_PROCESSES > 1 (PostgreSQL only, config.ts): this process becomes the primary, prepares the
 * database once, then forks the workers, which share PORT (docs/scaling.md «Several processes»).
 */
async function primary(config: ReturnType<typeof loadConfig>) {
  const prepared = await boot(config, { role: 'primary' });
  await prepared.close();
  process.exit(await runWorkers({ processes: config.SERVER_PROCESSES, metricsPort: config.METRICS_PORT, logLevel: config.LOG_LEVEL }));
}

async function main() {
  const started = Date.now();
  const config = loadConfig();
  if (config.SERVER_PROCESSES > 1 && cluster.isPrimary) return primary(config);
  const running = await boot(config, { role: cluster.isWorker ? 'worker' : undefined });
  const { app } = running;
  await app.listen({ port: config.PORT, host: config.HOST });
  const metricsPort = config.METRICS_PORT
    ? await startMetricsPort(app, config.METRICS_HOST, config.METRICS_PORT)
    : undefined;
  app.log.info(
    {
      db: running.database.kind,
      worker: cluster.isWorker ? cluster.worker?.id : undefined,
      dataDir: config.DATABASE_URL ? undefined : config.dataDir,
      node: process.version,
      ms: Date.now() - started,
    },
    `商城已启动 (shop is up, Node.js ${process.version}, pid ${process.pid}): http://localhost:${config.PORT}`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, '正在关闭 (shutting down)');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      // Fastify stops taking connections, answers 503 on kept-alive ones and waits for requests in flight.
      await running.close();
      await metricsPort?.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof RendererLoadError) {
    console.error(err.message);
  } else {
    console.error('启动失败 (failed to start):', err);
  }
  process.exit(1);
});
