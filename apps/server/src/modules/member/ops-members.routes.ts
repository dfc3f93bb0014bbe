import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '@mall/shared';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { badRequest } from '../../lib/errors.ts';
import { enumOf, pageQuery, parse, text } from '../../lib/validation.ts';
import { opsMemberPage, opsMemberProfile, setMemberStatus } from '../accounts/accounts.service.ts';
import { memberOrderOverview } from '../orders/orders.service.ts';
import { audit } from '../operators/index.ts';

const memberId = text('会员编号', { min: 1, max: 36, pattern: UUID_PATTERN, patternMessage: '会员编号格式不正确' });
const reason = text('原因', { min: 1, max: 200 });
const when = (label: string) => z.iso.datetime({ offset: true, error: `${label}格式不正确` });

/**
 * The console names a member by id and must give a reason; scripts (npm run ops) name one by
 * username or mobile, the reason optional there.
 */
const statusBody = z
  .object({
    memberId: memberId.optional(),
    login: text('用户名或手机号', { min: 1, max: 64 }).optional(),
    reason: z.unknown().optional(),
  })
  .transform((b, c) => {
    if (!b.memberId && !b.login) {
      c.addIssue({ code: 'custom', message: '请选择会员' });
      return z.NEVER;
    }
    const given = b.reason === undefined && !b.memberId ? undefined : reason.safeParse(b.reason ?? '');
    if (given && !given.success) {
      c.addIssue({ code: 'custom', message: given.error.issues[0]?.message ?? '原因格式不正确' });
      return z.NEVER;
    }
    return { who: b.memberId ? { memberId: b.memberId.toLowerCase() } : b.login!, reason: given?.data ?? null };
  });

const pageQ = z.object({
  ...pageQuery,
  keyword: text('搜索关键词', { max: 36 }).optional(),
  status: enumOf('状态', ['active', 'disabled', 'cancelling', 'cancelled'] as const).optional(),
  registeredFrom: when('注册开始时间').optional(),
  registeredTo: when('注册结束时间').optional(),
});

const detailQ = z.object({ memberId });

/** 会员 in the console: search, detail with orders and sessions, disable (sessions end at once) and enable. */
export async function opsMemberRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/ops/member/page', { config: { permission: 'member:view' } }, async (req) => {
    const q = parse(pageQ, req.query);
    const registeredFrom = q.registeredFrom ? new Date(q.registeredFrom) : undefined;
    const registeredTo = q.registeredTo ? new Date(q.registeredTo) : undefined;
    if (registeredFrom && registeredTo && registeredFrom > registeredTo)
      throw badRequest('注册开始时间不能晚于结束时间');
    return ok(await opsMemberPage(ctx, { ...q, keyword: q.keyword || undefined, registeredFrom, registeredTo }));
  });

  app.get('/ops/member/detail', { config: { permission: 'member:view' } }, async (req) => {
    const { memberId: id } = parse(detailQ, req.query);
    const profile = await opsMemberProfile(ctx, id.toLowerCase());
    return ok({ ...profile, orders: await memberOrderOverview(ctx, profile.id) });
  });

  const setStatus = (status: 'active' | 'disabled') => async (req: FastifyRequest) => {
    const { who, reason: why } = parse(statusBody, req.body);
    const changed = await setMemberStatus(ctx, who, status);
    await audit(req, {
      action: status === 'disabled' ? 'member.disable' : 'member.enable',
      objectType: 'member',
      objectId: changed.id,
      changes: [{ field: 'status', before: changed.before, after: changed.status }],
      reason: why,
    });
    return changed;
  };

  app.post('/ops/member/disable', { config: { permission: 'member:disable' } }, async (req) => {
    const changed = await setStatus('disabled')(req);
    return ok(changed, `已禁用该会员，${changed.sessionsEnded} 个登录已全部失效`);
  });

  app.post('/ops/member/enable', { config: { permission: 'member:disable' } }, async (req) => {
    return ok(await setStatus('active')(req), '已恢复该会员');
  });
}
