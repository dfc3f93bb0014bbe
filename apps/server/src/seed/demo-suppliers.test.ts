import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../lib/db.ts';
import { startCatalogServer, type TestServer } from '../test/kit/index.ts';
import { DEMO_SUPPLIER_USERNAME, seedDemoSuppliers } from './demo-suppliers.ts';
import { DEMO_PASSWORD } from './demo.ts';

/**
 * The 供应商入驻 demo data: 「山野茶舍」 approved with three goods on shelf and one in 商品审核, another
 * member's application in 供应商审核, the owner signs in with the demo password; a second start adds nothing.
 */
let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-suppliers-'));
  server = await startCatalogServer(60, { DATA_DIR: dataDir });
}, 180_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => server.running.app.ctx.db;
const counts = async () =>
  (
    await rows<Record<string, number>>(
      db(),
      sql`SELECT (SELECT count(*) FROM members)::int AS members, (SELECT count(*) FROM suppliers)::int AS suppliers,
                 (SELECT count(*) FROM supplier_applications)::int AS applications,
                 (SELECT count(*) FROM goods WHERE supplier_id IS NOT NULL)::int AS goods,
                 (SELECT count(*) FROM operators)::int AS operators`,
    )
  )[0]!;

describe('demo suppliers', () => {
  it('makes the store, its goods and a waiting application, quickly, once', async () => {
    const said: string[] = [];
    const started = Date.now();
    await seedDemoSuppliers(server.running.app.ctx, DEMO_PASSWORD, (m) => said.push(m));
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(said.join()).toContain('山野茶舍');

    const [store] = await rows<{ id: string; store_name: string; status: string; username: string; roles: string[] }>(
      db(),
      sql`SELECT s.id, s.store_name, s.status, m.username, m.roles FROM suppliers s JOIN members m ON m.id = s.member_id`,
    );
    expect(store).toMatchObject({ store_name: '山野茶舍', status: 'ACTIVE', username: DEMO_SUPPLIER_USERNAME });
    expect(store!.roles).toContain('supplier');
    const goods = await rows<{ review_status: string; on_shelf: boolean; name: string }>(
      db(),
      sql`SELECT review_status, on_shelf, name FROM goods WHERE supplier_id = ${store!.id} ORDER BY id`,
    );
    expect(goods.map((g) => [g.review_status, g.on_shelf])).toEqual([
      ['APPROVED', true],
      ['APPROVED', true],
      ['APPROVED', true],
      ['PENDING', false],
    ]);
    const apps = await rows<{ status: string; store_name: string }>(
      db(),
      sql`SELECT status, store_name FROM supplier_applications ORDER BY status`,
    );
    expect(apps).toEqual([
      { status: 'APPROVED', store_name: '山野茶舍' },
      { status: 'PENDING', store_name: '竹语手作' },
    ]);

    // The owner signs in as a member with the demo password.
    const login = await server.api.post('/member/user/auth/login/pw', {
      form: { username: DEMO_SUPPLIER_USERNAME, password: DEMO_PASSWORD, remember: false, clientType: 'PC_BROWSER' },
    });
    expect(login.code, login.message).toBe(0);
    const view = await server.api.get('/member/supplier/application', { token: login.data.accessToken });
    expect(view.data).toMatchObject({ status: 'APPROVED', supplier: { storeName: '山野茶舍' } });
    expect((await fetch(server.url + view.data.company.licenceUrl)).status).toBe(200);
    expect((await fetch(server.url + view.data.store.storeLogoUrl)).status).toBe(200);

    const before = await counts();
    await seedDemoSuppliers(server.running.app.ctx, DEMO_PASSWORD, () => {});
    expect(await counts()).toEqual(before);
  });
});
