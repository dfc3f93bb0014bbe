/**
 * Operations endpoints: liveness, readiness, Prometheus metrics behind a token or on an
 * internal port, and a shutdown that finishes the requests in flight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { warmUp } from '../../lib/warm-up.ts';
import { startMetricsPort } from '../../lib/metrics-port.ts';
import { buyer, buyNow, dbOf, makeSku, startTestServer, type TestServer } from '../../test/kit/index.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
});
afterAll(() => server?.close());

/** Scrapes with `token` (the right one unless given; null: no Authorization header). */
async function scrape(base = server.url, token: string | null = TOKEN) {
  const res = await fetch(`${base}/metrics`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** The value of one series in a scrape, 0 when absent. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /healthz and /readyz', () => {
  it('/healthz says the process is alive, uncached', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is ready when the database answers and every migration is applied', async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 503 naming a migration not applied', async () => {
    const db = dbOf(server);
    await db.execute(sql`DELETE FROM schema_migrations WHERE name = '0090_suppliers.sql'`);
    try {
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'migrating', pending: ['0090_suppliers.sql'] });
    } finally {
      await db.execute(sql`INSERT INTO schema_migrations (name) VALUES ('0090_suppliers.sql')`);
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('/readyz answers 503 while the process still reads what it keeps in memory, and 200 once it has (or gave up)', async () => {
    let finish!: () => void;
    warmUp('search index', new Promise<void>((resolve) => (finish = resolve)));
    let fail!: (err: Error) => void;
    warmUp('another read', new Promise<void>((_resolve, reject) => (fail = reject)));
    const warming = await fetch(`${server.url}/readyz`);
    expect(warming.status).toBe(503);
    expect(await warming.json()).toEqual({ status: 'warming', warming: ['search index', 'another read'] });
    finish();
    fail(new Error('the database went away'));
    await new Promise((resolve) => setImmediate(resolve));
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it.each([
    ['no token', null],
    ['a wrong token', 'metrics-token-for-tests-0123456780'],
    ['an empty token', ''],
    ['an injection-shaped token', "' OR 1=1 --"],
    ['a token of accented letters', 'é'.repeat(34)],
  ])('refuses %s with 401 and shows nothing', async (_name, token) => {
    const res = await scrape(server.url, token);
    expect(res.status).toBe(401);
    expect(res.text).not.toContain('mall_');
  });

  it('counts requests per route pattern, never per address', async () => {
    await fetch(`${server.url}/healthz`);
    await fetch(`${server.url}/member/nothing-here/${'x'.repeat(40)}`);
    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    expect(seriesValue(text, 'mall_http_requests_total{method="GET",route="/healthz",status="200"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'mall_http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThan(0);
    expect(text).not.toContain('nothing-here');
    expect(text).toContain('mall_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz"}');
    expect(text).toContain('mall_process_cpu_seconds_total');
  });

  it('counts orders placed and payments by state from what really happened', async () => {
    const before = await scrape();
    const sku = await makeSku(dbOf(server), { price: 2500, stock: 5 });
    const who = await buyer(server.api);
    const placed = await buyNow(server.api, who, sku.skuId, 1);
    expect(placed.code).toBe(0);
    const pay = await server.api.post('/member/pay/order/create', {
      token: who.token,
      json: { orderNo: placed.data.orderNo, method: 'sandbox' },
    });
    expect(pay.code).toBe(0);
    const after = await scrape();
    const moment = (t: string, m: string) => seriesValue(t, `mall_order_moments_total{moment="${m}"}`);
    expect(moment(after.text, 'placed') - moment(before.text, 'placed')).toBe(1);
    // the attempt exists, not yet paid
    expect(seriesValue(after.text, 'mall_payments{status="CREATED"}')).toBe(1);
    expect(seriesValue(after.text, 'mall_payments{status="SUCCESS"}')).toBe(0);
    // the sign-in code went through the SMS provider
    const sms = (t: string) => seriesValue(t, 'mall_sms_sent_total{provider="outbox",result="sent"}');
    expect(sms(after.text) - sms(before.text)).toBeGreaterThanOrEqual(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('shows the PostgreSQL pool', async () => {
    const { text } = await scrape();
    expect(seriesValue(text, 'mall_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });
});

describe('metrics on an internal port', () => {
  it('serves /metrics there without a token, while the shop port keeps refusing without one', async () => {
    const internal = await startMetricsPort(server.running.app, '127.0.0.1', 0);
    try {
      const address = internal.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const res = await scrape(`http://127.0.0.1:${port}`, null);
      expect(res.status).toBe(200);
      expect(res.text).toContain('mall_http_requests_total');
      expect((await scrape(server.url, null)).status).toBe(401);
    } finally {
      await internal.close();
    }
  });
});

describe('without METRICS_TOKEN', () => {
  it('the shop port does not serve /metrics at all', async () => {
    const plain = await startTestServer();
    try {
      const res = await scrape(plain.url, TOKEN);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('mall_');
    } finally {
      await plain.close();
    }
  });
});
