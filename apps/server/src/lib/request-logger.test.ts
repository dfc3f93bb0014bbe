/**
 * The request's logger made only when it writes: the lines are those of pino's own child (the
 * request id in each), nothing is made for a request that writes nothing, and a route's own log
 * level still decides.
 */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.ts';
import { requestLogger } from './request-logger.ts';

/** The records one request to each route writes, through an app at `level`. */
async function linesOf(level: string, factory: typeof requestLogger | undefined): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const stream = { write: (text: string) => void lines.push(...text.split('\n').filter(Boolean)) };
  const app = Fastify({
    logger: { ...(loggerOptions(level, { pretty: false }) as object), stream },
    ...(factory ? { childLoggerFactory: factory } : {}),
    genReqId: () => 'req-1',
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/says', async (req) => {
    req.log.info({ step: 1 }, 'an info line');
    req.log.warn({ step: 2 }, 'a warning');
    req.log.child({ part: 'inner' }).error('from a child');
    return { ok: true };
  });
  app.get('/verbose', { logLevel: 'debug' }, async (req) => {
    req.log.debug('a debug line');
    return { ok: true };
  });
  for (const url of ['/quiet', '/says', '/verbose']) await app.inject({ url });
  await app.close();
  return lines.map((l) => {
    const { time: _time, pid: _pid, hostname: _hostname, responseTime: _rt, ...rest } = JSON.parse(l) as Record<string, unknown>;
    return rest;
  });
}

describe('requestLogger', () => {
  it('writes the same lines as pino’s own request child, at the app’s level and at a route’s', async () => {
    for (const level of ['info', 'warn']) {
      const own = await linesOf(level, requestLogger);
      expect(own, level).toEqual(await linesOf(level, undefined));
      expect(own.length, level).toBeGreaterThan(0);
      for (const line of own) expect(line.reqId, level).toBe('req-1');
    }
    const warn = await linesOf('warn', requestLogger);
    // the verbose route writes its own request lines too: its level is debug
    expect(warn.map((l) => l.msg)).toEqual(['a warning', 'from a child', 'incoming request', 'a debug line', 'request completed']);
    expect(warn.find((l) => l.msg === 'from a child')?.part).toBe('inner');
  });

  it('makes no child for a request that writes nothing at its level, and one when it writes', () => {
    let made = 0;
    const parent = pino({ level: 'warn' }, { write: () => {} });
    const counting = Object.assign(Object.create(parent) as FastifyBaseLogger, {
      child: (...args: Parameters<FastifyBaseLogger['child']>) => {
        made += 1;
        return parent.child(...args);
      },
    });
    const log = requestLogger(counting, { reqId: 'r' }, {});
    log.info('not written');
    log.debug('not written');
    expect(made).toBe(0);
    log.warn('written');
    log.error('written');
    expect(made).toBe(1);
  });
});
