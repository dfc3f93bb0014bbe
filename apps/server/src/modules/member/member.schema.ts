import { z } from 'zod';
import { MOBILE_PATTERN, PASSWORD_MAX } from '@mall/shared';
import { enumOf, text } from '../../lib/validation.ts';
import { nickname } from '../accounts/index.ts';
import { shanghaiDay, UUID_PATTERN } from '../../lib/ids.ts';
import { isRealDate } from '../realname/index.ts';

export const profileBody = z
  .object({
    nickname: nickname.optional(),
    gender: enumOf('性别', ['male', 'female', 'unknown']).optional(),
    birthday: z
      .union([z.literal('').transform(() => null), z.null(), text('生日', { min: 1, max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, patternMessage: '生日格式应为 YYYY-MM-DD' })], {
        error: '生日格式应为 YYYY-MM-DD',
      })
      .refine((v) => v === null || isRealDate(v), '生日不是有效日期')
      .refine((v) => v === null || (v >= '1900-01-01' && v < shanghaiDay()), '生日须在 1900-01-01 之后、今天之前')
      .optional(),
  })
  .refine((b) => b.nickname !== undefined || b.gender !== undefined || b.birthday !== undefined, '请填写要修改的资料');

/** Passwords are not trimmed; their rules are checked by passwordProblem after parsing. */
const password = (label: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `请填写${label}` : `${label}格式不正确`) })
    .min(1, `请填写${label}`)
    .max(PASSWORD_MAX * 4, `${label}不能超过 ${PASSWORD_MAX} 个字符`)
    .refine((v) => !v.includes('\u0000'), `${label}含有不允许的字符`);

const smsCode = text('验证码', { min: 1, max: 6, pattern: /^\d{6}$/, patternMessage: '验证码为 6 位数字' });
const mobileNumber = text('手机号', { min: 1, max: 11, pattern: MOBILE_PATTERN, patternMessage: '手机号格式不正确' });
const ticket = text('身份验证凭证', { min: 1, max: 64, pattern: /^[\w-]+$/, patternMessage: '身份验证已过期，请重新验证' });

const oneOf = (b: { oldPassword?: unknown; password?: unknown; smsCode?: unknown }) =>
  [b.oldPassword ?? b.password, b.smsCode].filter((v) => v !== undefined).length === 1;

export const changePasswordBody = z
  .object({ oldPassword: password('原密码').optional(), smsCode: smsCode.optional(), newPassword: password('新密码') })
  .refine(oneOf, '请填写原密码或短信验证码（二选一）');

export const sendCodeBody = z.object({
  purpose: enumOf('验证码用途', ['changePassword', 'verifyMobile', 'bindMobile', 'cancelAccount']),
  ticket: ticket.optional(),
  mobileNumber: mobileNumber.optional(),
});

export const reauthBody = z
  .object({ password: password('密码').optional(), smsCode: smsCode.optional() })
  .refine(oneOf, '请填写密码或短信验证码（二选一）');

export const bindMobileBody = z.object({ ticket, mobileNumber, code: smsCode });

export const sessionBody = z.object({
  sessionId: text('登录设备编号', { min: 1, max: 36, pattern: UUID_PATTERN, patternMessage: '登录设备编号格式不正确' }),
});

/** 营销消息 on or off (JSON boolean only: a string or number is not a choice). */
export const marketingConsentBody = z.object(
  { granted: z.boolean({ error: (i) => (i.input === undefined ? '请选择是否接收营销消息' : '营销消息开关格式不正确') }) },
  { error: '请求参数格式不正确' },
);

/** A 个人信息副本 download link's query, checked before anything is looked up. */
export const dataCopyDownloadQuery = z.object(
  {
    id: text('下载链接', { min: 1, max: 36, pattern: UUID_PATTERN, patternMessage: '下载链接无效，请重新申请个人信息副本' }),
    file: enumOf('文件类型', ['json', 'csv']),
    exp: text('下载链接', { min: 1, max: 12, pattern: /^\d{1,12}$/, patternMessage: '下载链接无效，请重新申请个人信息副本' }),
    sig: text('下载链接', { min: 1, max: 64, pattern: /^[0-9a-f]{64}$/, patternMessage: '下载链接无效，请重新申请个人信息副本' }),
  },
  { error: '请求参数格式不正确' },
);

/** 注销账号: the code sent to the bound mobile for purpose cancelAccount. */
export const cancellationApplyBody = z.object({ smsCode }, { error: '请求参数格式不正确' });
