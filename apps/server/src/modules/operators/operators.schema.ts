import { z } from 'zod';
import { ALL_OPS_PERMISSIONS, PASSWORD_MAX } from '@mall/shared';
import { enumOf, pageQuery, text } from '../../lib/validation.ts';
import { UUID_PATTERN } from '../../lib/ids.ts';

const password = (label: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `请填写${label}` : `${label}格式不正确`) })
    .min(1, `请填写${label}`)
    .max(PASSWORD_MAX * 4, `${label}不能超过 ${PASSWORD_MAX} 个字符`);
const totpCode = text('动态验证码', { min: 1, max: 6, pattern: /^\d{6}$/, patternMessage: '动态验证码为 6 位数字' });
const id = (label: string) =>
  text(label, { min: 1, max: 36, pattern: UUID_PATTERN, patternMessage: `${label}格式不正确` });

export const USERNAME = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;
export const username = text('账号', {
  min: 1,
  max: 32,
  pattern: USERNAME,
  patternMessage: '账号以字母开头，3–32 位字母、数字、下划线、点或连字符',
});
const displayName = text('姓名', {
  min: 1,
  max: 20,
  pattern: /^[\p{L}\p{N}_\-·. ]+$/u,
  patternMessage: '姓名只能包含文字、数字、空格、下划线、连字符和点',
});
const roleKey = text('角色', { min: 1, max: 32, pattern: /^[a-z][a-z0-9_]{1,31}$/, patternMessage: '角色格式不正确' });

export const loginBody = z.object({
  username: text('账号', { min: 1, max: 64 }),
  password: password('密码'),
  totpCode: totpCode.optional(),
});
/** A supplier's console sign-in: the member account's username or mobile and its password. */
export const supplierLoginBody = z.object({
  account: text('账号', { min: 1, max: 64 }),
  password: password('密码'),
});
export const passwordBody = z.object({ oldPassword: password('当前密码'), newPassword: password('新密码') });
export const sessionBody = z.object({ sessionId: id('会话') });
export const totpBody = z.object({ code: totpCode });
/** Binding an authenticator asks the current password again: a borrowed session alone cannot bind one. */
export const totpSetupBody = z.object({ password: password('当前密码') });

export const operatorPageQuery = z.object({ ...pageQuery, keyword: text('搜索关键词', { max: 32 }).optional() });
export const createOperatorBody = z.object({ username, displayName, roleKey });
export const updateOperatorBody = z.object({
  id: id('运营账号'),
  displayName: displayName.optional(),
  roleKey: roleKey.optional(),
  status: enumOf('状态', ['active', 'disabled'] as const).optional(),
});
export const operatorIdBody = z.object({ id: id('运营账号') });

export const roleBody = z.object({
  key: roleKey.optional(),
  name: text('角色名称', { min: 1, max: 20 }),
  permissions: z
    .array(enumOf('权限', ALL_OPS_PERMISSIONS as unknown as [string, ...string[]]), { error: '权限格式不正确' })
    .max(ALL_OPS_PERMISSIONS.length, '权限格式不正确'),
});
export const roleKeyBody = z.object({ key: roleKey });

export const auditQuery = z.object({
  ...pageQuery,
  operator: text('操作人', { max: 32 }).optional(),
  action: text('操作', { max: 64 }).optional(),
  objectType: text('对象类型', { max: 32 }).optional(),
  objectId: text('对象', { max: 64 }).optional(),
  from: z.iso.datetime({ offset: true, error: '开始时间格式不正确' }).optional(),
  to: z.iso.datetime({ offset: true, error: '结束时间格式不正确' }).optional(),
});
