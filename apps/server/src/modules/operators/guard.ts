import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Code, type OpsPermission } from '@mall/shared';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditEntry } from './audit.ts';
import { authenticate, systemPrincipal, type OpsPrincipal } from './operators.service.ts';
import { OPS_TOKEN_HEADER, opsToken } from './ops-token.ts';

/**
 * The one guard of every /ops endpoint. Each route declares what it needs in its config:
 * a permission of packages/shared/src/ops.ts, 'signedIn' (any operator: their own account), or
 * 'public' (signing in). A route without one is refused at start-up. Callers are a console session
 * (`Authorization: Bearer <token>`) or scripts with `X-Ops-Token` acting as the system operator.
 */
export type OpsAccess = OpsPermission | 'signedIn' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: OpsAccess;
  }
  interface FastifyRequest {
    operator?: OpsPrincipal;
    /** Set when the handler wrote its own audit entry. */
    audited?: boolean;
  }
}

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

async function principal(req: FastifyRequest): Promise<OpsPrincipal | undefined> {
  const ctx = req.server.ctx;
  const given = req.headers[OPS_TOKEN_HEADER];
  if (typeof given === 'string' && given) {
    if (!crypto.timingSafeEqual(digest(given), digest(opsToken(ctx.config)))) {
      throw new AppError(Code.FORBIDDEN, '运营令牌不正确');
    }
    return systemPrincipal(ctx);
  }
  const header = req.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
  return header ? authenticate(ctx, header) : undefined;
}

export async function opsGuard(req: FastifyRequest) {
  const access = req.routeOptions.config.permission;
  if (access === 'public') return;
  const who = await principal(req);
  if (!who) throw new AppError(Code.NOT_SIGNED_IN, '请先登录管理后台');
  req.operator = who;
  if (access === 'signedIn') return;
  if (who.mustChangePassword) throw new AppError(Code.OPS_PASSWORD_CHANGE_REQUIRED);
  if (who.mustEnableTotp) throw new AppError(Code.OPS_TOTP_REQUIRED, '超级管理员须先绑定身份验证器');
  if (!access || !who.permissions.has(access)) throw new AppError(Code.FORBIDDEN, '无权访问');
  // A store permission acts for the caller's own store: without one there is nothing it may touch.
  if (access.startsWith('store:') && !who.store) throw new AppError(Code.FORBIDDEN, '无权访问');
}

export function operatorOf(req: FastifyRequest): OpsPrincipal {
  if (!req.operator) throw new AppError(Code.NOT_SIGNED_IN, '请先登录管理后台');
  return req.operator;
}

/** Writes an audit entry for this request's operator (in `db`, the handler's transaction if any). */
export async function audit(req: FastifyRequest, entry: AuditEntry, db = req.server.ctx.db) {
  const who = operatorOf(req);
  await recordAudit(db, { operatorId: who.operatorId, operatorName: who.username, ip: req.ip }, entry);
  req.audited = true;
}

const OBJECT_KEYS = ['orderNo', 'afterSaleNo', 'goodsId', 'skuId', 'id', 'username', 'key', 'memberId'];

/**
 * Every successful write is in the log: a write whose handler recorded nothing gets an entry naming
 * the endpoint and its object, so forgetting `audit(...)` loses the detail, never the fact.
 */
async function auditWrites(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (req.method === 'GET' || req.method === 'HEAD' || req.audited || !req.operator) return payload;
  if (reply.statusCode !== 200 || typeof payload !== 'string' || !payload.startsWith('{"code":0,')) return payload;
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
  const key = OBJECT_KEYS.find((k) => typeof body[k] === 'string' || typeof body[k] === 'number');
  const url = req.routeOptions.url ?? req.url;
  await audit(req, {
    action: url.replace(/^\/ops\//, ''),
    objectType: url.split('/')[2] ?? 'ops',
    objectId: key ? (body[key] as string | number) : null,
    reason: typeof body.reason === 'string' ? body.reason : null,
  });
  return payload;
}

export interface OpsRouteInfo {
  method: string;
  url: string;
  permission: OpsAccess;
}
const routeTable = new Map<string, OpsRouteInfo>();

/** Every guarded endpoint with what it needs (the permission matrix test walks it). */
export const opsRouteTable = (): OpsRouteInfo[] => [...routeTable.values()];

/** Registers `routes` behind the guard; every route must say what it needs. */
export function guarded(routes: (app: FastifyInstance) => Promise<void>) {
  return async function opsScope(app: FastifyInstance) {
    app.addHook('onRoute', (route: RouteOptions) => {
      const permission = route.config?.permission;
      if (!permission) {
        throw new Error(`${String(route.method)} ${route.url}: every /ops endpoint declares the permission it needs`);
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routeTable.set(`${method} ${route.url}`, { method, url: route.url, permission });
      }
    });
    app.addHook('preHandler', opsGuard);
    app.addHook('onSend', auditWrites);
    await routes(app);
  };
}

/** The store a store endpoint acts for: always the caller's own, never one named in the request. */
export function storeOf(req: FastifyRequest): { id: string; name: string } {
  const store = operatorOf(req).store;
  if (!store) throw new AppError(Code.FORBIDDEN, '无权访问');
  return store;
}
