import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Code, fail, ok } from '@mall/shared';
import { AppError } from '../../lib/errors.ts';
import { sendStoredImage, storedImage } from '../../lib/image-upload.ts';
import { parse } from '../../lib/validation.ts';
import { userAgent, visitorId } from '../../lib/client-info.ts';
import type { ClientInfo } from '../accounts/accounts.service.ts';
import { memberOf, requireMember } from '../accounts/index.ts';
import {
  bindMobileBody,
  changePasswordBody,
  marketingConsentBody,
  profileBody,
  reauthBody,
  sendCodeBody,
  sessionBody,
} from './member.schema.ts';
import { AVATAR_MAX_BYTES, AVATAR_NAME, saveAvatar, updateProfile } from './profile.service.ts';
import * as security from './security.service.ts';
import * as sessions from './sessions.service.ts';
import { marketingConsent, setMarketingConsent } from './consent.service.ts';

const clientOf = (req: FastifyRequest): ClientInfo => ({ ip: req.ip, userAgent: userAgent(req), visitorId: visitorId(req) });

/** The member area: profile, avatar, and 账户安全 (password, mobile, sessions, security level). */
export async function memberRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  // Avatars are public pictures under unguessable names, as the header of any page shows them.
  app.get<{ Params: { name: string } }>('/static/uploads/avatars/:name', async (req, reply) => {
    const { name } = req.params;
    const found = AVATAR_NAME.test(name) ? await storedImage(ctx, 'avatars', name) : undefined;
    if (!found) return reply.status(404).send(fail(Code.NOT_FOUND, '图片不存在'));
    return sendStoredImage(reply, found, 'public, max-age=31536000, immutable');
  });

  await app.register(async (guarded) => {
    guarded.addHook('preHandler', requireMember);

    guarded.post('/member/user/profile/update', async (req) => {
      const body = parse(profileBody, req.body);
      return ok(await updateProfile(ctx, memberOf(req).memberId, body), '资料已保存');
    });

    guarded.post('/member/user/profile/avatar', async (req) => {
      if (!req.isMultipart()) throw new AppError(Code.UPLOAD_INVALID, '请选择要上传的头像图片');
      const part = await req.file();
      if (!part) throw new AppError(Code.UPLOAD_INVALID, '请选择要上传的头像图片');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(Code.UPLOAD_INVALID, '头像图片不能超过 5 MB');
        }
        throw err;
      }
      return ok(await saveAvatar(ctx, memberOf(req).memberId, bytes), '头像已更新');
    });

    guarded.post('/member/user/security/password', async (req) => {
      const body = parse(changePasswordBody, req.body);
      const { signedOutSessions } = await security.changePassword(ctx, memberOf(req), body);
      const note = signedOutSessions > 0 ? `，其他 ${signedOutSessions} 个设备已退出登录` : '，其他设备已退出登录';
      return ok({ signedOutSessions }, `密码已修改${note}`);
    });

    guarded.post('/member/user/security/sendCode', async (req) => {
      const body = parse(sendCodeBody, req.body);
      const { mobile } = await security.sendCode(ctx, memberOf(req), body, clientOf(req));
      return ok(null, `验证码已发送至 ${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    });

    guarded.post('/member/user/security/verify', async (req) => {
      const body = parse(reauthBody, req.body);
      return ok(await security.reauthenticate(ctx, memberOf(req), body), '身份验证通过');
    });

    guarded.post('/member/user/security/mobile', async (req) => {
      const body = parse(bindMobileBody, req.body);
      const { mobile } = await security.bindMobile(ctx, memberOf(req), body);
      return ok({ mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}` }, '手机号已更换');
    });

    guarded.get('/member/user/security/sessions', async (req) => {
      return ok(await sessions.listSessions(ctx, memberOf(req)));
    });

    guarded.post('/member/user/security/sessions/revoke', async (req) => {
      const { sessionId } = parse(sessionBody, req.body);
      await sessions.revokeSession(ctx, memberOf(req), sessionId);
      return ok(null, '该设备已退出登录');
    });

    guarded.post('/member/user/security/sessions/revokeOthers', async (req) => {
      const revoked = await sessions.revokeOtherSessions(ctx, memberOf(req));
      return ok({ revoked }, revoked > 0 ? `已退出其他 ${revoked} 个设备` : '没有其他登录设备');
    });

    // 营销消息 (活动/秒杀 提醒 by SMS): the member's consent, its last change and every change recorded.
    guarded.get('/member/user/privacy/consent', async (req) => ok(await marketingConsent(ctx, memberOf(req).memberId)));

    guarded.post('/member/user/privacy/consent/update', async (req) => {
      const { granted } = parse(marketingConsentBody, req.body);
      const { consent } = await setMarketingConsent(ctx, memberOf(req).memberId, granted, req.ip);
      return ok(consent, granted ? '已开启营销消息' : '已关闭营销消息，我们将不再向您发送活动提醒等营销消息');
    });

    guarded.get('/member/user/security/summary', async (req) => {
      return ok(await sessions.securitySummary(ctx, memberOf(req)));
    });
  });
}
