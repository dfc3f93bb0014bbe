// The benchmark scenarios of `npm run bench`, run in this order against each database.
//
// A scenario is an object:
//   name         short name shown in the table, e.g. 'site/site'
//   description  one line, in the table's notes and in the JSON
//   setup(ctx)   async; returns the request to repeat, or an array of requests that the load cycles
//                through in order (e.g. a fixed mix of search queries). A request is
//                { method = 'GET', path, headers?, json?, form?, body? } — `json` and `form` are encoded
//                and given their content-type here. Setup may sign in, look up ids, etc.
//   skip(ctx)    optional, async; returns a reason (string) to skip on this server (e.g. a route that
//                is not built yet), else undefined. A skipped scenario is shown as skipped, never dropped.
//   check(reply, request)  optional; called on one reply of every request before and after the load;
//                returns true, or a string saying what is wrong. Default: HTTP 2xx and envelope code 0.
//   databases    optional list ('pglite', 'postgres') to run on; default all.
//   compareTo    optional name of another scenario of the same run: its req/s is shown beside this
//                one's as a second baseline (e.g. search against a plain ILIKE scan).
//   shareInTurns optional; true: after its run, the scenario and hello-world take turns in short
//                windows (BENCH_SHARE_TURNS of BENCH_SHARE_WINDOW s each), and its share of hello-world
//                is the median of the turns' shares (the batch's is kept beside it). For the scenarios
//                whose target is such a share: this machine's speed moves by a third within seconds
//                (docs/performance.md «Shares read in turns»).
//
//   checkLimit   optional; check at most this many distinct requests (long lists, e.g. 1,250 searches).
//   target       optional; 'ilike' runs the scenario against the ILIKE baseline server
//                (ilike-server.mjs) on the same database, after the shop's server has stopped.
//   after(ctx, row)  optional, async; after the load, checks what the load did (e.g. one order per
//                reply) and returns a note for the table, or throws to fail the scenario.
//   run(ctx)     instead of setup: a one-shot scenario that sends its own requests and returns
//                { rps, p50, p99, requests, errors, non2xx, note, outcome: 'PASS' | 'FAIL', ... };
//                FAIL fails the run (e.g. checkout/contention).
//   connections  optional; this many connections instead of BENCH_CONNECTIONS (e.g. 1: one operator
//                pressing 刷新 again and again, where 50 would measure a queue, not the work).
//   page         optional; true: the scenario needs the built buyer app (loaded in Chromium, or the
//                pages the server renders; pages.mjs), so run.mjs builds the browser apps first when
//                their build is missing or stale.
//   startsWith() optional, async; the scenario runs on a server of its own, started after the shop's
//                with { env } added to its environment; { shared } joins its ctx.shared and close()
//                runs once that server stopped (the assistant through a local model endpoint).
//   seedOrders   optional; true: BENCH_ORDERS orders are written into the database before the shop
//                starts (dashboard-seed.mjs), for the dashboard scenarios.
//   A request body may contain load.mjs's UNIQUE slot: each request sent gets a new value there
//   (checkout's idempotency key).
//
// ctx (see run.mjs): { base, database, goods, opsToken, shared, say, api: { get, post, request },
//   login(username?, password?) }; api.* returns { status, json, text }; login returns an access
//   token for the Authorization header; `shared` keeps what scenarios find once per server.
//
// The 秒杀 scenarios (flash-sale.mjs) run after the checkout ones: `flash-sale/sold-out` compares its
// refusals to `checkout`'s orders. BENCH_FLASH_BUYERS / BENCH_FLASH_UNITS / BENCH_FLASH_SOCKETS change the burst.
//
// A larger catalogue is asked for with BENCH_GOODS (see docs/performance.md).
import { catalogueScenarios } from './catalogue.mjs';
import { checkoutScenarios } from './checkout.mjs';
import { flashSaleScenarios } from './flash-sale.mjs';
import { dashboardScenarios } from './dashboard.mjs';
import { pageScenarios } from './pages.mjs';
import { assistantScenarios } from './assistant.mjs';

export const scenarios = [
  {
    name: 'site/site',
    description: '站点配置 GET /member/site/site (public, one small row)',
    shareInTurns: true,
    setup: () => ({ method: 'GET', path: '/member/site/site' }),
  },
  {
    name: 'user/current',
    description: '当前会员 GET /member/user/user/current (token check, session lookup, profile)',
    setup: async (ctx) => {
      const token = await ctx.login();
      return { method: 'GET', path: '/member/user/user/current', headers: { Authorization: token } };
    },
    check: (reply) =>
      (reply.json?.code === 0 && reply.json.data?.username === 'demo') ||
      `expected the demo member, got ${reply.text.slice(0, 200)}`,
  },
  ...catalogueScenarios,
  ...checkoutScenarios,
  ...flashSaleScenarios,
  ...dashboardScenarios,
  ...assistantScenarios,
  ...pageScenarios,
];
