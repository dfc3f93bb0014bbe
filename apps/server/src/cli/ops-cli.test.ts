import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer, buyer, buyNow, dbOf, makeGoods } from '../test/kit/index.ts';
import { findOrderForPayment, markOrderPaid } from '../modules/orders/orders.service.ts';

/** `npm run ops -- ...` as an operator runs it: the CLI process against a live server. */
const run = promisify(execFile);
const OPS_TOKEN = 'cli-ops-token-0123456789abcdefghij';
const cli = path.resolve(import.meta.dirname, 'ops.ts');
const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
});
afterAll(() => server.close());

async function ops(args: string[], token = OPS_TOKEN) {
  try {
    const { stdout, stderr } = await run(tsx, [cli, ...args], {
      env: { ...process.env, OPS_URL: server.url, OPS_TOKEN: token },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('ops CLI', () => {
  test('orders, ship and order detail; refusals are printed in Chinese with a non-zero exit', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const g = await makeGoods(db, { name: '机械键盘', stock: 5 });
    const { orderNo } = (await buyNow(server.api, b, g.skuId, 1)).data;

    const early = await ops(['ship', orderNo, '顺丰速运', 'SF100200300']);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain('订单待付款，不能进行此操作');

    const order = (await findOrderForPayment(db, orderNo))!;
    await db.transaction((tx) =>
      markOrderPaid(tx, { orderId: order.id, amountFen: order.payableAmount, paymentMethod: 'sandbox' }),
    );

    const waiting = await ops(['orders', 'pending_shipment']);
    expect(waiting.code).toBe(0);
    expect(waiting.stdout).toContain(orderNo);
    expect(waiting.stdout).toContain('待发货');
    expect(waiting.stdout).toContain('机械键盘');

    const shipped = await ops(['ship', orderNo, '顺丰速运', 'SF100200300']);
    expect(shipped.code).toBe(0);
    expect(shipped.stdout).toContain('已发货');
    expect(shipped.stdout).toContain('物流：顺丰速运 SF100200300');

    const json = await ops(['order', orderNo, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      orderNo,
      status: 'PENDING_RECEIPT',
      logistics: { trackingNo: 'SF100200300' },
    });

    const d = await server.api.get('/member/order/order/detail', { token: b.token, query: { orderNo } });
    expect(d.data.statusText).toBe('待收货');

    const wrongToken = await ops(['orders'], 'not-the-token');
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toContain('运营令牌不正确');

    const usage = await ops([]);
    expect(usage.stdout).toContain('ship <orderNo> <company> <trackingNo>');
  }, 120_000);

  test('operator-create prints a one-time password that signs in once and must be changed', async () => {
    const made = await ops(['operator-create', 'caiwu_wang', 'finance', '王财务']);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('已创建运营账号 caiwu_wang（财务）');
    const password = /一次性密码：(\S+)/.exec(made.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{14}$/);
    const login = await server.api.post('/ops/auth/login', { json: { username: 'caiwu_wang', password } });
    expect(login.data.operator).toMatchObject({ mustChangePassword: true, role: { key: 'finance' } });
    const again = await ops(['operator-create', 'caiwu_wang', 'finance']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('该运营账号已存在');
    const badRole = await ops(['operator-create', 'someone_else', 'root']);
    expect(badRole.stderr).toContain('角色不存在');
  });
});
