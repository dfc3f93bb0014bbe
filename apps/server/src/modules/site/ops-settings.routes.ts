import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ok } from '@mall/shared';
import { IMAGE_UPLOAD_MAX_BYTES, readUploadedImage } from '../../lib/image-upload.ts';
import { parse } from '../../lib/validation.ts';
import { isSettingKey, settingKeys, type SettingKey } from './settings.ts';
import { allSettings, saveSetting, storeSiteImage } from './site.service.ts';
import { audit } from '../operators/index.ts';

const saveBody = z.object({
  key: z
    .string({ error: (i) => (i.input === undefined ? '请选择设置项' : '设置项格式不正确') })
    .max(64, '设置项不存在')
    .refine(isSettingKey, '设置项不存在'),
  // Checked by the key's own schema in the service (the same one the server reads with).
  value: z.unknown().refine((v) => v !== undefined, '请填写设置值'),
});

/**
 * 站点设置: every key of modules/site/settings.ts with its value and default, a change validated by
 * that key's schema and audited before → after, and pictures for them (favicon, banners).
 */
export async function opsSettingsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get('/ops/settings', { config: { permission: 'settings:edit' } }, async () =>
    ok({ keys: settingKeys(), settings: await allSettings(ctx) }),
  );

  app.post('/ops/settings/save', { config: { permission: 'settings:edit' } }, async (req) => {
    const body = parse(saveBody, req.body);
    const key = body.key as SettingKey;
    const { before, after } = await saveSetting(ctx, key, body.value);
    await audit(req, {
      action: 'settings.save',
      objectType: 'settings',
      objectId: key,
      changes: JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: key, before, after }],
    });
    return ok({ key, value: after }, '设置已保存');
  });

  app.post('/ops/settings/upload', { config: { permission: 'settings:edit' } }, async (req) => {
    const image = await readUploadedImage(req);
    const stored = await storeSiteImage(ctx, image.bytes, image.ext);
    await audit(req, { action: 'settings.upload', objectType: 'settings', objectId: stored.name });
    return ok({ url: stored.url }, '上传成功');
  });
}
