import type { FastifyReply } from 'fastify';
import type { StreamEvent } from './cards.ts';

const KEEP_ALIVE_MS = 15_000;

/**
 * A Server-Sent Events reply. Each event is one whole string written at once: Node encodes it to
 * UTF-8 in one piece, so a Chinese character is never split between writes (the stream's chunks may
 * still be cut anywhere by the network; the browser's decoder joins them).
 */
export function openEventStream(reply: FastifyReply, onClientGone: () => void) {
  reply.hijack();
  const raw = reply.raw;
  const headers = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number | string[]
  >;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no', // nginx would otherwise hold the events back
  });
  let ended = false;
  // A comment line now and then, so that a proxy does not close a stream that waits on a slow model.
  const keepAlive = setInterval(() => {
    if (!raw.destroyed && !raw.writableEnded) raw.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  const onClose = () => {
    if (!ended) onClientGone();
  };
  raw.on('close', onClose);
  return {
    write(event: StreamEvent) {
      if (ended || raw.destroyed || raw.writableEnded) return;
      raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    },
    end() {
      ended = true;
      clearInterval(keepAlive);
      raw.off('close', onClose);
      if (!raw.writableEnded) raw.end();
    },
  };
}
