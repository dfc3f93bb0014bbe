// 秒杀 under load: 2,000 buyers at the same moment for 100 units, and the sold-out refusals.
//
// `flash-sale` (one-shot): through the operator API (OPS_TOKEN), a 秒杀 of FLASH_UNITS units of one SKU
// with a per-member limit of 2, starting a few seconds ahead; FLASH_BUYERS buyers signed in by SMS
// with an address each before it starts; at the start every buyer's 立即抢购 is sent at once (one in
// ten sends three at once, of one unit each, to test the limit; one in ten asks for 2 units). Checked
// afterwards, and the scenario FAILS when one breaks: the units in the orders made are exactly the
// session's, the shop holds exactly those orders, no member over the limit, the session's stock 0
// (never negative: a CHECK constraint and a conditional update), goods stock + activity stock + sold =
// what there was, every request answered with an order or a clear refusal (已抢光 108802, the limit
// 108804). Reported: the time of the last answer (target ≤ 5 s on PostgreSQL) and the p50/p99.
// A smoke run (BENCH_DURATION under 5 s, CI) makes it 200 buyers for 10 units, same checks.
//
// `flash-sale/sold-out` (wrk): 立即抢购 of the sold-out SKU by 50 signed-in buyers, a new idempotency
// key each, every reply checked to be 已抢光: the refusals a second the sold-out mark answers
// without a query of the checkout, against the order rate of `checkout` (target ≥ 10×).
import http from 'node:http';
import { percentile, SMOKE_RUN, UNIQUE } from './load.mjs';
import { buyers, expectOk, orderTotal, pool, skusWithStock } from './checkout.mjs';

const SOLD_OUT = 108802;
const LIMIT = 108804;
export const FLASH_BUYERS = Number(process.env.BENCH_FLASH_BUYERS ?? (SMOKE_RUN ? 200 : 2000));
export const FLASH_UNITS = Number(process.env.BENCH_FLASH_UNITS ?? (SMOKE_RUN ? 10 : 100));
const PER_MEMBER_LIMIT = 2;
/** Sockets the burst may open at once (a browser-like client each would be more; the kernel's accept queue is 511). */
const SOCKETS = Number(process.env.BENCH_FLASH_SOCKETS ?? 500);
const WARM = process.env.BENCH_FLASH_WARM !== '0';
/** Seconds between scheduling the session and its start. */
const LEAD_SECONDS = 4;

const ops = (ctx) => ({ headers: { 'x-ops-token': ctx.opsToken } });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const grab = (buyer, activityId, skuId, quantity, key) => ({
  method: 'POST',
  path: '/member/trade/checkout/submit',
  headers: { Authorization: buyer.token },
  json: { buyNow: { skuId, quantity, activityId }, addressId: buyer.addressId, idempotencyKey: key },
});

/** A session of `units` units of one SKU starting LEAD_SECONDS from now; skips SKUs already in an activity. */
async function scheduleSession(ctx, units) {
  // Any SKU with the units to spare (the checkout scenarios have finished by now); one already in a
  // session (an earlier run on the same database) is refused 108803 and the next is tried.
  for (const sku of await skusWithStock(ctx, units + 10, 20)) {
    const startsAt = new Date(Date.now() + LEAD_SECONDS * 1000);
    const made = await ctx.api.post('/ops/promotion/activity/create', {
      ...ops(ctx),
      json: {
        kind: 'FLASH_SALE',
        title: '压测秒杀',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
        perMemberLimit: PER_MEMBER_LIMIT,
        skus: [{ skuId: sku.skuId, priceFen: 1, stock: units }],
      },
    });
    const id = expectOk(made, 'create the 秒杀').id;
    const before = sku.stock;
    const scheduled = await ctx.api.post('/ops/promotion/activity/schedule', { ...ops(ctx), json: { id } });
    if (scheduled.json?.code === 0) return { id, skuId: sku.skuId, goodsId: sku.goodsId, startsAt, before };
    await ctx.api.post('/ops/promotion/activity/cancel', { ...ops(ctx), json: { id } });
  }
  throw new Error('no SKU could be scheduled in a 秒杀 (all in other activities?)');
}

async function sessionNow(ctx, id) {
  const d = expectOk(await ctx.api.get(`/ops/promotion/activity/detail?id=${id}`, ops(ctx)), 'activity detail');
  return d.skus[0];
}

/** Sends every request at once over up to SOCKETS keep-alive connections; each reply with its time from the start. */
async function burst(base, requests) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS });
  const url = new URL(base);
  const started = performance.now();
  const one = (req) =>
    new Promise((resolve) => {
      const body = JSON.stringify(req.json);
      const r = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: req.path,
          method: 'POST',
          agent,
          headers: { ...req.headers, VistorId: 'PC-bench', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('end', () => {
            let json;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode, json, text, ms: performance.now() - started });
          });
        },
      );
      r.on('error', (err) => resolve({ status: 0, json: undefined, text: String(err), ms: performance.now() - started }));
      r.end(body);
    });
  try {
    return await Promise.all(requests.map(one));
  } finally {
    agent.destroy();
  }
}

export const flashSaleScenarios = [
  {
    name: 'flash-sale',
    description: `秒杀: ${FLASH_BUYERS} buyers at once for ${FLASH_UNITS} units, limit ${PER_MEMBER_LIMIT} per member (1 in 10 sends 3 at once)`,
    run: async (ctx) => {
      const team = await buyers(ctx, FLASH_BUYERS);
      // Buyers waiting on the session's page are active: the auth guard writes a session's last-active
      // time at most once a minute, so a buyer signed in minutes ago would pay that write in the burst.
      // BENCH_FLASH_WARM=0 leaves them as signed in (the write then comes with the burst).
      if (WARM) {
        const t0 = Date.now();
        await pool(team, 20, async (b) => expectOk(await ctx.api.get('/member/user/user/current', { headers: { Authorization: b.token } }), 'current member'));
        ctx.say?.(`  ${team.length} buyers active again (GET current) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      }
      const s = await scheduleSession(ctx, FLASH_UNITS);
      const ordersBefore = await orderTotal(ctx);
      const tag = Date.now().toString(36);
      // Who sends what: one in ten three requests of one unit at once, one in ten one of two units.
      const sent = team.flatMap((b, i) =>
        i % 10 === 0
          ? [0, 1, 2].map((k) => ({ buyer: i, quantity: 1, req: grab(b, s.id, s.skuId, 1, `flash-${tag}-${i}-${k}`) }))
          : [{ buyer: i, quantity: i % 10 === 1 ? 2 : 1, req: grab(b, s.id, s.skuId, i % 10 === 1 ? 2 : 1, `flash-${tag}-${i}`) }],
      );
      const wait = s.startsAt.getTime() - Date.now() + 50;
      if (wait < 0) throw new Error(`signing buyers in overran the session's start by ${-wait} ms`);
      await sleep(wait);
      const started = performance.now();
      const replies = await burst(ctx.base, sent.map((x) => x.req));
      const seconds = (performance.now() - started) / 1000;

      const created = (r) => r.json?.code === 0 && r.json.data?.created === true;
      const refused = (r) => [SOLD_OUT, LIMIT].includes(r.json?.code) && /[\u4e00-\u9fa5]/.test(r.json.message ?? '');
      const units = replies.reduce((n, r, i) => n + (created(r) ? sent[i].quantity : 0), 0);
      const perBuyer = new Map();
      replies.forEach((r, i) => {
        if (created(r)) perBuyer.set(sent[i].buyer, (perBuyer.get(sent[i].buyer) ?? 0) + sent[i].quantity);
      });
      const overLimit = [...perBuyer.values()].filter((n) => n > PER_MEMBER_LIMIT).length;
      const tripleWinners = [...perBuyer.entries()].filter(([b, n]) => b % 10 === 0 && n === PER_MEMBER_LIMIT).length;
      const others = replies.filter((r) => !created(r) && !refused(r));
      const codes = new Map();
      for (const r of replies.filter(refused)) codes.set(r.json.message, (codes.get(r.json.message) ?? 0) + 1);
      const orders = replies.filter(created).length;
      const ordersMade = (await orderTotal(ctx)) - ordersBefore;
      const after = await sessionNow(ctx, s.id);
      const sum = after.goodsStock + after.stock + after.sold;
      const ms = replies.map((r) => r.ms).sort((a, b) => a - b);
      const last = ms.at(-1);
      const soldOutAt = Math.max(0, ...replies.filter(created).map((r) => r.ms));
      const checks = [
        [units === FLASH_UNITS, `${units} units in ${orders} orders (expected ${FLASH_UNITS} units)`],
        [ordersMade === orders, `${ordersMade} orders in the shop (expected ${orders})`],
        [overLimit === 0, `${overLimit} members over the limit of ${PER_MEMBER_LIMIT} (${tripleWinners} of the triple senders got ${PER_MEMBER_LIMIT})`],
        [after.stock === 0 && after.sold === FLASH_UNITS, `session stock ${after.stock}, sold ${after.sold} (expected 0 and ${FLASH_UNITS})`],
        [sum === s.before, `goods stock ${after.goodsStock} + activity stock ${after.stock} + sold ${after.sold} = ${sum} (there were ${s.before})`],
        [
          others.length === 0,
          `${replies.length} requests answered: ${orders} orders, ${[...codes].map(([m, n]) => `${n}× “${m.replace(/\d+/g, 'N')}”`).join(', ')}${others.length ? `, ${others.length} other (e.g. ${others[0].text.slice(0, 160)})` : ''}`,
        ],
      ];
      const pass = checks.every(([okay]) => okay);
      ctx.shared.flash = { id: s.id, skuId: s.skuId, team };
      return {
        outcome: pass ? 'PASS' : 'FAIL',
        note: `${pass ? 'PASS' : 'FAIL'}: ${checks.map(([, text]) => text).join('; ')}; last unit sold at ${(soldOutAt / 1000).toFixed(2)} s, last answer ${(last / 1000).toFixed(2)} s`,
        rps: replies.length / seconds,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        lastMs: last,
        soldOutMs: soldOutAt,
        requests: replies.length,
        buyers: FLASH_BUYERS,
        units: FLASH_UNITS,
        errors: replies.filter((r) => r.status === 0).length,
        non2xx: replies.filter((r) => r.status !== 0 && (r.status < 200 || r.status >= 300)).length,
        seconds,
        warm: WARM,
        flashTarget: { lastMs: last, met: last <= 5000 },
      };
    },
  },
  {
    name: 'flash-sale/sold-out',
    description: '秒杀 sold out: 立即抢购 answered 已抢光 by the sold-out mark (50 buyers, a new idempotency key each)',
    compareTo: 'checkout',
    setup: async (ctx) => {
      let flash = ctx.shared.flash;
      if (!flash) {
        // Run alone: a session of one unit, sold.
        const team = await buyers(ctx, 50);
        const s = await scheduleSession(ctx, 1);
        await sleep(s.startsAt.getTime() - Date.now() + 50);
        expectOk(await ctx.api.request(grab(team[0], s.id, s.skuId, 1, `flash-one-${Date.now()}`)), 'buy the one unit');
        flash = ctx.shared.flash = { id: s.id, skuId: s.skuId, team };
      }
      return flash.team.slice(0, 50).map((b) => grab(b, flash.id, flash.skuId, 1, UNIQUE));
    },
    checkLimit: 10,
    check: (reply) =>
      (reply.json?.code === SOLD_OUT && reply.json.message === '已抢光') || `expected 已抢光 ${SOLD_OUT}, got ${reply.text.slice(0, 200)}`,
  },
];

/** The 秒杀 targets for the report: the last answer of the burst, and refusals against orders. */
export function flashTargetLines(rows, database, verdict) {
  const lines = [];
  const get = (name) => rows.find((r) => r.database === database && r.scenario === name && r.status === 'ok');
  const burstRow = get('flash-sale');
  if (burstRow?.lastMs !== undefined) {
    lines.push(
      `  ${database}: ${verdict(burstRow.lastMs <= 5000)} flash-sale last answer ≤ 5 s (${(burstRow.lastMs / 1000).toFixed(2)} s for ${burstRow.requests} requests of ${burstRow.buyers} buyers; p50 ${Math.round(burstRow.p50)} ms, p99 ${Math.round(burstRow.p99)} ms)`,
    );
  }
  const soldOut = get('flash-sale/sold-out');
  if (soldOut) {
    lines.push(
      soldOut.vsOther === undefined
        ? `  ${database}: (no checkout run to compare) flash-sale/sold-out ${Math.round(soldOut.rps)} refusals/s`
        : `  ${database}: ${verdict(soldOut.vsOther >= 10)} flash-sale/sold-out ≥ 10× the checkout's order rate (${Math.round(soldOut.rps)} refusals/s, ${soldOut.vsOther.toFixed(1)}×)`,
    );
  }
  return lines;
}
