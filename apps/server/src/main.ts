import './lib/supported-node.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './lib/data-dir-lock.ts';
import { RendererLoadError } from './lib/server-render.ts';
import { boot } from './bootstrap.ts';
import { startMetricsPort } from './lib/metrics-port.ts';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const running = await boot(config);
  const { app } = running;
  await app.listen({ port: config.PORT, host: config.HOST });
  const metricsPort = config.METRICS_PORT
    ? await startMetricsPort(app, config.METRICS_HOST, config.METRICS_PORT)
    : undefined;
  app.log.info(
    {
      db: running.database.kind,
      dataDir: config.DATABASE_URL ? undefined : config.dataDir,
      node: process.version,
      ms: Date.now() - started,
    },
    `商城已启动 (shop is up, Node.js ${process.version}): http://localhost:${config.PORT}`,
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
