// Checkout scenarios: orders per second with 50 buyers over many SKUs, and the contention case
// (1 SKU, 100 units, 1,000 buyers at once; 30 and 300 in a smoke run) with its outcome checked.
// Buyers are real members made through the API: SMS sign-in (codes read from the development
// outbox) and one address each.
import { percentile, SMOKE_RUN, UNIQUE } from './load.mjs';
import { goodsIds } from './catalogue.mjs';

const OUT_OF_STOCK = 108001;
// CI's smoke run (under 5 s per scenario) checks the same outcome on a tenth of the crowd
const CONTENTION_BUYERS = Number(process.env.BENCH_CONTENTION_BUYERS ?? (SMOKE_RUN ? 300 : 1000));
const CONTENTION_UNITS = Number(process.env.BENCH_CONTENTION_UNITS ?? CONTENTION_BUYERS / 10);
const MAX_LINE_QUANTITY = 999;

/** Runs fn over items with at most `limit` at a time. */
export async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

export const expectOk = (reply, what) => {
  if (reply.json?.code !== 0) throw new Error(`${what}: ${reply.text.slice(0, 200)}`);
  return reply.json.data;
};

async function makeBuyer(ctx, mobile) {
  const { api } = ctx;
  expectOk(await api.post('/member/user/auth/verificationCode', { form: { mobileNumber: mobile } }), 'SMS code');
  const outbox = expectOk(await api.get(`/dev/sms-outbox?mobileNumber=${mobile}`), 'SMS outbox');
  const code = outbox?.[0]?.content?.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no SMS code for ${mobile} in the outbox`);
  const signedIn = expectOk(
    await api.post('/member/user/auth/registerAndLogin', {
      form: { mobileNumber: mobile, code, remember: false, clientType: 'PC_BROWSER' },
    }),
    'SMS sign-in',
  );
  const token = signedIn.accessToken;
  const address = expectOk(
    await api.post('/member/trade/address/create', {
      headers: { Authorization: token },
      json: {
        receiverName: '压测买家',
        mobile,
        provinceCode: '11',
        cityCode: '1101',
        districtCode: '110105',
        detail: '建国路 88 号',
      },
    }),
    'address',
  );
  return { mobile, token, addressId: address.id };
}

/** n buyers with an address each, made once per server; numbers are new in every run. */
export async function buyers(ctx, n) {
  const have = (ctx.shared.buyers ??= []);
  if (have.length < n) {
    ctx.shared.mobileBase ??= 10_000_000 + Math.floor(Math.random() * 89_000_000);
    const started = Date.now();
    const mobiles = Array.from(
      { length: n - have.length },
      (_, i) => `199${String(ctx.shared.mobileBase + have.length + i).padStart(8, '0')}`,
    );
    have.push(...(await pool(mobiles, 20, (m) => makeBuyer(ctx, m))));
    ctx.say?.(
      `  ${mobiles.length} buyers signed in by SMS with an address each in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return have.slice(0, n);
}

const detail = async (ctx, goodsId) =>
  expectOk(await ctx.api.get(`/member/goods/goods/detail/${goodsId}`), `goods ${goodsId}`);

/** SKUs of ordinary (not cross-border) goods on shelf with at least `minStock` units. */
export async function skusWithStock(ctx, minStock, wanted) {
  const found = [];
  for (const id of await goodsIds(ctx)) {
    const g = await detail(ctx, id);
    if (g.isCrossBorder) continue;
    for (const s of g.skus)
      if (s.stock >= minStock) found.push({ goodsId: id, skuId: s.id, stock: s.stock, name: g.name });
    if (found.length >= wanted) break;
  }
  return found;
}

const submit = (buyer, skuId, idempotencyKey, quantity = 1) => ({
  method: 'POST',
  path: '/member/trade/checkout/submit',
  headers: { Authorization: buyer.token },
  json: { buyNow: { skuId, quantity }, addressId: buyer.addressId, idempotencyKey },
});

/** All orders the shop holds, counted through the operator API. */
export async function orderTotal(ctx) {
  return expectOk(
    await ctx.api.get('/ops/order/list?pageNum=1&pageSize=1', { headers: { 'x-ops-token': ctx.opsToken } }),
    'ops order list',
  ).total;
}


export const checkoutScenarios = [
  {
    name: 'checkout',
    description:
      '下单 POST /member/trade/checkout/submit (buy now, 1 unit), 50 buyers cycling over up to 500 SKUs, a new idempotency key each',
    setup: async (ctx) => {
      const team = await buyers(ctx, 50);
      const skus = await skusWithStock(ctx, 100, 500);
      if (skus.length < 50) throw new Error(`only ${skus.length} SKUs with ≥ 100 units`);
      ctx.shared.ordersBefore = await orderTotal(ctx);
      const n = Math.max(skus.length, team.length);
      return Array.from({ length: n }, (_, k) => submit(team[k % team.length], skus[k % skus.length].skuId, UNIQUE));
    },
    checkLimit: 10,
    check: (reply) =>
      (reply.json?.code === 0 && reply.json.data?.created === true && Boolean(reply.json.data.orderNo)) ||
      `expected a new order, got ${reply.text.slice(0, 200)}`,
    // Every reply the load counted must have made an order (an OUT_OF_STOCK reply is HTTP 200 too).
    after: async (ctx, row) => {
      const made = (await orderTotal(ctx)) - ctx.shared.ordersBefore;
      const answered = row.warmupRequests + row.requests + row.checkedRequests;
      // Requests still in flight when the load tool stops are not counted by it but may complete.
      const inFlight = 2 * row.connections;
      if (made < answered - row.non2xx - row.errors || made > answered + inFlight) {
        throw new Error(
          `${made} orders made for ${answered} answered submissions: some submissions did not make an order`,
        );
      }
      return `${made} orders made (${answered} submissions answered incl. warm-up and checks)`;
    },
  },
  {
    name: 'checkout/contention',
    description: `1 SKU with ${CONTENTION_UNITS} units, ${CONTENTION_BUYERS} buyers each submitting once, all at once`,
    run: async (ctx) => {
      const team = await buyers(ctx, CONTENTION_BUYERS);
      // A SKU brought down to exactly 100 units through the API (a buyer takes the rest).
      const [sku] = await skusWithStock(ctx, CONTENTION_UNITS + 1, 1);
      if (!sku) throw new Error(`no SKU with more than ${CONTENTION_UNITS} units`);
      // The stock as the console reads it, from the tables: the buyer's goods page may be 2 s old.
      const stockNow = async () =>
        expectOk(
          await ctx.api.get(`/ops/goods/detail?goodsId=${sku.goodsId}`, { headers: { 'x-ops-token': ctx.opsToken } }),
          `goods ${sku.goodsId} in the console`,
        ).skus.find((s) => s.id === sku.skuId).stock;
      for (let left = (await stockNow()) - CONTENTION_UNITS; left > 0; left = (await stockNow()) - CONTENTION_UNITS) {
        expectOk(
          await ctx.api.request(
            submit(team[0], sku.skuId, `prep-${Date.now()}-${left}`, Math.min(left, MAX_LINE_QUANTITY)),
          ),
          'stock preparation',
        );
      }
      const before = await stockNow();
      if (before !== CONTENTION_UNITS)
        throw new Error(`could not bring the SKU to ${CONTENTION_UNITS} units (has ${before})`);
      const ordersBefore = await orderTotal(ctx);

      const requests = team.map((b, i) => submit(b, sku.skuId, `contention-${Date.now()}-${i}`));
      const started = performance.now();
      const replies = await Promise.all(
        requests.map(async (req) => {
          const t0 = performance.now();
          const reply = await ctx.api.request(req).catch((err) => ({ status: 0, json: undefined, text: String(err) }));
          return { reply, ms: performance.now() - t0 };
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const isCreated = (r) => r.reply.json?.code === 0 && r.reply.json.data?.created === true;
      // Refused with the code OUT_OF_STOCK (catalogue text 库存不足); the message may also say 已售罄
      // when the stock had already reached 0 before the buyer's transaction read it.
      const isRefused = (r) => r.reply.json?.code === OUT_OF_STOCK;
      const created = replies.filter(isCreated).length;
      const refused = replies.filter(isRefused).length;
      const other = replies.length - created - refused;
      const messages = new Map();
      for (const r of replies.filter(isRefused)) {
        const m = (r.reply.json.message ?? '').replace(/“[^”]*”/, '');
        messages.set(m, (messages.get(m) ?? 0) + 1);
      }
      const after = await stockNow();
      const ordersMade = (await orderTotal(ctx)) - ordersBefore;
      const checks = [
        [created === CONTENTION_UNITS, `${created} orders succeeded (expected ${CONTENTION_UNITS})`],
        [
          refused === CONTENTION_BUYERS - CONTENTION_UNITS,
          `${refused} answered 库存不足 OUT_OF_STOCK ${OUT_OF_STOCK} (expected ${CONTENTION_BUYERS - CONTENTION_UNITS}; ${[...messages].map(([m, n]) => `${n}× “${m}”`).join(', ')})`,
        ],
        [other === 0, `${other} other replies`],
        [after === 0, `stock afterwards ${after} (expected 0, never negative)`],
        [ordersMade === CONTENTION_UNITS, `${ordersMade} orders in the shop (expected ${CONTENTION_UNITS})`],
      ];
      const pass = checks.every(([okay]) => okay);
      const sample = replies.find((r) => !isCreated(r) && !isRefused(r))?.reply.text.slice(0, 200);
      const ms = replies.map((r) => r.ms).sort((a, b) => a - b);
      return {
        outcome: pass ? 'PASS' : 'FAIL',
        note: `${pass ? 'PASS' : 'FAIL'}: ${checks.map(([, text]) => text).join('; ')}${sample ? `; e.g. ${sample}` : ''}`,
        rps: replies.length / seconds,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        requests: replies.length,
        errors: replies.filter((r) => r.reply.status === 0).length,
        non2xx: replies.filter((r) => r.reply.status !== 0 && (r.reply.status < 200 || r.reply.status >= 300)).length,
        seconds,
        created,
        refused,
        stockBefore: before,
        stockAfter: after,
      };
    },
  },
];
