/**
 * Graceful shutdown: what main.ts does on SIGTERM — `running.close()` — stops taking
 * connections, lets a request already in flight finish with its answer (closing its connection
 * rather than keeping it alive), and only then closes the database.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/kit/index.ts';

/** A sign-in whose body arrives in two parts, so the request is in flight between them. */
function slowRequest(url: string) {
  const body = JSON.stringify({ username: 'nobody_here', password: 'wrong-password-1', clientType: 'PC_BROWSER' });
  const { hostname, port } = new URL(url);
  let sendRest!: () => void;
  const answer = new Promise<{ status: number; text: string; connection: string | undefined }>((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        method: 'POST',
        path: '/member/user/auth/login/pw',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    sendRest = () => req.end(body.slice(10));
  });
  return { answer, sendRest: () => sendRest() };
}

describe('shutting down', () => {
  it('finishes the request in flight, then refuses new connections', async () => {
    const server = await startTestServer();
    const inFlight = slowRequest(server.url);
    await new Promise((r) => setTimeout(r, 100)); // the server has the request's head
    const closing = server.close();
    await new Promise((r) => setTimeout(r, 200));
    inFlight.sendRest();
    const res = await inFlight.answer;
    expect(res.connection).toBe('close'); // the client does not keep the closing server's connection
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).message).toMatch(/[\u4e00-\u9fa5]/); // answered by the app, from the database
    await closing;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
