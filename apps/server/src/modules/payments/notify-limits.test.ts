/**
 * The notify URL takes posts from anyone: what is kept of a refused notification is capped, and
 * each IP address may post NOTIFY_RATE_LIMIT.max of them a minute (then HTTP 429 in the envelope).
 * Verified notifications are handled and stored whole, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../lib/db.ts';
import {
  encodeForm,
  registeredMember,
  startTestServer,
  type TestServer,
  dbOf,
  makeOrder,
  makeSku,
  memberIdOf,
  orderRow,
  type MadeOrder,
  sandboxPaidParams,
} from '../../test/kit/index.ts';
import { REFUSED_PARAMS_MAX_BYTES } from './payments.repo.ts';
import { NOTIFY_RATE_LIMIT } from './payments.routes.ts';
import { paymentsOf } from './providers.ts';
import { signNotification, type Params } from './rsa2.ts';

let server: TestServer;
let memberId: string;
let sku: Awaited<ReturnType<typeof makeSku>>;

beforeAll(async () => {
  // addresses given in X-Forwarded-For stand for different senders
  server = await startTestServer({ TRUST_PROXY: 'true' });
  const m = await registeredMember(server.api);
  memberId = await memberIdOf(server.api, m.accessToken);
  sku = await makeSku(dbOf(server), { price: 2500, stock: 50 });
});
afterAll(() => server?.close());

async function notify(params: Params, ip: string, provider = 'sandbox') {
  const res = await fetch(`${server.url}/pay/notify/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', 'x-forwarded-for': ip },
    body: encodeForm(params),
  });
  return { status: res.status, text: await res.text() };
}

/** The notification the sandbox platform would send for this order, signed with its key. */
function paidNotification(order: MadeOrder): Params {
  const { sandboxKeys } = paymentsOf(server.running.app.ctx);
  const { sign: _sign, ...unsigned } = sandboxPaidParams(server, order.orderNo, order.payable);
  return signNotification(unsigned, sandboxKeys!.platform.privateKey);
}

type Stored = { order_no: string | null; verified: boolean; outcome: string; params: Record<string, string> };
const latestNotification = async () =>
  (
    await rows<Stored>(
      dbOf(server),
      sql`SELECT order_no, verified, outcome, params FROM payment_notifications ORDER BY id DESC LIMIT 1`,
    )
  )[0]!;
const notificationCount = async () =>
  (await rows<{ n: number }>(dbOf(server), sql`SELECT count(*)::int AS n FROM payment_notifications`))[0]!.n;

describe('refused notifications', () => {
  it('keep only the known keys, each cut short, a few hundred bytes in all', async () => {
    const forged: Params = {
      out_trade_no: `X${'9'.repeat(5000)}`,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '0.01',
      notify_id: 'n'.repeat(200),
      sign: 'A'.repeat(20_000),
      buyer_logon_id: '13912345678',
      receiver: '欧阳某某 幸福路 88 号',
    };
    for (let i = 0; i < 40; i++) forged[`junk_${i}`] = 'z'.repeat(900);
    const answer = await notify(forged, '198.51.100.1');
    expect(answer).toEqual({ status: 200, text: 'failure' });

    const stored = await latestNotification();
    expect(stored.verified).toBe(false);
    expect(stored.outcome).toMatch(/^refused/);
    expect(stored.order_no).toHaveLength(64);
    expect(Object.keys(stored.params).sort()).toEqual([
      '_received',
      'notify_id',
      'out_trade_no',
      'total_amount',
      'trade_status',
    ]);
    expect(stored.params.out_trade_no).toBe(forged.out_trade_no!.slice(0, 64));
    expect(stored.params.notify_id).toHaveLength(64);
    expect(stored.params._received).toMatch(/^47 keys, \d{5} bytes$/);
    expect(Buffer.byteLength(JSON.stringify(stored.params))).toBeLessThan(REFUSED_PARAMS_MAX_BYTES + 128);
    expect(JSON.stringify(stored.params)).not.toMatch(/13912345678|欧阳|junk|AAAA/);
  });

  it('from a provider that is not enabled are capped the same way', async () => {
    await notify({ out_trade_no: 'Y1', huge: 'q'.repeat(30_000) }, '198.51.100.1', 'paypal');
    const stored = await latestNotification();
    expect(stored).toMatchObject({ verified: false, outcome: 'refused: provider not enabled' });
    expect(stored.params).toEqual({ out_trade_no: 'Y1', _received: '2 keys, 30018 bytes' });
  });
});

describe('verified notifications', () => {
  it('are handled and stored with all their parameters', async () => {
    const order = await makeOrder(dbOf(server), memberId, [{ ...sku, unitPrice: sku.price, quantity: 1 }]);
    const params = paidNotification(order);
    expect(await notify(params, '198.51.100.2')).toEqual({ status: 200, text: 'success' });
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'PENDING_SHIPMENT' });
    const stored = await latestNotification();
    expect(stored).toMatchObject({ verified: true, order_no: order.orderNo });
    expect(stored.params).toEqual(params);
  });
});

describe('the rate per IP address', () => {
  it(`answers HTTP 429 to post ${NOTIFY_RATE_LIMIT.max + 1} within the minute, stores nothing for it, and leaves other senders alone`, async () => {
    const before = await notificationCount();
    for (let i = 0; i < NOTIFY_RATE_LIMIT.max; i++) {
      const answer = await notify({ out_trade_no: `R${i}` }, '203.0.113.9');
      expect(answer, `post ${i + 1}`).toEqual({ status: 200, text: 'failure' });
    }
    const over = await fetch(`${server.url}/pay/notify/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.9' },
      body: encodeForm({ out_trade_no: 'R-over', big: 'b'.repeat(60_000) }),
    });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ code: 429, message: '操作过于频繁，请稍后再试', data: null, success: false });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await notificationCount()).toBe(before + NOTIFY_RATE_LIMIT.max);

    // another sender, and a verified notification from it, still get through
    const order = await makeOrder(dbOf(server), memberId, [{ ...sku, unitPrice: sku.price, quantity: 1 }]);
    expect(await notify(paidNotification(order), '203.0.113.10')).toEqual({ status: 200, text: 'success' });
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'PENDING_SHIPMENT' });
  });
});
