import crypto from 'node:crypto';
import { Code, OPS_BUILTIN_ROLES, STORE_PERMISSIONS, SUPER_ADMIN_ROLE } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { diff } from './audit.ts';
import type { AuditChange } from '../../db/schema/index.ts';
import { STORE_ROLE, type OpsPrincipal } from './operators.service.ts';
import * as repo from './operators.repo.ts';
import type { OperatorRow } from './operators.repo.ts';

/** 超级管理员's screens: operators (create with a one-time password, role, disable) and roles. */

const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** 14 characters a person can read out and type (no 0/O, 1/l/I), from a secure source. */
export function oneTimePassword(): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < 14; i++) out += READABLE[crypto.randomInt(READABLE.length)];
    if (!passwordProblem(out) && /\d/.test(out)) return out;
  }
}

async function roleNames(ctx: AppContext) {
  return new Map((await repo.listRoles(ctx.db)).map((r) => [r.key, r.name]));
}

function present(op: OperatorRow, roles: Map<string, string>) {
  return {
    id: op.id,
    username: op.username,
    displayName: op.displayName,
    role: { key: op.roleKey, name: roles.get(op.roleKey) ?? op.roleKey },
    status: op.status,
    totpEnabled: op.totpEnabled,
    mustChangePassword: op.mustChangePassword,
    lastLoginAt: op.lastLoginAt?.toISOString() ?? null,
    createdAt: op.createdAt.toISOString(),
  };
}

export async function listOperators(ctx: AppContext, q: { keyword?: string; pageNum: number; pageSize: number }) {
  const { list, total } = await repo.pageOperators(ctx.db, q);
  const roles = await roleNames(ctx);
  return { list: list.map((o) => present(o, roles)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** A role an operator can be given: never the store accounts' role (a store gets its account when approved). */
async function ownRole(ctx: AppContext, key: string) {
  if (key === STORE_ROLE) throw badRequest('供应商账号由入驻审核自动创建，不能分配此角色');
  const role = await repo.findRole(ctx.db, key);
  if (!role) throw badRequest('角色不存在');
  return role;
}

/** A new operator with a one-time password, to be changed at the first sign-in. */
export async function createOperator(
  ctx: AppContext,
  input: { username: string; displayName: string; roleKey: string },
) {
  await ownRole(ctx, input.roleKey);
  const password = oneTimePassword();
  const made = await repo.insertOperator(ctx.db, {
    username: input.username,
    displayName: input.displayName,
    roleKey: input.roleKey,
    passwordHash: await hashPassword(password),
    mustChangePassword: true,
  });
  if (!made) throw new AppError(Code.OPS_USERNAME_TAKEN);
  return { operator: present(made, await roleNames(ctx)), oneTimePassword: password };
}

async function target(ctx: AppContext, id: string) {
  const op = await repo.findById(ctx.db, id);
  // Store accounts are the supplier module's (enabled and disabled with their store), not 运营人员.
  if (!op || op.isSystem || op.roleKey === STORE_ROLE) throw notFound('运营账号不存在');
  return op;
}

/** Name, role or state; an operator cannot disable or demote themselves (nobody locks the shop out). */
export async function updateOperator(
  ctx: AppContext,
  me: OpsPrincipal,
  input: { id: string; displayName?: string; roleKey?: string; status?: 'active' | 'disabled' },
): Promise<{ operator: ReturnType<typeof present>; changes: AuditChange[] }> {
  const op = await target(ctx, input.id);
  if (input.roleKey) await ownRole(ctx, input.roleKey);
  if (op.id === me.operatorId && (input.status === 'disabled' || (input.roleKey && input.roleKey !== op.roleKey))) {
    throw badRequest('不能停用自己或修改自己的角色');
  }
  const values = {
    displayName: input.displayName ?? op.displayName,
    roleKey: input.roleKey ?? op.roleKey,
    status: input.status ?? op.status,
  };
  const updated = (await repo.updateOperator(ctx.db, op.id, values))!;
  if (values.status === 'disabled') await repo.revokeSessions(ctx.db, op.id);
  const changes = diff({ displayName: op.displayName, roleKey: op.roleKey, status: op.status }, { ...values });
  return { operator: present(updated, await roleNames(ctx)), changes };
}

/** A new one-time password; every session of that operator ends. */
export async function resetPassword(ctx: AppContext, id: string) {
  const op = await target(ctx, id);
  const password = oneTimePassword();
  await repo.updateOperator(ctx.db, op.id, { passwordHash: await hashPassword(password), mustChangePassword: true });
  await repo.revokeSessions(ctx.db, op.id);
  return { username: op.username, oneTimePassword: password };
}

/* ---- roles ---- */

export async function listRoles(ctx: AppContext) {
  const [roles, { list }] = await Promise.all([
    repo.listRoles(ctx.db),
    repo.pageOperators(ctx.db, { pageNum: 1, pageSize: 10_000 }),
  ]);
  return roles.filter((r) => r.key !== STORE_ROLE).map((r) => ({
    key: r.key,
    name: r.name,
    builtin: r.builtin,
    permissions: r.key === SUPER_ADMIN_ROLE ? [...OPS_BUILTIN_ROLES.super_admin.permissions] : r.permissions,
    editable: r.key !== SUPER_ADMIN_ROLE,
    operatorCount: list.filter((o) => o.roleKey === r.key).length,
  }));
}

/** Creates a role (no key) or changes one's name and permissions; 超级管理员 always holds all. */
export async function saveRole(ctx: AppContext, input: { key?: string; name: string; permissions: string[] }) {
  if (input.key === SUPER_ADMIN_ROLE) throw badRequest('超级管理员拥有全部权限，不能修改');
  if (input.key === STORE_ROLE) throw badRequest('供应商角色由系统维护，不能修改');
  if (input.permissions.some((p) => (STORE_PERMISSIONS as readonly string[]).includes(p))) {
    throw badRequest('本店商品、本店订单权限只属于供应商账号，不能分配给运营角色');
  }
  const before = input.key ? await ownRole(ctx, input.key) : undefined;
  const key = input.key ?? `role_${crypto.randomBytes(4).toString('hex')}`;
  const taken = (await repo.listRoles(ctx.db)).find((r) => r.name === input.name && r.key !== key);
  if (taken) throw badRequest('角色名称已存在');
  const saved = await repo.upsertRole(ctx.db, { key, name: input.name, permissions: [...new Set(input.permissions)] });
  return {
    role: { key: saved.key, name: saved.name, permissions: saved.permissions },
    changes: diff(
      { name: before?.name ?? null, permissions: before?.permissions ?? null },
      { name: saved.name, permissions: saved.permissions },
    ),
  };
}
