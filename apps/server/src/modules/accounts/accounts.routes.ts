import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { userAgent, visitorId } from '../../lib/client-info.ts';
import * as accounts from './accounts.service.ts';
import { resetPassword, sendResetCode } from './password-reset.ts';
import { suggestUsername } from './username-suggest.ts';
import { presentCurrentUser } from './accounts.presenter.ts';
import { accessTokenOf, memberOf, requireMember } from './auth-guard.ts';
import {
  completeRegistrationBody,
  passwordLoginBody,
  refreshBody,
  resetPasswordBody,
  revokeCancellationBody,
  smsLoginBody,
  smsSendBody,
  usernameSuggestQuery,
} from './accounts.schema.ts';

const clientOf = (req: FastifyRequest): accounts.ClientInfo => ({
  ip: req.ip,
  userAgent: userAgent(req),
  visitorId: visitorId(req),
});

export async function accountsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/member/user/auth/login/pw', async (req) => {
    const body = parse(passwordLoginBody, req.body);
    return ok(await accounts.loginByPassword(ctx, body, clientOf(req)), '登录成功');
  });

  app.post('/member/user/auth/verificationCode', async (req) => {
    const { mobileNumber } = parse(smsSendBody, req.body);
    await accounts.sendSmsCode(ctx, mobileNumber, clientOf(req));
    return ok(null, '验证码已发送');
  });

  // 忘记密码: the answer is the same whether or not a member holds the number.
  app.post('/member/user/auth/resetPassword/sendCode', async (req) => {
    const { mobileNumber } = parse(smsSendBody, req.body);
    await sendResetCode(ctx, mobileNumber, clientOf(req));
    return ok(null, '如该手机号已注册，验证码已发送，5 分钟内有效');
  });

  app.post('/member/user/auth/resetPassword', async (req) => {
    const body = parse(resetPasswordBody, req.body);
    return ok(await resetPassword(ctx, body), '密码已重置，请使用新密码登录');
  });

  /** Two uses (conventions): with a code it signs in or starts a member; signed in, it completes the account. */
  app.post('/member/user/auth/registerAndLogin', async (req) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    if (raw.code !== undefined || !accessTokenOf(req)) {
      const body = parse(smsLoginBody, raw);
      return ok(await accounts.loginBySmsCode(ctx, body, clientOf(req)), '登录成功');
    }
    await requireMember(req);
    const body = parse(completeRegistrationBody, raw);
    return ok(await accounts.completeRegistration(ctx, memberOf(req), body, clientOf(req)), '注册成功');
  });

  /** A free username to prefill when completing the account (from `base`, what the buyer typed, or the mobile). */
  app.get('/member/user/auth/username/suggest', { preHandler: requireMember }, async (req) => {
    const { base } = parse(usernameSuggestQuery, req.query);
    return ok({ username: await suggestUsername(ctx, memberOf(req), base) });
  });

  /** 撤销注销: a sign-in of a member in cooling-off was refused with a ticket; this takes the request back and signs in. */
  app.post('/member/user/auth/cancellation/revoke', async (req) => {
    const body = parse(revokeCancellationBody, req.body);
    return ok(await accounts.revokeCancellationAndSignIn(ctx, body, clientOf(req)), '已撤销注销，欢迎回来');
  });

  app.post('/member/user/auth/refresh', async (req) => {
    const { refreshToken } = parse(refreshBody, req.body);
    return ok(await accounts.refreshAccessToken(ctx, refreshToken));
  });

  app.post('/member/user/auth/logout', { preHandler: requireMember }, async (req) => {
    await accounts.logout(ctx, memberOf(req).sessionId);
    return ok(null, '已退出登录');
  });

  app.get('/member/user/user/current', { preHandler: requireMember }, async (req) => {
    return ok(presentCurrentUser(await accounts.currentMember(ctx, memberOf(req).memberId)));
  });
}
