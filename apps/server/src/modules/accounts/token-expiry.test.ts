/**
 * Access-token expiry with ACCESS_TOKEN_TTL=1: an expired token answers 104 (the client refreshes
 * and replays), unlike a finished session (105); refresh then gives a working token again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { smsSignIn, startTestServer, type TestServer, PATHS, current, expectRefusal } from '../../test/kit/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ACCESS_TOKEN_TTL: '1' });
});
afterAll(() => server?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('access token expiry', () => {
  it('answers 104 once the access token has expired, and refresh brings the session back', async () => {
    const tokens = await smsSignIn(server.api);
    expect((await current(server.api, tokens.accessToken)).code).toBe(0);
    await sleep(2100);

    const expired = await current(server.api, tokens.accessToken);
    expectRefusal(expired, Code.ACCESS_TOKEN_EXPIRED);
    expect(expired.message).toBe('登录已过期');
    // logout with an expired token asks for a refresh too, and ends nothing
    expectRefusal(await server.api.post(PATHS.logout, { token: tokens.accessToken }), Code.ACCESS_TOKEN_EXPIRED);

    const refreshed = await server.api.post(PATHS.refresh, { form: { refreshToken: tokens.refreshToken } });
    expect(refreshed.code).toBe(0);
    expect((await current(server.api, refreshed.data)).code).toBe(0);
  });

  it('answers 105, not 104, for an expired token of a session that was signed out', async () => {
    const tokens = await smsSignIn(server.api);
    const other = await server.api.post(PATHS.refresh, { form: { refreshToken: tokens.refreshToken } });
    expect((await server.api.post(PATHS.logout, { token: other.data })).code).toBe(0);
    await sleep(2100);
    // expired and revoked: refreshing cannot help, so the refresh answers 105
    expectRefusal(
      await server.api.post(PATHS.refresh, { form: { refreshToken: tokens.refreshToken } }),
      Code.SESSION_OVER,
    );
  });
});
