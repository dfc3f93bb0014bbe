import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { memberOf, requireMember } from '../accounts/index.ts';
import { addBody, idBody, updateBody } from './realname.schema.ts';
import * as realname from './realname.service.ts';

/** 实名信息: records of name + ID number for customs clearance of cross-border goods. */
export async function realnameRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.addHook('preHandler', requireMember);

  app.get('/member/user/realName/list', async (req) => {
    return ok(await realname.listRealNames(ctx, memberOf(req).memberId));
  });

  app.post('/member/user/realName/add', async (req) => {
    const body = parse(addBody, req.body);
    return ok(await realname.addRealName(ctx, memberOf(req).memberId, body), '实名信息已添加');
  });

  app.post('/member/user/realName/update', async (req) => {
    const body = parse(updateBody, req.body);
    return ok(await realname.updateRealName(ctx, memberOf(req).memberId, body), '实名信息已更新');
  });

  app.post('/member/user/realName/delete', async (req) => {
    const { id } = parse(idBody, req.body);
    await realname.deleteRealName(ctx, memberOf(req).memberId, id);
    return ok(null, '实名信息已删除');
  });

  app.post('/member/user/realName/setDefault', async (req) => {
    const { id } = parse(idBody, req.body);
    return ok(await realname.setDefaultRealName(ctx, memberOf(req).memberId, id), '已设为默认');
  });
}
