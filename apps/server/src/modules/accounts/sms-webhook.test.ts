/**
 * The `webhook` SMS provider: codes go to the shop's gateway, the development outbox is gone, and a
 * gateway failure is told to the buyer without blocking the next try.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import {
  newMobile,
  startTestServer,
  type TestServer,
  accountCounts,
  expectEnvelope,
  expectRefusal,
  sendCode,
  smsLogin,
} from '../../test/kit/index.ts';

/** A stand-in SMS gateway that records what it is sent, and can be told to fail. */
const received: { mobile: string; content: string }[] = [];
let gatewayStatus = 200;
const gateway = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    if (gatewayStatus === 200) received.push(JSON.parse(body));
    res.writeHead(gatewayStatus).end();
  });
});

let server: TestServer;
beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.address() as AddressInfo;
  server = await startTestServer({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms` });
});
afterAll(async () => {
  await server?.close();
  gateway.close();
});

describe('webhook SMS provider', () => {
  it('posts the code to the gateway, and that code signs the buyer in', async () => {
    const mobile = newMobile();
    const sent = await sendCode(server.api, mobile);
    expect(sent.code).toBe(0);
    const message = received.find((m) => m.mobile === mobile);
    const code = message?.content.match(/\d{6}/)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(sent)).not.toContain(code);
    expect((await smsLogin(server.api, mobile, code!)).code).toBe(0);
  });

  it('does not serve the development outbox', async () => {
    const res = await server.api.get('/dev/sms-outbox', { query: { mobileNumber: newMobile() } });
    expect(res.status).toBe(404);
    expectEnvelope(res);
    expect(res.code).toBe(Code.NOT_FOUND);
  });

  it('tells the buyer when the gateway fails, and lets them ask again at once', async () => {
    const mobile = newMobile();
    gatewayStatus = 503;
    const failed = await sendCode(server.api, mobile);
    expectRefusal(failed, Code.SERVER_ERROR);
    expect(failed.message).toBe('验证码发送失败，请稍后再试');
    // the failed send left no code behind that would hold the 60 s resend interval
    expect((await accountCounts(server)).codes).toBe(1);

    gatewayStatus = 200;
    expect((await sendCode(server.api, mobile)).code).toBe(0);
    expect(received.filter((m) => m.mobile === mobile)).toHaveLength(1);
  });
});
