import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat-completions endpoint for tests, scripted reply by reply. It streams
 * the way the real vendors do, quirks included (see chunks.ts): tool-call deltas without `index`,
 * arguments split across deltas, a Chinese character cut across two writes at the byte level,
 * `reasoning_content` beside `content`, 429 with Retry-After, an endpoint that never answers, a 400 for
 * a parameter the vendor refuses. Never a real service: it listens on 127.0.0.1 only.
 */

/** One scripted reply to one POST /chat/completions. */
export type FakeReply =
  /** An SSE stream: each item is one `data:` event (an object is JSON-encoded; a string is sent raw). */
  | {
      kind: 'stream';
      events: (object | string)[];
      /** Cut the whole body into writes of this many bytes (so a UTF-8 character lands in two writes). */
      writeBytes?: number;
      /** Pause between writes (not after the last). */
      delayMs?: number;
      /** Wait this long before the first write, as a model thinks before its first token. */
      firstByteMs?: number;
      /** Stop writing after this many events and keep the connection open (a stream that stalls). */
      stallAfter?: number;
      /** Leave out the final `data: [DONE]` (some local servers just close). */
      noDone?: boolean;
    }
  /** A plain JSON reply with a status (429, 400, 500…). */
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Accept the request and never answer. */
  | { kind: 'hang' };

/** What the fake saw of a request. */
export interface FakeRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, any>;
  /** performance.now() when the request arrived, and when its reply was wholly written (a benchmark's clock). */
  receivedAt: number;
  answeredAt?: number;
}

export type FakeScript = FakeReply | ((req: FakeRequest) => FakeReply);

export interface FakeLlm {
  /** The base URL to configure (ends in /v1). */
  baseURL: string;
  /** Queue replies, answered in order; when the queue is empty, a request gets a 500. */
  script(...replies: FakeScript[]): void;
  /** Every request received so far, in order. */
  requests: FakeRequest[];
  close(): Promise<void>;
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const queue: FakeScript[] = [];
  const requests: FakeRequest[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const receivedAt = performance.now();
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => {
      let body: Record<string, any> = {};
      try {
        body = JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, any>;
      } catch {
        // left empty: the test sees it in requests
      }
      const seen: FakeRequest = { path: req.url ?? '', headers: req.headers, body, receivedAt };
      requests.push(seen);
      const next = queue.shift();
      const reply: FakeReply = !next
        ? { kind: 'status', status: 500, body: { error: { message: 'fake: no reply scripted' } } }
        : typeof next === 'function'
          ? next(seen)
          : next;
      open.add(res);
      res.on('close', () => open.delete(res));
      void answer(res, reply).then(() => {
        seen.answeredAt = performance.now();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    script: (...replies) => queue.push(...replies),
    requests,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function answer(res: http.ServerResponse, reply: FakeReply) {
  if (reply.kind === 'hang') return;
  if (reply.kind === 'status') {
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body ?? { error: { message: `status ${reply.status}` } }));
    return;
  }
  if (reply.firstByteMs) await new Promise((r) => setTimeout(r, reply.firstByteMs));
  if (res.destroyed) return;
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  const events = reply.stallAfter === undefined ? reply.events : reply.events.slice(0, reply.stallAfter);
  const frames = events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`);
  if (reply.stallAfter === undefined && !reply.noDone) frames.push('data: [DONE]\n\n');
  // One write per event, or the whole body cut every writeBytes bytes (through characters).
  const all = Buffer.from(frames.join(''), 'utf8');
  const writes: Buffer[] = [];
  if (reply.writeBytes)
    for (let at = 0; at < all.length; at += reply.writeBytes) writes.push(all.subarray(at, at + reply.writeBytes));
  else for (const f of frames) writes.push(Buffer.from(f, 'utf8'));
  for (const [i, piece] of writes.entries()) {
    if (res.destroyed) return;
    if (i > 0 && reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (res.destroyed) return;
    res.write(piece);
  }
  if (reply.stallAfter === undefined) res.end();
}
