import type { TestServer } from '../harness.ts';
import { asOps } from './operators.ts';
import { buyNow, buyer, notifyPaid } from './trade.ts';

/**
 * Factories for the console's trade tests (orders, after-sales, manual refunds, stock): real
 * orders placed through checkout and paid through a signed sandbox notification, so stock, the
 * ledger and the payment records are what they would be in the shop.
 */
export function consoleCalls(server: TestServer, opsToken: string) {
  const headers = asOps(opsToken);
  return {
    get: (path: string, query: Record<string, string | number> = {}, h = headers) =>
      server.api.get(path, { ...h, query }),
    post: (path: string, json: unknown, h = headers) => server.api.post(path, { ...h, json }),
  };
}

export type Buyer = Awaited<ReturnType<typeof buyer>>;

/** A buyer's order through checkout (stock taken), paid unless `paid: false`. */
export async function placeOrder(
  server: TestServer,
  b: Buyer,
  skuId: number,
  quantity = 1,
  opts: { paid?: boolean } = {},
): Promise<{ orderNo: string; payableAmount: number }> {
  const res = await buyNow(server.api, b, skuId, quantity);
  if (res.code !== 0) throw new Error(`buy failed: ${res.message}`);
  const { orderNo, payableAmount } = res.data as { orderNo: string; payableAmount: number };
  if (opts.paid !== false && (await notifyPaid(server, orderNo, payableAmount)) !== 'success') {
    throw new Error('payment notification refused');
  }
  return { orderNo, payableAmount };
}

/** The buyer's first order line id (for an after-sale). */
export async function firstItemId(server: TestServer, token: string, orderNo: string): Promise<string> {
  const d = await server.api.get('/member/order/order/detail', { token, query: { orderNo } });
  return d.data.items[0].id as string;
}

export async function applyAfterSale(
  server: TestServer,
  token: string,
  orderItemId: string,
  o: { type?: 'REFUND_ONLY' | 'RETURN_REFUND'; quantity?: number; reason?: string } = {},
): Promise<string> {
  const res = await server.api.post('/member/order/afterSale/apply', {
    token,
    json: { orderItemId, type: o.type ?? 'REFUND_ONLY', reason: o.reason ?? '拍错/多拍', quantity: o.quantity ?? 1 },
  });
  if (res.code !== 0) throw new Error(`apply failed: ${res.message}`);
  return res.data.afterSaleNo as string;
}

/** The values a bad-input table tries on a field besides its own cases. */
export const HOSTILE_VALUES = [
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '\u0000',
  'x'.repeat(5000),
  ['a'],
  { a: 1 },
  true,
];
