import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db.ts';
import {
  countRows,
  dbOf,
  makeOrder,
  makeSku,
  memberIdOf,
  orderRow,
  registeredMember,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';

let server: TestServer;
let buyer: { accessToken: string; memberId: string };
let sku: Awaited<ReturnType<typeof makeSku>>;

beforeAll(async () => {
  server = await startTestServer();
  const m = await registeredMember(server.api);
  buyer = { accessToken: m.accessToken, memberId: await memberIdOf(server.api, m.accessToken) };
  sku = await makeSku(dbOf(server), { price: 2599, stock: 10 });
});
afterAll(() => server?.close());

const newOrder = () => makeOrder(dbOf(server), buyer.memberId, [{ ...sku, unitPrice: sku.price, quantity: 1 }]);
const create = (json: Record<string, unknown>) =>
  server.api.post('/member/pay/order/create', { token: buyer.accessToken, json });

describe('paying on a phone', () => {
  it('a phone gets the mobile cashier (alipay.trade.wap.pay), a desktop the page cashier; both open', async () => {
    const order = await newOrder();
    const phone = await create({ orderNo: order.orderNo, method: 'sandbox', mobile: true });
    const desktop = await create({ orderNo: order.orderNo, method: 'sandbox', mobile: false });
    const unsaid = await create({ orderNo: order.orderNo, method: 'sandbox' });
    const methodOf = (payUrl: string) => new URL(payUrl, server.url).searchParams.get('method');
    expect(methodOf(phone.data.payUrl)).toBe('alipay.trade.wap.pay');
    expect(methodOf(desktop.data.payUrl)).toBe('alipay.trade.page.pay');
    expect(methodOf(unsaid.data.payUrl)).toBe('alipay.trade.page.pay');
    for (const url of [phone.data.payUrl, desktop.data.payUrl]) {
      const page = await fetch(`${server.url}${url}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('¥25.99');
    }
  });

  it('refuses a device flag that is not a yes or no, and records nothing', async () => {
    const order = await newOrder();
    expect(await create({ orderNo: order.orderNo, method: 'sandbox', mobile: 'phone' })).toMatchObject({
      code: 400,
      message: '设备类型格式不正确',
    });
    expect(await countRows(dbOf(server), 'payments', sql`order_id = ${order.orderId}`)).toBe(0);
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'PENDING_PAYMENT' });
  });
});
