/**
 * Passwords, SMS codes, tokens and full mobile numbers never reach a log line. The real server is
 * started as its own process (src/main.ts, the production logger configuration) at LOG_LEVEL=trace,
 * every auth flow is run against it, and everything it printed is searched for those secrets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastSmsCode,
  makeApi,
  newMobile,
  type Api,
  PATHS,
  sendCode,
  smsLogin,
  START_WAIT_MS,
  startServerProcess,
  type ServerProcess,
} from '../../test/kit/index.ts';

let server: ServerProcess;
let dataDir: string;
let api: Api;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-logs-'));
  server = await startServerProcess({ dataDir, logLevel: 'trace' });
  api = makeApi(server.url);
}, START_WAIT_MS + 10_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('logs', () => {
  it('hold no password, SMS code, token or full mobile number after every auth flow', async () => {
    const secrets: string[] = [];
    const mobile = newMobile();
    secrets.push(mobile);
    expect((await sendCode(api, mobile)).code).toBe(0);
    const code = await lastSmsCode(api, mobile);
    secrets.push(code);
    const wrongCode = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    secrets.push(wrongCode);
    expect((await smsLogin(api, mobile, wrongCode)).code).not.toBe(0);
    const first = await smsLogin(api, mobile, code);
    expect(first.code).toBe(0);
    secrets.push(first.data.accessToken, first.data.refreshToken);

    const username = `LogUser${process.pid}`;
    const password = 'Secret-Pass-9z';
    const weak = 'password123';
    secrets.push(password, weak);
    expect(
      (await api.post(PATHS.registerAndLogin, { token: first.data.accessToken, form: { username, password: weak } }))
        .code,
    ).not.toBe(0);
    const done = await api.post(PATHS.registerAndLogin, {
      token: first.data.accessToken,
      form: { username, password },
    });
    expect(done.code).toBe(0);
    secrets.push(done.data.accessToken, done.data.refreshToken);

    const wrongPassword = 'Wrong-Pass-4q';
    secrets.push(wrongPassword);
    expect((await api.post(PATHS.loginPw, { json: { username, password: wrongPassword } })).code).toBe(102);
    const login = await api.post(PATHS.loginPw, { form: { username, password } });
    expect(login.code).toBe(0);
    secrets.push(login.data.accessToken, login.data.refreshToken);

    const refreshed = await api.post(PATHS.refresh, { form: { refreshToken: login.data.refreshToken } });
    expect(refreshed.code).toBe(0);
    secrets.push(refreshed.data);
    expect((await api.get(PATHS.current, { token: `Bearer ${refreshed.data}` })).code).toBe(0);
    expect((await api.post(PATHS.logout, { token: refreshed.data })).code).toBe(0);
    // a malformed body and an unknown path are logged too
    await api.post(PATHS.loginPw, {
      rawBody: `{"password":"${password}"`,
      headers: { 'content-type': 'application/json' },
    });
    await api.get(`/member/nope?refreshToken=${login.data.refreshToken}`);

    await new Promise((r) => setTimeout(r, 300)); // let the last lines reach the pipe
    const output = server.output();
    const lines = output.split('\n').filter((l) => l.startsWith('{'));
    // the log is really there: structured JSON, one line per request at least, with request ids
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((l) => JSON.parse(l).reqId && l.includes('/member/user/auth/login/pw'))).toBe(true);
    for (const secret of secrets) expect(output.includes(secret), `log contains ${secret.slice(0, 12)}…`).toBe(false);
  });
});
