/**
 * The permission matrix: every /ops endpoint, tried with no operator, with each built-in role and
 * with the system operator (X-Ops-Token). A role without the endpoint's permission gets 403 and
 * nothing else; a role with it gets past the guard (a reply other than 403/106/105). A store's console
 * account reaches its own corner (store:*) and its own account, nothing else; no shop
 * operator, not even the system operator, reaches the store corner.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, OPS_BUILTIN_ROLES, STORE_PERMISSIONS, type OpsPermission } from '@mall/shared';
import {
  startTestServer,
  type TestServer,
  asOps,
  bearer,
  makeOperator,
  type TestOperator,
} from '../../test/kit/index.ts';
import { guarded, opsRouteTable, type OpsRouteInfo } from './guard.ts';
import { makeStore, storeToken } from '../supplier/ops-store.fixtures.ts';

const OPS_TOKEN = 'ops-token-for-permission-tests-0123456789';
let server: TestServer;
const byRole = new Map<string, TestOperator>();
const SHOP_ROLES = Object.keys(OPS_BUILTIN_ROLES).filter((r) => r !== 'supplier');
const isStore = (p: string) => (STORE_PERMISSIONS as readonly string[]).includes(p);
let storeAccount: string;
let routes: OpsRouteInfo[];

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  for (const role of SHOP_ROLES) byRole.set(role, await makeOperator(server.api, OPS_TOKEN, role));
  storeAccount = await storeToken(server, await makeStore(server));
  // Signing out would end the session the rest of the matrix uses: it is tried last, on its own.
  routes = opsRouteTable().filter((r) => r.permission !== 'public' && r.url !== '/ops/auth/logout');
  // six accounts, each with several scrypt hashes: minutes on a busy 2-core machine
}, 600_000);
afterAll(() => server?.close());

const call = (r: OpsRouteInfo, headers: Record<string, string>) =>
  r.method === 'GET' ? server.api.get(r.url, { headers }) : server.api.post(r.url, { json: {}, headers });

describe('permission matrix', () => {
  it('knows the console’s endpoints', () => {
    const urls = opsRouteTable().map((r) => r.url);
    for (const url of [
      '/ops/order/ship',
      '/ops/afterSale/refund',
      '/ops/review/hide',
      '/ops/review/reply',
      '/ops/operator/create',
      '/ops/audit/page',
      '/ops/auth/login',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('refuses every endpoint but sign-in without an operator', async () => {
    for (const r of routes) {
      const res = await call(r, {});
      expect(res.code, `${r.method} ${r.url}`).toBe(Code.NOT_SIGNED_IN);
    }
  });

  it.each(SHOP_ROLES)('lets %s reach exactly the endpoints of its permissions', async (role) => {
    const op = byRole.get(role)!;
    const granted = new Set<string>(OPS_BUILTIN_ROLES[role as keyof typeof OPS_BUILTIN_ROLES].permissions);
    for (const r of routes) {
      const res = await call(r, bearer(op.token).headers!);
      const allowed = r.permission === 'signedIn' || (granted.has(r.permission as OpsPermission) && !isStore(r.permission));
      const where = `${role}: ${r.method} ${r.url} (${r.permission}) → ${res.code} ${res.message}`;
      if (allowed) expect([Code.FORBIDDEN, Code.NOT_SIGNED_IN, Code.SESSION_OVER], where).not.toContain(res.code);
      else expect(res.code, where).toBe(Code.FORBIDDEN);
    }
  });

  it('lets a store account reach its own corner and its own account, and nothing else', async () => {
    expect(routes.filter((r) => isStore(r.permission)).length).toBeGreaterThan(0);
    for (const r of routes) {
      const res = await call(r, bearer(storeAccount).headers!);
      const where = `store: ${r.method} ${r.url} (${r.permission}) → ${res.code} ${res.message}`;
      if (r.permission === 'signedIn' || isStore(r.permission)) {
        expect([Code.FORBIDDEN, Code.NOT_SIGNED_IN, Code.SESSION_OVER], where).not.toContain(res.code);
      } else {
        expect(res.code, where).toBe(Code.FORBIDDEN);
        expect(res.message, where).toBe('无权访问');
      }
    }
  }, 300_000);

  it('lets the system operator of X-Ops-Token reach every shop endpoint, and refuses a wrong token', async () => {
    for (const r of routes.filter((x) => x.permission !== 'signedIn')) {
      const res = await call(r, asOps(OPS_TOKEN).headers!);
      if (isStore(r.permission)) {
        expect(res.code, `${r.method} ${r.url}`).toBe(Code.FORBIDDEN);
        continue;
      }
      expect([Code.FORBIDDEN, Code.NOT_SIGNED_IN], `${r.method} ${r.url}`).not.toContain(res.code);
      expect((await call(r, asOps('wrong-token-wrong-token-wrong-token').headers!)).code).toBe(Code.FORBIDDEN);
    }
  });

  it('signs an operator out (the session then answers 105)', async () => {
    const op = byRole.get('finance')!;
    expect((await server.api.post('/ops/auth/logout', { json: {}, ...bearer(op.token) })).code).toBe(0);
    expect((await server.api.get('/ops/auth/me', bearer(op.token))).code).toBe(Code.SESSION_OVER);
  });

  it('refuses to start with an /ops endpoint that declares no permission', async () => {
    const app = Fastify();
    await expect(
      app
        .register(
          guarded(async (scope) => {
            scope.get('/ops/forgotten', async () => 'x');
          }),
        )
        .ready(),
    ).rejects.toThrow(/declares the permission/);
  });
});
