// The shopping assistant under load: 20 buyers at once, each in a session of their own, asking one
// question after another over the event stream (POST /member/assistant/agent/chat).
//
// `assistant` (one-shot, the default offline provider): BENCH_ASSISTANT_SESSIONS sessions × BENCH_ASSISTANT_QUESTIONS
// questions (default 20 × 10) from a fixed mix (a budget search, a recommendation, a comparison of the
// last results, the catalogue's shape, orders, after-sales, coupons, points). Every answer must end in `done`, with no
// `error`; reported: the first streamed event's p95 (target ≤ 150 ms on PostgreSQL) and the whole
// answer's p95 (target ≤ 500 ms). A question is asked only when the one before it was answered, as a
// buyer does; the per-member limit of 20 questions a minute is why each session asks 10, not more.
//
// `assistant/openai` (startsWith: a second server with ASSISTANT_PROVIDER=openai, pointed at the
// fake OpenAI-compatible endpoint of the tests, run in this process): the model answers as a quick
// hosted one does (first byte after 200 ms, pieces 10 ms apart) with a search_goods tool call, then the
// answer in five pieces. Its time is taken out: what is left of the buyer's wait before the first
// event from the model is the shop's own — from sending the question to the model's request, plus
// from the model's last byte of that reply to the event reaching the buyer. Target: p95 ≤ 50 ms.
// A smoke run (BENCH_DURATION under 5 s, CI) asks 2 questions per session.
import { askOnce } from './event-stream.mjs';
import { buyers, expectOk, pool } from './checkout.mjs';
import { percentile, SMOKE_RUN } from './load.mjs';
import { startFakeLlm } from '../../apps/server/src/test/fake-llm/fake-llm.ts';
import * as chunk from '../../apps/server/src/test/fake-llm/chunks.ts';

const SESSIONS = Number(process.env.BENCH_ASSISTANT_SESSIONS ?? 20);
const QUESTIONS = Number(process.env.BENCH_ASSISTANT_QUESTIONS ?? (SMOKE_RUN ? 2 : 10));
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2) > 0;

/** What buyers ask, in turn; the comparison refers to the goods of the answer before it. */
const MIX = [
  '三千以内的手机',
  '对比一下前两个',
  '推荐几款耳机',
  '最贵的手机是什么',
  '我的订单到哪了',
  '能用的优惠券',
  '有什么券可以领',
  '我有多少积分',
  '查下我的售后单',
  '两千到三千的笔记本',
];

const summary = (ms) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};
const fmt = (n) => n.toFixed(1);

/** A one-shot scenario's row: answers a second, the whole answer's percentiles as the table's p50/p99. */
function answersRow(answers, seconds) {
  const whole = summary(answers.map((a) => a.wholeMs));
  return { whole, row: { rps: answers.length / seconds, ...whole, requests: answers.length, errors: 0, non2xx: 0 } };
}

async function openSessions(ctx) {
  const people = await buyers(ctx, SESSIONS);
  return pool(people, 10, async (buyer) => {
    const made = await ctx.api.post('/member/assistant/agent/session/create', {
      headers: { Authorization: buyer.token },
      json: {},
    });
    return { token: buyer.token, sessionId: expectOk(made, 'session/create').sessionId };
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every session asks its questions one after another, all sessions at once; the sessions begin within
 * the first half second, as buyers do not press 发送 in step. Each first asks a question that is not
 * measured when BENCH_WARMUP is on (the server's first search loads its dictionaries).
 */
async function askAll(ctx, sessions, questionOf) {
  const answers = [];
  const ask = async (s, content) => {
    const answer = await askOnce(ctx.base, s.token, { sessionId: s.sessionId, content });
    if (answer.error) throw new Error(`「${content}」: ${answer.error}`);
    return { ...answer, content };
  };
  if (WARMUP) await Promise.all(sessions.map((s, si) => ask(s, questionOf(si, -1))));
  const started = performance.now();
  await Promise.all(
    sessions.map(async (s, si) => {
      await sleep((si * 500) / sessions.length);
      for (let q = 0; q < QUESTIONS; q++) answers.push(await ask(s, questionOf(si, q)));
    }),
  );
  return { answers, seconds: (performance.now() - started) / 1000 };
}

const offline = {
  name: 'assistant',
  description: `购物助手 ${SESSIONS} 个会话同时提问（离线提供方），首个事件与整段回答的 p95`,
  async run(ctx) {
    const sessions = await openSessions(ctx);
    const { answers, seconds } = await askAll(ctx, sessions, (si, q) => MIX[(si + q + MIX.length) % MIX.length]);
    const first = summary(answers.map((a) => a.firstMs));
    const { whole, row } = answersRow(answers, seconds);
    const withCards = answers.filter((a) => a.events.some((e) => e.type === 'card')).length;
    const checks = [`first event p95 ${fmt(first.p95)} ms ≤ 150`, `whole answer p95 ${fmt(whole.p95)} ms ≤ 500`];
    return {
      ...row,
      firstEvent: first,
      wholeAnswer: whole,
      target: { met: first.p95 <= 150 && whole.p95 <= 500, checks },
      note: `${answers.length} answers (${withCards} with cards) over ${sessions.length} sessions; first event p50/p95 ${fmt(first.p50)}/${fmt(first.p95)} ms, whole answer p50/p95 ${fmt(whole.p50)}/${fmt(whole.p95)} ms`,
    };
  },
};

/** As a quick hosted model answers: its first byte after a moment's thought, then a piece every few ms. */
const MODEL_PACE = { firstByteMs: 200, delayMs: 10 };

/** The model's two replies to a question: a search, then (once the tool's result is in) the answer. */
function modelReply(request) {
  const last = request.body.messages?.at(-1);
  if (last?.role === 'tool') {
    return {
      kind: 'stream',
      ...MODEL_PACE,
      events: chunk.answer('为您找到', '这几款三千以内的手机，', '价格以卡片为准，', '可以点卡片看详情', '。'),
    };
  }
  return {
    kind: 'stream',
    ...MODEL_PACE,
    events: [
      chunk.toolCall({ id: 'call_search', name: 'search_goods', arguments: '{"category":"手机",' }),
      chunk.toolCall({ arguments: '"maxPriceFen":300000}' }),
      chunk.finish('tool_calls'),
    ],
  };
}

const throughModel = {
  name: 'assistant/openai',
  description: '购物助手经 OpenAI 兼容接口（本机模拟端点，即时作答）：模型之外商城自身在首个事件前花的时间',
  async startsWith() {
    const fake = await startFakeLlm();
    const env = {
      ASSISTANT_PROVIDER: 'openai',
      ASSISTANT_BASE_URL: fake.baseURL,
      ASSISTANT_MODEL: 'bench-fake',
      ASSISTANT_API_KEY: 'bench',
    };
    return { env, shared: { fake }, close: () => fake.close() };
  },
  async run(ctx) {
    const { fake } = ctx.shared;
    const sessions = await openSessions(ctx);
    // two model calls per question, answered by what the request holds
    fake.script(...Array.from({ length: sessions.length * (QUESTIONS + 1) * 2 }, () => modelReply));
    const { answers, seconds } = await askAll(ctx, sessions, (si, q) => `三千以内的手机（第 ${si + 1}-${q + 2} 问）`);
    const added = answers.map((a) => {
      const call = fake.requests.find((r) =>
        r.body.messages?.some((m) => m.role === 'user' && m.content === a.content),
      );
      if (!call?.answeredAt) throw new Error(`the model never answered 「${a.content}」`);
      if (a.firstFromProviderMs === undefined) throw new Error(`no event from the model for 「${a.content}」`);
      return call.receivedAt - a.sentAt + (a.sentAt + a.firstFromProviderMs - call.answeredAt);
    });
    const shop = summary(added);
    const { whole, row } = answersRow(answers, seconds);
    return {
      ...row,
      shopAddedBeforeFirstEvent: shop,
      target: {
        met: shop.p95 <= 50,
        checks: [`shop's own time before the model's first event p95 ${fmt(shop.p95)} ms ≤ 50`],
      },
      note: `${answers.length} answers, ${fake.requests.length} model calls; shop's own time before the model's first event p50/p95 ${fmt(shop.p50)}/${fmt(shop.p95)} ms, whole answer p50/p95 ${fmt(whole.p50)}/${fmt(whole.p95)} ms`,
    };
  },
};

export const assistantScenarios = [offline, throughModel];
