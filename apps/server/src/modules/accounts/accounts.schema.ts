import { z } from 'zod';
import { CLIENT_TYPES, MOBILE_PATTERN, PASSWORD_MAX, USERNAME_PATTERN } from '@mall/shared';
import { enumOf, flag, text } from '../../lib/validation.ts';

const clientType = enumOf('客户端类型', CLIENT_TYPES).default('PC_BROWSER');
const remember = flag('记住登录').default(false);
/** Letters (any script), digits, _ - · . and inner spaces: no emoji, markup or quotes. */
const NICKNAME = /^[\p{L}\p{N}_\-·.]+(?: [\p{L}\p{N}_\-·.]+)*$/u;
const NICKNAME_MAX = 20;

/** The one nickname rule, for completing an account and for editing the profile. */
export const nickname = text('昵称', {
  min: 1,
  max: NICKNAME_MAX,
  pattern: NICKNAME,
  patternMessage: '昵称只能包含文字、数字、下划线、连字符和点',
}).refine((v) => [...v].length <= NICKNAME_MAX, `昵称不能超过 ${NICKNAME_MAX} 个字符`);

const mobileNumber = text('手机号', { min: 1, max: 11, pattern: MOBILE_PATTERN, patternMessage: '手机号格式不正确' });

export const passwordLoginBody = z.object({
  username: text('用户名', { min: 1, max: 64 }),
  // Passwords are not trimmed: a space is part of a password.
  password: z
    .string({ error: (i) => (i.input === undefined ? '请填写密码' : '密码格式不正确') })
    .min(1, '请填写密码')
    .max(PASSWORD_MAX * 4, '密码不能超过 64 个字符'),
  remember,
  clientType,
});

export const smsSendBody = z.object({ mobileNumber });

const smsCode = text('验证码', { min: 1, max: 6, pattern: /^\d{6}$/, patternMessage: '验证码为 6 位数字' });

export const smsLoginBody = z.object({
  mobileNumber,
  code: smsCode,
  remember,
  clientType,
});

export const completeRegistrationBody = z.object({
  username: text('用户名', {
    min: 1,
    max: 20,
    pattern: USERNAME_PATTERN,
    patternMessage: '用户名须以字母开头，4–20 位字母、数字或下划线',
  }),
  password: z
    .string({ error: (i) => (i.input === undefined ? '请填写密码' : '密码格式不正确') })
    .max(PASSWORD_MAX * 4, '密码不能超过 64 个字符'),
  // optional here: a blank field means "use the username"
  nickname: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), nickname.optional()),
  invitationCode: text('邀请码', { max: 32, pattern: /^[A-Za-z0-9]*$/, patternMessage: '邀请码格式不正确' }).optional(),
  clientType,
});

/**
 * A name to start the suggestion from (what the buyer typed, when it was taken): the characters a
 * username may hold, so anything else is refused before it reaches a query.
 */
export const usernameSuggestQuery = z.object({
  base: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    text('用户名', { max: 20, pattern: /^[A-Za-z0-9_]+$/, patternMessage: '用户名只能包含字母、数字或下划线' }).optional(),
  ),
});

/** 忘记密码: the code sent to the bound mobile and the new password (its rules are checked by the service). */
export const resetPasswordBody = z.object({
  mobileNumber,
  code: smsCode,
  newPassword: z
    .string({ error: (i) => (i.input === undefined ? '请填写新密码' : '新密码格式不正确') })
    .min(1, '请填写新密码')
    .max(PASSWORD_MAX * 4, '新密码不能超过 64 个字符'),
});

export const refreshBody = z.object({
  refreshToken: z
    .string({ error: (i) => (i.input === undefined ? '缺少刷新令牌，请重新登录' : '刷新令牌格式不正确') })
    // Long enough for any token a client may mix up with it (an access token answers 105 too).
    .max(1024, '刷新令牌格式不正确'),
});

/** 撤销注销: the ticket a sign-in refused with 101008 gave (a signed token), with the sign-in's own choices. */
export const revokeCancellationBody = z.object({
  revokeTicket: text('撤销注销凭证', {
    min: 1,
    max: 1000,
    pattern: /^[\w-]+\.[\w-]+\.[\w-]+$/,
    patternMessage: '撤销注销的凭证无效，请重新登录',
  }),
  remember,
  clientType,
});
