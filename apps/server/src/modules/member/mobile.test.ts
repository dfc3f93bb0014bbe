/**
 * Binding or changing the mobile over HTTP: re-authenticate (password or a code to the current
 * number) for a short-lived ticket, then a code to the new number, then the change. A number another
 * member holds is refused; codes and tickets serve one purpose, one member, one session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import {
  lastSmsCode,
  newMobile,
  registeredMember,
  startTestServer,
  type TestServer,
  HOSTILE,
  ageCodes,
  expectEnvelope,
  expectRefusal,
  memberIdOf,
  memberState,
  query,
} from '../../test/kit/index.ts';

let server: TestServer;
type Member = Awaited<ReturnType<typeof registeredMember>> & { id: string };

const P = {
  verify: '/member/user/security/verify',
  sendCode: '/member/user/security/sendCode',
  mobile: '/member/user/security/mobile',
  current: '/member/user/user/current',
  login: '/member/user/auth/login/pw',
};

async function member(): Promise<Member> {
  const m = await registeredMember(server.api);
  await ageCodes(server, m.mobile);
  return { ...m, id: await memberIdOf(server.api, m.accessToken) };
}
async function ticketByPassword(m: Member, token = m.accessToken): Promise<string> {
  const res = await server.api.post(P.verify, { token, json: { password: m.password } });
  expect(res).toMatchObject({ code: 0, data: { ticket: expect.any(String), expiresIn: 600 } });
  return res.data.ticket;
}
async function codeToNewNumber(m: Member, ticket: string, mobile: string): Promise<string> {
  const sent = await server.api.post(P.sendCode, {
    token: m.accessToken,
    json: { purpose: 'bindMobile', ticket, mobileNumber: mobile },
  });
  expect(sent.code, sent.message).toBe(0);
  return lastSmsCode(server.api, mobile);
}
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('changing the mobile', () => {
  it('password → ticket → code to the new number → changed; sign-in by the new number works', async () => {
    const m = await member();
    const ticket = await ticketByPassword(m);
    const next = newMobile();
    const code = await codeToNewNumber(m, ticket, next);
    const res = await server.api.post(P.mobile, { token: m.accessToken, json: { ticket, mobileNumber: next, code } });
    expectEnvelope(res);
    expect(res).toMatchObject({ code: 0, message: '手机号已更换', data: { mobile: masked(next) } });
    expect((await server.api.get(P.current, { token: m.accessToken })).data.mobile).toBe(masked(next));
    expect((await server.api.post(P.login, { form: { username: next, password: m.password } })).code).toBe(0);
    expectRefusal(
      await server.api.post(P.login, { form: { username: m.mobile, password: m.password } }),
      Code.BAD_CREDENTIALS,
    );
    // The ticket was used up.
    const again = newMobile();
    expectRefusal(
      await server.api.post(P.sendCode, {
        token: m.accessToken,
        json: { purpose: 'bindMobile', ticket, mobileNumber: again },
      }),
      Code.FORBIDDEN,
    );
  });

  it('re-authenticates by a code to the current number instead of the password', async () => {
    const m = await member();
    expect((await server.api.post(P.sendCode, { token: m.accessToken, json: { purpose: 'verifyMobile' } })).code).toBe(
      0,
    );
    const smsCode = await lastSmsCode(server.api, m.mobile);
    const verified = await server.api.post(P.verify, { token: m.accessToken, json: { smsCode } });
    expect(verified.code).toBe(0);
    const next = newMobile();
    const code = await codeToNewNumber(m, verified.data.ticket, next);
    expect(
      (
        await server.api.post(P.mobile, {
          token: m.accessToken,
          json: { ticket: verified.data.ticket, mobileNumber: next, code },
        })
      ).code,
    ).toBe(0);
  });

  it('refuses a number another member holds, at the send and at the change', async () => {
    const m = await member();
    const holder = await member();
    const ticket = await ticketByPassword(m);
    const before = await memberState(server, m.id);
    const res = await server.api.post(P.sendCode, {
      token: m.accessToken,
      json: { purpose: 'bindMobile', ticket, mobileNumber: holder.mobile },
    });
    expectRefusal(res, Code.MOBILE_TAKEN);
    expect(res.message).toBe('该手机号已被其他账号绑定');
    // The number is taken between the code and the change.
    const next = newMobile();
    const code = await codeToNewNumber(m, ticket, next);
    await query(server, sql`UPDATE members SET mobile = ${next} WHERE id = ${holder.id}`);
    expectRefusal(
      await server.api.post(P.mobile, { token: m.accessToken, json: { ticket, mobileNumber: next, code } }),
      Code.MOBILE_TAKEN,
    );
    expect(await memberState(server, m.id)).toEqual(before);
  });

  it('does not take a sign-in code, a code of another purpose, or one sent to another number', async () => {
    const m = await member();
    const ticket = await ticketByPassword(m);
    const next = newMobile();
    // A sign-in code sent to the new number.
    expect((await server.api.post('/member/user/auth/verificationCode', { form: { mobileNumber: next } })).code).toBe(
      0,
    );
    const loginCode = await lastSmsCode(server.api, next);
    expectRefusal(
      await server.api.post(P.mobile, { token: m.accessToken, json: { ticket, mobileNumber: next, code: loginCode } }),
      Code.SMS_CODE_EXPIRED,
    );
    // A verifyMobile code cannot stand in for re-authentication's other uses or for the bind.
    expect(
      (await server.api.post(P.sendCode, { token: m.accessToken, json: { purpose: 'changePassword' } })).code,
    ).toBe(0);
    const pwCode = await lastSmsCode(server.api, m.mobile);
    expectRefusal(
      await server.api.post(P.verify, { token: m.accessToken, json: { smsCode: pwCode } }),
      Code.SMS_CODE_EXPIRED,
    );
    // A bind code sent to one number does not bind another.
    await ageCodes(server, next);
    const code = await codeToNewNumber(m, ticket, next);
    const third = newMobile();
    expectRefusal(
      await server.api.post(P.mobile, { token: m.accessToken, json: { ticket, mobileNumber: third, code } }),
      Code.SMS_CODE_EXPIRED,
    );
    expect((await server.api.get(P.current, { token: m.accessToken })).data.mobile).toBe(masked(m.mobile));
  });

  it('binds a ticket to its member and session, and lets it expire', async () => {
    const m = await member();
    const other = await member();
    const ticket = await ticketByPassword(m);
    const next = newMobile();
    // Another member's session, or another session of the same member, cannot use it.
    expectRefusal(
      await server.api.post(P.sendCode, {
        token: other.accessToken,
        json: { purpose: 'bindMobile', ticket, mobileNumber: next },
      }),
      Code.FORBIDDEN,
    );
    const second = await server.api.post(P.login, { form: { username: m.username, password: m.password } });
    expectRefusal(
      await server.api.post(P.sendCode, {
        token: second.data.accessToken,
        json: { purpose: 'bindMobile', ticket, mobileNumber: next },
      }),
      Code.FORBIDDEN,
    );
    const code = await codeToNewNumber(m, ticket, next);
    await query(
      server,
      sql`UPDATE member_reauth_tickets SET expires_at = now() - interval '1 second' WHERE member_id = ${m.id}`,
    );
    const res = await server.api.post(P.mobile, { token: m.accessToken, json: { ticket, mobileNumber: next, code } });
    expectRefusal(res, Code.FORBIDDEN);
    expect(res.message).toBe('身份验证已过期，请重新验证');
  });

  it('refuses a wrong password at re-authentication, with the throttle', async () => {
    const m = await member();
    for (let i = 0; i < 5; i++) {
      const res = await server.api.post(P.verify, { token: m.accessToken, json: { password: `wrong-${i}-pass` } });
      expect(res.code).toBe(i < 4 ? Code.WRONG_PASSWORD : Code.TOO_MANY_REQUESTS);
    }
    expectRefusal(
      await server.api.post(P.verify, { token: m.accessToken, json: { password: m.password } }),
      Code.TOO_MANY_REQUESTS,
    );
    const [row] = await query<{ n: number }>(
      server,
      sql`SELECT count(*) AS n FROM member_reauth_tickets WHERE member_id = ${m.id}`,
    );
    expect(Number(row!.n)).toBe(0);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const m = await member();
    const ticket = await ticketByPassword(m);
    const before = await memberState(server, m.id);
    const hostile = Object.values(HOSTILE);
    const calls: [string, unknown][] = [
      [P.verify, {}],
      [P.verify, { password: m.password, smsCode: '123456' }],
      ...hostile.map((v): [string, unknown] => [P.verify, { smsCode: v }]),
      ...hostile.filter((v) => typeof v !== 'string').map((v): [string, unknown] => [P.verify, { password: v }]),
      [P.sendCode, { purpose: 'bindMobile' }],
      [P.sendCode, { purpose: 'bindMobile', ticket }],
      [P.sendCode, { purpose: 'bindMobile', mobileNumber: newMobile() }],
      [P.sendCode, { purpose: 'bindMobile', ticket, mobileNumber: m.mobile }],
      [P.sendCode, { purpose: 'bindMobile', ticket: 'forged-ticket', mobileNumber: newMobile() }],
      ...hostile.map((v): [string, unknown] => [P.sendCode, { purpose: 'bindMobile', ticket, mobileNumber: v }]),
      ...hostile.map((v): [string, unknown] => [
        P.sendCode,
        { purpose: 'bindMobile', ticket: v, mobileNumber: newMobile() },
      ]),
      [P.mobile, {}],
      [P.mobile, { ticket, mobileNumber: newMobile() }],
      [P.mobile, { ticket, mobileNumber: newMobile(), code: '123456' }],
      [P.mobile, { ticket, mobileNumber: '12345678901', code: '123456' }],
      ...hostile.map((v): [string, unknown] => [P.mobile, { ticket, mobileNumber: v, code: '123456' }]),
      ...hostile.map((v): [string, unknown] => [P.mobile, { ticket, mobileNumber: newMobile(), code: v }]),
      ...hostile.map((v): [string, unknown] => [P.mobile, { ticket: v, mobileNumber: newMobile(), code: '123456' }]),
    ];
    for (const [path, body] of calls) {
      const res = await server.api.post(path, { token: m.accessToken, json: body });
      expect(res.code, `${path} ${JSON.stringify(body).slice(0, 80)}`).not.toBe(0);
      expectEnvelope(res);
      expect(res.status).toBe(200);
    }
    expect(await memberState(server, m.id)).toEqual(before);
    expectRefusal(
      await server.api.post(P.mobile, { json: { ticket, mobileNumber: newMobile(), code: '123456' } }),
      Code.NOT_SIGNED_IN,
    );
  });
});
