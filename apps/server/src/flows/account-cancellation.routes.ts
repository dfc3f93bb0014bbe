import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../lib/validation.ts';
import { memberOf, requireMember } from '../modules/accounts/index.ts';
import { cancellationApplyBody } from '../modules/member/index.ts';
import { applyForCancellation, cancellationPreview } from './account-cancellation.ts';

/**
 * 注销账号 in 账户安全: what would be erased and kept and what must be finished first; then the request,
 * confirmed with the code of POST /member/user/security/sendCode {purpose: cancelAccount}. Taking it
 * back is part of signing in (POST /member/user/auth/cancellation/revoke).
 */
export async function accountCancellationRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/member/user/cancellation/preview', { preHandler: requireMember }, async (req) =>
    ok(await cancellationPreview(ctx, memberOf(req).memberId)),
  );

  app.post('/member/user/cancellation/apply', { preHandler: requireMember }, async (req) => {
    const { smsCode } = parse(cancellationApplyBody, req.body);
    const done = await applyForCancellation(ctx, memberOf(req).memberId, smsCode);
    return ok(done, '注销申请已提交，冷静期内登录可撤销注销');
  });
}
