import crypto from 'node:crypto';
import {
  ALL_OPS_PERMISSIONS,
  Code,
  OPS_BUILTIN_ROLES,
  SHOP_OPS_PERMISSIONS,
  STORE_PERMISSIONS,
  SUPER_ADMIN_ROLE,
  type OpsLoginResult,
  type OpsMe,
  type OpsPermission,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { lockedError, lockTimeLeft } from '../../lib/lockout.ts';
import { openText, sealText } from '../../lib/secrets.ts';
import { describeDevice, maskIp } from '../../lib/device.ts';
import { checkMemberPassword } from '../accounts/accounts.service.ts';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import * as repo from './operators.repo.ts';
import type { OperatorRow, OpsRoleRow } from './operators.repo.ts';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp.ts';

/** Who is calling an /ops endpoint: a signed-in operator, or the system operator of X-Ops-Token. */
export interface OpsPrincipal {
  operatorId: string;
  username: string;
  displayName: string;
  roleKey: string;
  roleName: string;
  permissions: ReadonlySet<OpsPermission>;
  /** null for the system operator (no session). */
  sessionId: string | null;
  system: boolean;
  mustChangePassword: boolean;
  /** A 超级管理员 in production without an authenticator: only /ops/auth/* until one is bound. */
  mustEnableTotp: boolean;
  totpEnabled: boolean;
  /** A store's console account: the one store it acts for (its goods and orders, nothing else). */
  store: { id: string; name: string } | null;
}

export interface OpsClient {
  ip: string | null;
  userAgent: string | null;
}

const SESSION_TTL_MS = 12 * 3600_000;
const SESSION_IDLE_MS = 2 * 3600_000;
const TOUCH_EVERY_MS = 60_000;
const TOTP_ISSUER = '优选商城管理后台';

const KNOWN = new Set<string>(SHOP_OPS_PERMISSIONS);
const STORE_ONLY = new Set<string>(STORE_PERMISSIONS);
/** The built-in role of every store's console account. */
export const STORE_ROLE = 'supplier';
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const totpBinding = (operatorId: string) => `ops-totp:${operatorId}`;

/* ---- start-up ---- */

/** The built-in roles (kept as an operator edited them) and the system operator of X-Ops-Token. */
export async function ensureBuiltins(db: DbOrTx) {
  await repo.insertRolesIfMissing(
    db,
    Object.entries(OPS_BUILTIN_ROLES).map(([key, role]) => ({ key, name: role.name, permissions: [...role.permissions] })),
  );
  if (!(await repo.findSystem(db))) {
    await repo.insertOperator(db, {
      username: 'system',
      displayName: '系统（运营令牌）',
      passwordHash: '!',
      roleKey: SUPER_ADMIN_ROLE,
      isSystem: true,
    });
  }
}

/**
 * A store's console account, made inside the supplier approval transaction: an operator of
 * the built-in role `supplier` named `store_<8 hex>`, with no password of its own ('!' matches none):
 * the store's owner signs in through /ops/auth/supplier-login with the member's own credentials.
 */
export async function createStoreAccount(tx: DbOrTx, input: { storeName: string }): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const made = await repo.insertOperator(tx, {
      username: `store_${crypto.randomBytes(4).toString('hex')}`,
      displayName: input.storeName,
      passwordHash: '!',
      roleKey: STORE_ROLE,
    });
    if (made) return made.id;
  }
  throw new AppError(Code.SERVER_ERROR);
}

/** The demo operator (development data only); false when it already exists. */
export async function ensureDemoOperator(db: DbOrTx, username: string, password: string): Promise<boolean> {
  if (await repo.findByUsername(db, username)) return false;
  const made = await repo.insertOperator(db, {
    username,
    displayName: '演示管理员',
    passwordHash: await hashPassword(password),
    roleKey: SUPER_ADMIN_ROLE,
  });
  return Boolean(made);
}

/* ---- principals ---- */

function principalOf(
  ctx: AppContext,
  op: OperatorRow,
  role: OpsRoleRow | null | undefined,
  sessionId: string | null,
  store: { id: string; name: string } | null = null,
): OpsPrincipal {
  // A store account holds only the store permissions, and only with its store; nobody else ever does.
  const permissions =
    op.roleKey === STORE_ROLE
      ? store
        ? ((role?.permissions ?? []).filter((p) => STORE_ONLY.has(p)) as OpsPermission[])
        : []
      : op.roleKey === SUPER_ADMIN_ROLE
        ? SHOP_OPS_PERMISSIONS
        : ((role?.permissions ?? []).filter((p) => KNOWN.has(p)) as OpsPermission[]);
  return {
    operatorId: op.id,
    username: op.username,
    displayName: op.displayName,
    roleKey: op.roleKey,
    roleName: role?.name ?? op.roleKey,
    permissions: new Set(permissions),
    sessionId,
    system: op.isSystem,
    mustChangePassword: op.mustChangePassword,
    mustEnableTotp:
      ctx.config.NODE_ENV === 'production' && op.roleKey === SUPER_ADMIN_ROLE && !op.totpEnabled && !op.isSystem,
    totpEnabled: op.totpEnabled,
    store,
  };
}

/** The live store of a store account: its store disabled or its owner disabled ends the account's access. */
async function liveStoreOf(ctx: AppContext, op: OperatorRow) {
  if (op.roleKey !== STORE_ROLE) return null;
  const store = await repo.storeOfOperator(ctx.db, op.id);
  if (!store || store.status !== 'ACTIVE' || !store.memberActive) {
    throw new AppError(Code.MEMBER_DISABLED, '店铺已停用，请联系平台');
  }
  return { id: store.id, name: store.name };
}

export async function systemPrincipal(ctx: AppContext): Promise<OpsPrincipal> {
  const found = await repo.findSystemWithRole(ctx.db);
  if (!found) throw new AppError(Code.SERVER_ERROR);
  return principalOf(ctx, found.operator, found.role, null);
}

/** A console token against its live session: 105 when over, 107 when the operator is disabled. */
export async function authenticate(ctx: AppContext, token: string): Promise<OpsPrincipal> {
  const found = await repo.findSessionWithOperator(ctx.db, hashToken(token));
  const now = Date.now();
  if (
    !found ||
    found.session.revokedAt ||
    found.session.expiresAt.getTime() <= now ||
    found.session.lastActiveAt.getTime() + SESSION_IDLE_MS <= now ||
    found.operator.isSystem
  ) {
    throw new AppError(Code.SESSION_OVER, '登录已失效，请重新登录');
  }
  const { session, operator, role } = found;
  if (operator.status !== 'active') throw new AppError(Code.MEMBER_DISABLED, '该运营账号已被停用');
  const store = await liveStoreOf(ctx, operator);
  if (now - session.lastActiveAt.getTime() > TOUCH_EVERY_MS) await repo.touchSession(ctx.db, session.id);
  return principalOf(ctx, operator, role, session.id, store);
}

export function presentMe(p: OpsPrincipal): OpsMe {
  return {
    id: p.operatorId,
    username: p.username,
    displayName: p.displayName,
    role: { key: p.roleKey, name: p.roleName },
    permissions: ALL_OPS_PERMISSIONS.filter((x) => p.permissions.has(x)),
    totpEnabled: p.totpEnabled,
    mustChangePassword: p.mustChangePassword,
    store: p.store,
  };
}

/* ---- signing in and out ---- */

async function checkTotp(ctx: AppContext, op: OperatorRow, code: string): Promise<boolean> {
  if (!op.totpSecret) return false;
  const step = matchTotp(openText(ctx.secrets, totpBinding(op.id), op.totpSecret), code, {
    lastUsedStep: op.totpLastStep,
  });
  return step !== undefined && (await repo.useTotpStep(ctx.db, op.id, step));
}

/* ---- secrets, counted wherever they are asked ---- */

const operatorKey = (operatorId: string) => `op:${operatorId}`;

/** An attempt at a secret counts before it is checked; refused at once while the account is locked. */
async function countAttempt(ctx: AppContext, key: string) {
  const lockedMs = await ctx.db.transaction(async (tx) => {
    await repo.lockLoginKey(tx, key);
    const left = lockTimeLeft(await repo.recentFailures(tx, key));
    if (left === 0) await repo.recordFailure(tx, key);
    return left;
  });
  if (lockedMs > 0) throw lockedError(lockedMs);
}

/** A wrong answer: the lockout's message once this failure locked the account, else the error. */
async function refusal(ctx: AppContext, key: string, error: AppError): Promise<never> {
  const left = lockTimeLeft(await repo.recentFailures(ctx.db, key));
  throw left > 0 ? lockedError(left) : error;
}

/**
 * A secret of the operator's own (the current password at 修改密码, the authenticator's code at 绑定 and
 * 解绑) counted with sign-in's failures: the fifth wrong one within 15 minutes locks the account, sign-in
 * included; a right one clears them.
 */
async function checkOwnSecret(ctx: AppContext, operatorId: string, check: () => Promise<boolean>, wrong: AppError) {
  const key = operatorKey(operatorId);
  await countAttempt(ctx, key);
  if (!(await check())) return refusal(ctx, key, wrong);
  await repo.clearFailures(ctx.db, key);
}

/**
 * Username + password (+ the authenticator's code when bound). Every wrong password or code counts
 * toward the lockout before it is checked, as for members; an unknown name answers like a wrong password.
 */
export async function login(
  ctx: AppContext,
  input: { username: string; password: string; totpCode?: string },
  client: OpsClient,
): Promise<OpsLoginResult> {
  const found = await repo.findByUsername(ctx.db, input.username);
  const op = found && !found.isSystem ? found : undefined;
  const key = op ? operatorKey(op.id) : `name:${input.username.toLowerCase()}`;
  await countAttempt(ctx, key);
  const passwordOk = op
    ? await verifyPassword(input.password, op.passwordHash)
    : await burnPasswordCheck(input.password);
  const refuse = (error: AppError) => refusal(ctx, key, error);
  if (!op || !passwordOk) return refuse(new AppError(Code.BAD_CREDENTIALS));
  if (op.totpEnabled) {
    if (!input.totpCode) {
      await repo.clearFailures(ctx.db, key); // the password was right: asking for the code is no failure
      throw new AppError(Code.OPS_TOTP_REQUIRED);
    }
    if (!(await checkTotp(ctx, op, input.totpCode))) return refuse(new AppError(Code.OPS_TOTP_WRONG));
  }
  await repo.clearFailures(ctx.db, key);
  if (op.status !== 'active') throw new AppError(Code.MEMBER_DISABLED, '该运营账号已被停用');
  return openSession(ctx, op, client, null);
}

/** A new console session of `op` (signed in as an operator, or as the supplier of `store`). */
async function openSession(
  ctx: AppContext,
  op: OperatorRow,
  client: OpsClient,
  store: { id: string; name: string } | null,
): Promise<OpsLoginResult> {
  const token = `ops_${crypto.randomBytes(32).toString('base64url')}`;
  const session = await repo.insertSession(ctx.db, {
    operatorId: op.id,
    tokenHash: hashToken(token),
    ip: client.ip,
    userAgent: client.userAgent,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  await repo.updateOperator(ctx.db, op.id, { lastLoginAt: new Date() });
  const role = await repo.findRole(ctx.db, op.roleKey);
  return { token, operator: presentMe(principalOf(ctx, op, role, session.id, store)) };
}

/**
 * A supplier signs in to the console with the member account that owns the store (username or
 * mobile, the member's password and lockout) and gets a session of the store's console account.
 * No authenticator: the member account is the one the supplier already protects.
 */
/**
 * The member who owns a store ended their sessions (a new or reset password, 下线其他设备, disabled): the
 * store's console sessions end too, since whoever knew the old password may hold one.
 */
export async function endStoreConsoleSessions(tx: DbOrTx, memberId: string): Promise<number> {
  const store = await repo.storeOfMember(tx, memberId);
  return store ? repo.revokeSessions(tx, store.operatorId) : 0;
}

export async function supplierLogin(
  ctx: AppContext,
  input: { account: string; password: string },
  client: OpsClient,
): Promise<OpsLoginResult> {
  const memberId = await checkMemberPassword(ctx, input.account, input.password);
  const store = await repo.storeOfMember(ctx.db, memberId);
  if (!store || store.status !== 'ACTIVE') throw new AppError(Code.NOT_A_SUPPLIER);
  const op = await repo.findById(ctx.db, store.operatorId);
  if (!op || op.roleKey !== STORE_ROLE || op.status !== 'active') throw new AppError(Code.NOT_A_SUPPLIER);
  return openSession(ctx, op, client, { id: store.id, name: store.name });
}

export async function logout(ctx: AppContext, p: OpsPrincipal) {
  if (p.sessionId) await repo.revokeSessions(ctx.db, p.operatorId, { id: p.sessionId });
}

export async function sessions(ctx: AppContext, p: OpsPrincipal) {
  const list = await repo.liveSessionsOf(ctx.db, p.operatorId);
  return list.map((s) => ({
    id: s.id,
    ip: maskIp(s.ip),
    device: describeDevice(s.userAgent),
    createdAt: s.createdAt.toISOString(),
    lastActiveAt: s.lastActiveAt.toISOString(),
    current: s.id === p.sessionId,
  }));
}

export async function revokeSession(ctx: AppContext, p: OpsPrincipal, sessionId: string) {
  if (sessionId === p.sessionId) throw badRequest('不能下线当前会话，请使用退出登录');
  if (!(await repo.revokeSessions(ctx.db, p.operatorId, { id: sessionId }))) throw notFound('会话不存在或已下线');
}

/** A new password of the operator's own: the old one checked, every other session signed out. */
export async function changePassword(
  ctx: AppContext,
  p: OpsPrincipal,
  input: { oldPassword: string; newPassword: string },
) {
  if (p.store) throw badRequest('供应商账号的密码即会员账号的密码，请在商城的账号设置中修改');
  const op = await repo.findById(ctx.db, p.operatorId);
  if (!op) throw notFound('运营账号不存在');
  await checkOwnSecret(ctx, op.id, () => verifyPassword(input.oldPassword, op.passwordHash), new AppError(Code.WRONG_PASSWORD, '当前密码错误'));
  const problem = passwordProblem(input.newPassword);
  if (problem) throw new AppError(Code.WEAK_PASSWORD, problem);
  if (input.newPassword === input.oldPassword) throw new AppError(Code.WEAK_PASSWORD, '新密码不能与当前密码相同');
  await repo.updateOperator(ctx.db, op.id, {
    passwordHash: await hashPassword(input.newPassword),
    mustChangePassword: false,
  });
  return { signedOutSessions: await repo.revokeSessions(ctx.db, op.id, { except: p.sessionId ?? undefined }) };
}

/* ---- two-step sign-in ---- */

/** A new secret to bind, once the current password is given again (counted, as at sign-in). */
export async function setupTotp(ctx: AppContext, p: OpsPrincipal, password: string) {
  const op = await repo.findById(ctx.db, p.operatorId);
  if (!op) throw notFound('运营账号不存在');
  if (p.store) throw badRequest('供应商账号使用会员账号登录，无需绑定身份验证器');
  if (op.totpEnabled) throw badRequest('已绑定身份验证器，如需更换请先解绑');
  await checkOwnSecret(ctx, op.id, () => verifyPassword(password, op.passwordHash), new AppError(Code.WRONG_PASSWORD, '当前密码错误'));
  const secret = newTotpSecret();
  await repo.updateOperator(ctx.db, op.id, {
    totpSecret: sealText(ctx.secrets, totpBinding(op.id), secret),
    totpLastStep: null,
  });
  return { secret, otpauthUrl: otpauthUrl(TOTP_ISSUER, op.username, secret) };
}

export async function enableTotp(ctx: AppContext, p: OpsPrincipal, code: string) {
  const op = await repo.findById(ctx.db, p.operatorId);
  if (!op?.totpSecret || op.totpEnabled) throw badRequest('请先获取新的绑定二维码');
  await checkOwnSecret(ctx, op.id, () => checkTotp(ctx, op, code), new AppError(Code.OPS_TOTP_WRONG));
  await repo.updateOperator(ctx.db, op.id, { totpEnabled: true });
}

export async function disableTotp(ctx: AppContext, p: OpsPrincipal, code: string) {
  const op = await repo.findById(ctx.db, p.operatorId);
  if (!op?.totpEnabled) throw badRequest('尚未绑定身份验证器');
  if (ctx.config.NODE_ENV === 'production' && op.roleKey === SUPER_ADMIN_ROLE) {
    throw badRequest('超级管理员必须使用身份验证器，不能解绑');
  }
  await checkOwnSecret(ctx, op.id, () => checkTotp(ctx, op, code), new AppError(Code.OPS_TOTP_WRONG));
  await repo.updateOperator(ctx.db, op.id, { totpEnabled: false, totpSecret: null, totpLastStep: null });
}
