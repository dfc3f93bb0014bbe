import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@mall/shared';
import { parse, text } from '../../lib/validation.ts';
import { setMemberStatus } from '../accounts/accounts.service.ts';

const memberBody = z.object({ login: text('用户名或手机号', { min: 1, max: 64 }) });

/** Operator member endpoints: disabling a member signs all of their sessions out at once. */
export async function opsMemberRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/ops/member/disable', { config: { permission: 'member:disable' } }, async (req) => {
    const { login } = parse(memberBody, req.body);
    return ok(await setMemberStatus(ctx, login, 'disabled'), '已禁用该会员，并使其所有登录失效');
  });

  app.post('/ops/member/enable', { config: { permission: 'member:disable' } }, async (req) => {
    const { login } = parse(memberBody, req.body);
    return ok(await setMemberStatus(ctx, login, 'active'), '已恢复该会员');
  });
}
