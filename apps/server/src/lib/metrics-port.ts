import Fastify, { type FastifyInstance } from 'fastify';

/**
 * /metrics without a token on its own address (METRICS_HOST:METRICS_PORT, 127.0.0.1 unless set), for
 * a scraper inside the shop's network; the public port then need not serve it at all.
 */
export async function startMetricsPort(shop: FastifyInstance, host: string, port: number): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_req, reply) => {
    const { contentType, body } = await shop.metrics.scrape();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
  await server.listen({ host, port });
  return server;
}
