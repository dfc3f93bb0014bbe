/**
 * SMS codes over HTTP: sending, the resend interval and daily cap per number, wrong codes, burning,
 * expiry and single use (conventions, "SMS codes").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import {
  lastSmsCode,
  newMobile,
  startTestServer,
  type TestServer,
  accountCounts,
  ageCodes,
  current,
  expectEnvelope,
  expectRefusal,
  otherCode,
  query,
  sendCode,
  smsLogin,
} from '../../test/kit/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Sends a code to a fresh number and reads it from the outbox. */
async function freshCode(mobile = newMobile()) {
  const sent = await sendCode(server.api, mobile);
  expect(sent.code).toBe(0);
  return { mobile, code: await lastSmsCode(server.api, mobile) };
}

describe('sending a code', () => {
  it('puts a 6-digit code in the outbox and nowhere in the reply or the database', async () => {
    const mobile = newMobile();
    const sent = await sendCode(server.api, mobile);
    expectEnvelope(sent);
    expect(sent).toMatchObject({ status: 200, code: 0, data: null, message: '验证码已发送' });

    const outbox = await server.api.get('/dev/sms-outbox', { query: { mobileNumber: mobile } });
    expect(outbox.data).toHaveLength(1);
    expect(outbox.data[0].mobileNumber).toBe(mobile);
    expect(outbox.data[0].content).toMatch(/验证码是 \d{6}，5 分钟内有效/);
    const code = await lastSmsCode(server.api, mobile);
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(sent)).not.toContain(code);

    // stored only as a keyed hash, valid 5 minutes
    const stored = await query<{ code_hash: string; ttl: number }>(
      server,
      sql`SELECT code_hash, extract(epoch FROM expires_at - created_at) AS ttl FROM sms_codes WHERE mobile = ${mobile}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code);
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Math.round(Number(stored[0]!.ttl))).toBe(300);
  });

  it('refuses a second send to one number within 60 s, saying how many seconds are left', async () => {
    const { mobile } = await freshCode();
    const again = await sendCode(server.api, mobile);
    expectRefusal(again, Code.SMS_SEND_LIMIT);
    const seconds = Number(again.message.match(/请 (\d+) 秒后再试/)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(55);
    expect(seconds).toBeLessThanOrEqual(60);

    await ageCodes(server, mobile, 45);
    const later = await sendCode(server.api, mobile);
    expectRefusal(later, Code.SMS_SEND_LIMIT);
    expect(Number(later.message.match(/请 (\d+) 秒后再试/)?.[1])).toBeLessThanOrEqual(15);
  });

  it('allows a resend after 60 s, and the new code replaces the old one', async () => {
    const { mobile, code: first } = await freshCode();
    await ageCodes(server, mobile, 61);
    expect((await sendCode(server.api, mobile)).code).toBe(0);
    const second = await lastSmsCode(server.api, mobile);
    // only the newest code is checked, so the old one is simply a wrong code now
    if (second !== first) expectRefusal(await smsLogin(server.api, mobile, first), Code.WRONG_SMS_CODE);
    expect((await smsLogin(server.api, mobile, second)).code).toBe(0);
  });

  it('sends at most 10 codes a day to one number', async () => {
    const mobile = newMobile();
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(server.api, mobile)).code).toBe(0);
      await ageCodes(server, mobile, 61);
    }
    const eleventh = await sendCode(server.api, mobile);
    expectRefusal(eleventh, Code.SMS_SEND_LIMIT);
    expect(eleventh.message).toContain('今日');
    // a day later the count starts again
    await ageCodes(server, mobile, 24 * 3600);
    expect((await sendCode(server.api, mobile)).code).toBe(0);
  });
});

describe('signing in with a code', () => {
  it('answers a wrong code with 103 and lets the right one through afterwards', async () => {
    const { mobile, code } = await freshCode();
    const before = await accountCounts(server);
    const wrong = await smsLogin(server.api, mobile, otherCode(code));
    expectRefusal(wrong, Code.WRONG_SMS_CODE);
    expect(wrong.message).toBe('验证码错误');
    expect((await accountCounts(server)).members).toBe(before.members);
    expect((await smsLogin(server.api, mobile, code)).code).toBe(0);
  });

  it('burns a code after 5 wrong tries: the right code then answers 108', async () => {
    const { mobile, code } = await freshCode();
    for (let i = 1; i <= 5; i++)
      expectRefusal(await smsLogin(server.api, mobile, otherCode(String(Number(code) + i))), Code.WRONG_SMS_CODE);
    const right = await smsLogin(server.api, mobile, code);
    expectRefusal(right, Code.SMS_CODE_EXPIRED);
    expect(right.message).toBe('验证码已失效，请重新获取');
  });

  it('refuses an expired code with 108', async () => {
    const { mobile, code } = await freshCode();
    await query(server, sql`UPDATE sms_codes SET expires_at = now() - interval '1 second' WHERE mobile = ${mobile}`);
    expectRefusal(await smsLogin(server.api, mobile, code), Code.SMS_CODE_EXPIRED);
  });

  it('accepts a code that is still within its 5 minutes', async () => {
    const { mobile, code } = await freshCode();
    await ageCodes(server, mobile, 290);
    expect((await smsLogin(server.api, mobile, code)).code).toBe(0);
  });

  it('uses a code once: the second use answers 108', async () => {
    const { mobile, code } = await freshCode();
    expect((await smsLogin(server.api, mobile, code)).code).toBe(0);
    expectRefusal(await smsLogin(server.api, mobile, code), Code.SMS_CODE_EXPIRED);
  });

  it('answers 108 for a number that was never sent a code', async () => {
    expectRefusal(await smsLogin(server.api, newMobile(), '123456'), Code.SMS_CODE_EXPIRED);
  });

  it('lets exactly one of several concurrent uses of one code succeed', async () => {
    const { mobile, code } = await freshCode();
    const before = await accountCounts(server);
    const results = await Promise.all(Array.from({ length: 6 }, () => smsLogin(server.api, mobile, code)));
    const winners = results.filter((r) => r.code === 0);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 0)) expectRefusal(r, Code.SMS_CODE_EXPIRED);
    const after = await accountCounts(server);
    expect(after.members).toBe(before.members + 1);
    expect(after.sessions).toBe(before.sessions + 1);
    expect((await current(server.api, winners[0]!.data.accessToken)).code).toBe(0);
  });
});

describe('a shop with its own resend interval (SMS_RESEND_SECONDS)', () => {
  it('counts its interval, not 60 s', async () => {
    const slow = await startTestServer({ SMS_RESEND_SECONDS: '120' });
    try {
      const mobile = newMobile();
      expect((await sendCode(slow.api, mobile)).code).toBe(0);
      await ageCodes(slow, mobile, 61);
      const refused = await sendCode(slow.api, mobile);
      expectRefusal(refused, Code.SMS_SEND_LIMIT);
      const left = Number(refused.message.match(/请 (\d+) 秒后再试/)?.[1]);
      expect(left).toBeGreaterThanOrEqual(55);
      expect(left).toBeLessThanOrEqual(59);
      await ageCodes(slow, mobile, 60);
      expect((await sendCode(slow.api, mobile)).code).toBe(0);
    } finally {
      await slow.close();
    }
  });
});
