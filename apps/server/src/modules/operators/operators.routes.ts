import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { userAgent } from '../../lib/client-info.ts';
import { parse } from '../../lib/validation.ts';
import { audit, operatorOf } from './guard.ts';
import { recordAudit, auditPage } from './audit.ts';
import * as manage from './manage.ts';
import * as operators from './operators.service.ts';
import * as s from './operators.schema.ts';

/** The console's own calls: signing in and out, the operator's account, operators, roles, the audit log. */
export async function operatorRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/ops/auth/login', { config: { permission: 'public' } }, async (req) => {
    const result = await operators.login(ctx, parse(s.loginBody, req.body), { ip: req.ip, userAgent: userAgent(req) });
    await recordAudit(
      ctx.db,
      { operatorId: result.operator.id, operatorName: result.operator.username, ip: req.ip },
      { action: 'auth.login', objectType: 'operator', objectId: result.operator.username },
    );
    req.audited = true;
    return ok(result, '登录成功');
  });

  app.post('/ops/auth/supplier-login', { config: { permission: 'public' } }, async (req) => {
    const body = parse(s.supplierLoginBody, req.body);
    const result = await operators.supplierLogin(ctx, body, { ip: req.ip, userAgent: userAgent(req) });
    await recordAudit(
      ctx.db,
      { operatorId: result.operator.id, operatorName: result.operator.username, ip: req.ip },
      { action: 'auth.supplierLogin', objectType: 'store', objectId: result.operator.store?.id ?? null },
    );
    req.audited = true;
    return ok(result, '登录成功');
  });

  app.get('/ops/auth/me', { config: { permission: 'signedIn' } }, async (req) =>
    ok(operators.presentMe(operatorOf(req))),
  );

  app.post('/ops/auth/logout', { config: { permission: 'signedIn' } }, async (req) => {
    await operators.logout(ctx, operatorOf(req));
    await audit(req, { action: 'auth.logout', objectType: 'operator', objectId: operatorOf(req).username });
    return ok(null, '已退出登录');
  });

  app.post('/ops/auth/password', { config: { permission: 'signedIn' } }, async (req) => {
    const result = await operators.changePassword(ctx, operatorOf(req), parse(s.passwordBody, req.body));
    await audit(req, { action: 'auth.password', objectType: 'operator', objectId: operatorOf(req).username });
    return ok(result, '密码已修改');
  });

  app.get('/ops/auth/sessions', { config: { permission: 'signedIn' } }, async (req) =>
    ok(await operators.sessions(ctx, operatorOf(req))),
  );

  app.post('/ops/auth/sessions/revoke', { config: { permission: 'signedIn' } }, async (req) => {
    const { sessionId } = parse(s.sessionBody, req.body);
    await operators.revokeSession(ctx, operatorOf(req), sessionId);
    await audit(req, { action: 'auth.revokeSession', objectType: 'session', objectId: sessionId });
    return ok(null, '该会话已下线');
  });

  app.post('/ops/auth/totp/setup', { config: { permission: 'signedIn' } }, async (req) =>
    ok(await operators.setupTotp(ctx, operatorOf(req), parse(s.totpSetupBody, req.body).password)),
  );

  app.post('/ops/auth/totp/enable', { config: { permission: 'signedIn' } }, async (req) => {
    await operators.enableTotp(ctx, operatorOf(req), parse(s.totpBody, req.body).code);
    await audit(req, { action: 'auth.totpEnable', objectType: 'operator', objectId: operatorOf(req).username });
    return ok(null, '已绑定身份验证器');
  });

  app.post('/ops/auth/totp/disable', { config: { permission: 'signedIn' } }, async (req) => {
    await operators.disableTotp(ctx, operatorOf(req), parse(s.totpBody, req.body).code);
    await audit(req, { action: 'auth.totpDisable', objectType: 'operator', objectId: operatorOf(req).username });
    return ok(null, '已解绑身份验证器');
  });

  /* ---- operators and roles (超级管理员) ---- */

  app.get('/ops/operator/list', { config: { permission: 'operator:manage' } }, async (req) =>
    ok(await manage.listOperators(ctx, parse(s.operatorPageQuery, req.query))),
  );

  app.post('/ops/operator/create', { config: { permission: 'operator:manage' } }, async (req) => {
    const body = parse(s.createOperatorBody, req.body);
    const made = await manage.createOperator(ctx, body);
    await audit(req, {
      action: 'operator.create',
      objectType: 'operator',
      objectId: body.username,
      changes: [{ field: 'roleKey', before: null, after: body.roleKey }],
    });
    return ok(made, '已创建运营账号，请把一次性密码告知本人，首次登录须修改');
  });

  app.post('/ops/operator/update', { config: { permission: 'operator:manage' } }, async (req) => {
    const { operator, changes } = await manage.updateOperator(
      ctx,
      operatorOf(req),
      parse(s.updateOperatorBody, req.body),
    );
    await audit(req, { action: 'operator.update', objectType: 'operator', objectId: operator.username, changes });
    return ok(operator, '已保存');
  });

  app.post('/ops/operator/resetPassword', { config: { permission: 'operator:manage' } }, async (req) => {
    const result = await manage.resetPassword(ctx, parse(s.operatorIdBody, req.body).id);
    await audit(req, { action: 'operator.resetPassword', objectType: 'operator', objectId: result.username });
    return ok(result, '已重置密码，该账号的所有登录已失效');
  });

  app.get('/ops/role/list', { config: { permission: 'operator:manage' } }, async () => ok(await manage.listRoles(ctx)));

  app.post('/ops/role/save', { config: { permission: 'operator:manage' } }, async (req) => {
    const { role, changes } = await manage.saveRole(ctx, parse(s.roleBody, req.body));
    await audit(req, { action: 'role.save', objectType: 'role', objectId: role.key, changes });
    return ok(role, '角色已保存');
  });

  /* ---- audit log ---- */

  app.get('/ops/audit/page', { config: { permission: 'audit:view' } }, async (req) => {
    const q = parse(s.auditQuery, req.query);
    return ok(
      await auditPage(ctx, {
        ...q,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      }),
    );
  });
}
