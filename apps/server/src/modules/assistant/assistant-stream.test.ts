import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../lib/db.ts';
import { makeGoods, startTestServer, type TestServer } from '../../test/kit/index.ts';
import { assistantMember, chat, eventTypes, newSession } from './assistant-test-kit.ts';
import { ProviderError, type AssistantProvider, type Turn, type TurnIO } from './provider.ts';
import { useProviderForTests } from './provider-choice.ts';
import { runningTurns } from './turn-registry.ts';

const A = '/member/assistant/agent';

/** A provider that runs whatever the test says, so the runner's rules are tested on their own. */
function scripted(script: (turn: Turn, io: TurnIO) => Promise<void>): AssistantProvider {
  return { name: 'offline', label: '内容由系统根据商品数据生成', respond: script };
}

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

describe('the assistant’s stream', () => {
  let s: TestServer;
  let script: (turn: Turn, io: TurnIO) => Promise<void>;
  beforeAll(async () => {
    s = await startTestServer({ ASSISTANT_DAILY_QUESTIONS: '30' });
    useProviderForTests(s.running.app.ctx, scripted((turn, io) => script(turn, io)));
  });
  afterAll(async () => s?.close());
  const messagesOf = async (token: string, sessionId: string) =>
    (await s.api.get(`${A}/session/messages`, { token, query: { sessionId } })).data.list;

  it('streams start, deltas and done in order, whole UTF-8 characters in every event', async () => {
    script = async (_turn, io) => {
      for (const piece of ['你好', '，这是', '😀𠮷', '测试。']) io.emit({ type: 'delta', data: { text: piece } });
    };
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    const res = await chat(s, m.token, { sessionId, content: '你好' });
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff'); // the shop's security headers too
    expect(eventTypes(res.events)).toEqual(['start', 'delta', 'delta', 'delta', 'delta', 'done']);
    const [start] = res.events;
    expect(start!.data).toEqual({ messageId: expect.any(String), replyTo: expect.any(String) });
    expect(res.events.at(-1)!.data).toEqual({
      messageId: start!.data.messageId,
      text: '你好，这是😀𠮷测试。',
      status: 'done',
      label: '内容由系统根据商品数据生成',
    });
    // the whole body is valid UTF-8 (the kit's decoder is fatal), and every event one complete frame
    expect(res.raw.toString('utf8')).not.toContain('\uFFFD');
    const [question, answer] = await messagesOf(m.token, sessionId);
    expect(question).toMatchObject({ messageId: start!.data.replyTo, role: 'user', content: '你好' });
    expect(answer).toMatchObject({ messageId: start!.data.messageId, content: '你好，这是😀𠮷测试。', status: 'done' });
  });

  it('stops on chat/stop: done with status stopped, the partial text kept; another member cannot stop it', async () => {
    script = async (_turn, io) => {
      io.emit({ type: 'delta', data: { text: '正在为您查找' } });
      await untilAborted(io.signal);
      io.emit({ type: 'delta', data: { text: '不该出现' } });
      throw new Error('aborted request'); // as a provider's aborted fetch does, after the answer ended
    };
    const m = await assistantMember(s);
    const other = await assistantMember(s);
    const otherSession = await newSession(s, other.token);
    const sessionId = await newSession(s, m.token);
    let messageId = '';
    const res = await chat(s, m.token, { sessionId, content: '找手机' }, {
      onEvent: (e) => {
        if (e.type === 'start') messageId = e.data.messageId;
        if (e.type === 'delta') {
          void (async () => {
            const probe = await s.api.post(`${A}/chat/stop`, { token: other.token, json: { sessionId: otherSession, messageId } });
            expect(probe.code).toBe(404);
            expect((await s.api.post(`${A}/chat/stop`, { token: m.token, json: { sessionId, messageId } })).code).toBe(0);
          })();
        }
      },
    });
    expect(eventTypes(res.events)).toEqual(['start', 'delta', 'done']);
    expect(res.events.at(-1)!.data).toMatchObject({ status: 'stopped', text: '正在为您查找' });
    const [, answer] = await messagesOf(m.token, sessionId);
    expect(answer).toMatchObject({ status: 'stopped', content: '正在为您查找' });
    // stopping a finished answer is harmless
    expect((await s.api.post(`${A}/chat/stop`, { token: m.token, json: { sessionId, messageId } })).code).toBe(0);
  });

  it('stops an answer streamed by another server process: the stop marks its row, the streaming process sees it', async () => {
    script = async (_turn, io) => {
      io.emit({ type: 'delta', data: { text: '先说一半' } });
      await untilAborted(io.signal);
    };
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    let messageId = '';
    const res = await chat(s, m.token, { sessionId, content: '你好' }, {
      onEvent: (e) => {
        if (e.type === 'start') messageId = e.data.messageId;
        if (e.type === 'delta') {
          runningTurns.remove(messageId); // as if this process were not the one streaming it
          void s.api.post(`${A}/chat/stop`, { token: m.token, json: { sessionId, messageId } });
        }
      },
    });
    expect(eventTypes(res.events)).toEqual(['start', 'delta', 'done']);
    expect(res.events.at(-1)!.data).toMatchObject({ status: 'stopped', text: '先说一半' });
    expect((await messagesOf(m.token, sessionId))[1]).toMatchObject({ status: 'stopped', content: '先说一半' });
  });

  it('lists an answer being written only once it is finished (it arrives through its stream)', async () => {
    script = async (_turn, io) => {
      io.emit({ type: 'delta', data: { text: '写到一半' } });
      await untilAborted(io.signal);
    };
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    let listedWhileWriting: Promise<any[]> | undefined;
    await chat(s, m.token, { sessionId, content: '你好' }, {
      onEvent: (e, c) => {
        if (e.type === 'delta') listedWhileWriting = messagesOf(m.token, sessionId).finally(() => c.abort());
      },
    });
    expect((await listedWhileWriting!).map((x) => x.role)).toEqual(['user']);
    expect((await listedWhileWriting!)[0].label).toBe('');
    await expect.poll(async () => (await messagesOf(m.token, sessionId)).map((x: any) => x.status), { timeout: 10_000 }).toEqual(['done', 'stopped']);
  });

  it('stops when the buyer closes the connection, keeping the partial text', async () => {
    let aborted: () => void = () => {};
    const providerSaw = new Promise<void>((resolve) => (aborted = resolve));
    script = async (_turn, io) => {
      io.emit({ type: 'delta', data: { text: '第一句。' } });
      await untilAborted(io.signal);
      aborted();
    };
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    const res = await chat(s, m.token, { sessionId, content: '你好' }, { onEvent: (e, c) => e.type === 'delta' && c.abort() });
    expect(eventTypes(res.events)).toEqual(['start', 'delta']);
    await providerSaw;
    await expect
      .poll(async () => (await messagesOf(m.token, sessionId))[1], { timeout: 10_000 })
      .toMatchObject({ status: 'stopped', content: '第一句。' });
  });

  it('regenerates: the earlier answer to that question is replaced, in its place', async () => {
    let n = 0;
    script = async (turn, io) => {
      n += 1;
      io.emit({ type: 'delta', data: { text: `第${n}次回答：${turn.question}` } });
    };
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    const first = await chat(s, m.token, { sessionId, content: '问题一' });
    await chat(s, m.token, { sessionId, content: '问题二' });
    const again = await chat(s, m.token, { sessionId, regenerate: first.events[0]!.data.messageId });
    expect(again.events[0]!.data.replyTo).toBe(first.events[0]!.data.replyTo);
    expect(again.events.at(-1)!.data.text).toBe('第3次回答：问题一');
    const list = await messagesOf(m.token, sessionId);
    expect(list.map((x: any) => x.content)).toEqual(['问题一', '第3次回答：问题一', '问题二', '第2次回答：问题二']);
    // by the question's id too
    const byQuestion = await chat(s, m.token, { sessionId, regenerate: list[2].messageId });
    expect(byQuestion.events.at(-1)!.data.text).toBe('第4次回答：问题二');
    expect((await messagesOf(m.token, sessionId)).length).toBe(4);
  });

  it('gives the earlier conversation to the provider, oldest first', async () => {
    let seen: Turn | undefined;
    script = async (turn, io) => {
      seen = turn;
      io.emit({ type: 'delta', data: { text: '好的' } });
    };
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token, { keyword: '耳机' });
    await chat(s, m.token, { sessionId, content: '第一问' });
    await chat(s, m.token, { sessionId, content: '第二问' });
    expect(seen).toMatchObject({
      question: '第二问',
      context: { keyword: '耳机' },
      member: { memberId: m.memberId },
      history: [
        { role: 'user', content: '第一问' },
        { role: 'assistant', content: '好的' },
      ],
    });
  });

  it('tells the provider which goods the session showed last, also after an answer that showed none', async () => {
    const db = s.running.app.ctx.db;
    const [a, b] = [await makeGoods(db, { name: '指代测试一' }), await makeGoods(db, { name: '指代测试二' })];
    const seen: (number[] | undefined)[] = [];
    script = async (turn, io) => {
      seen.push(turn.shownGoodsIds);
      if (turn.question === '找商品') {
        const result = await io.callTool('compare_goods', { goodsIds: [a.goodsId, b.goodsId] });
        for (const card of result.cards) io.emit({ type: 'card', data: card });
      }
      io.emit({ type: 'delta', data: { text: '好' } });
    };
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    for (const content of ['你好', '找商品', '随便聊聊', '第一个']) await chat(s, m.token, { sessionId, content });
    expect(seen).toEqual([[], [], [a.goodsId, b.goodsId], [a.goodsId, b.goodsId]]);
  });

  it('ends with an error event (Chinese) when the provider fails, keeping what was written as failed', async () => {
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    script = async (_turn, io) => {
      io.emit({ type: 'delta', data: { text: '半句' } });
      throw new ProviderError('模型服务暂时不可用，请稍后再试');
    };
    const log = s.running.app.ctx.log;
    const warned = vi.spyOn(log, 'warn');
    const failed = await chat(s, m.token, { sessionId, content: '你好' });
    expect(eventTypes(failed.events)).toEqual(['start', 'delta', 'error']);
    expect(failed.events.at(-1)!.data).toEqual({ message: '模型服务暂时不可用，请稍后再试' });
    // the operator's log says what failed, with the answer it belongs to
    expect(warned).toHaveBeenCalledWith(
      expect.objectContaining({ provider: 'offline', answerId: failed.events[0]!.data.messageId }),
      'assistant provider failed',
    );
    warned.mockRestore();
    script = async () => {
      throw new Error('secret internal detail: SELECT * FROM members');
    };
    const crashed = await chat(s, m.token, { sessionId, content: '你好' });
    expect(crashed.events.at(-1)!.data.message).toBe('助手暂时无法回答，请稍后再试');
    expect(crashed.raw.toString()).not.toContain('secret');
    const list = await messagesOf(m.token, sessionId);
    expect(list.filter((x: any) => x.role === 'assistant').map((x: any) => [x.status, x.content])).toEqual([
      ['failed', '半句'],
      ['failed', ''],
    ]);
  });

  it('shows only cards that a tool of this turn returned, and ignores a provider’s own tool events', async () => {
    script = async (_turn, io) => {
      io.emit({ type: 'card', data: { kind: 'points', balance: 999999 } });
      io.emit({ type: 'tool', data: { callId: 'x', name: 'made_up', args: {}, status: 'done' } });
      io.emit({ type: 'delta', data: { text: '好的' } });
    };
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    const res = await chat(s, m.token, { sessionId, content: '我有多少积分' });
    expect(eventTypes(res.events)).toEqual(['start', 'delta', 'done']);
    expect((await messagesOf(m.token, sessionId))[1].parts).toEqual([]);
  });

  it('counts a model’s tokens per member and refuses questions past ASSISTANT_DAILY_TOKENS (model providers only)', async () => {
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    const asModel = scripted(async (_turn, io) => {
      io.countTokens(150_000);
      io.emit({ type: 'delta', data: { text: '好' } });
    });
    useProviderForTests(s.running.app.ctx, { ...asModel, name: 'openai', label: '内容由 AI 生成' });
    try {
      expect((await chat(s, m.token, { sessionId, content: '一' })).events.at(-1)!.data.label).toBe('内容由 AI 生成');
      expect((await chat(s, m.token, { sessionId, content: '二' })).events.at(-1)!.type).toBe('done'); // 150000 < 200000 before it
      const refused = await chat(s, m.token, { sessionId, content: '三' });
      expect(refused.envelope).toMatchObject({ code: 429, message: '今天的助手用量已达上限，明天再来吧' });
      const [used] = await rows<{ n: number }>(s.running.app.ctx.db, sql`SELECT sum(tokens)::int AS n FROM assistant_messages WHERE member_id = ${m.memberId}`);
      expect(used!.n).toBe(300_000);
    } finally {
      useProviderForTests(s.running.app.ctx, scripted((turn, io) => script(turn, io)));
    }
    // the offline provider counts no tokens, so the same member may still ask it
    script = async (_turn, io) => io.emit({ type: 'delta', data: { text: '好' } });
    expect((await chat(s, m.token, { sessionId, content: '四' })).events.at(-1)!.type).toBe('done');
  });

  it('refuses a 21st question within a minute, and past the daily limit, as ordinary replies', async () => {
    script = async (_turn, io) => io.emit({ type: 'delta', data: { text: '好' } });
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    const burst = await Promise.all(Array.from({ length: 22 }, (_, i) => chat(s, m.token, { sessionId, content: `第${i}问` })));
    const streamed = burst.filter((r) => r.events.length > 0).length;
    const refused = burst.filter((r) => r.envelope?.code === 429);
    expect(streamed).toBe(20);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.envelope!.message).toBe('提问太频繁了，请稍后再试');

    // a day's questions: move this member's answers back past the minute, then fill the day (30)
    const db = s.running.app.ctx.db;
    await db.execute(sql`UPDATE assistant_messages SET created_at = now() - interval '2 minutes' WHERE member_id = ${m.memberId}`);
    for (let i = 0; i < 10; i += 1) expect((await chat(s, m.token, { sessionId, content: '再问' })).events.length).toBeGreaterThan(0);
    const daily = await chat(s, m.token, { sessionId, content: '还能问吗' });
    expect(daily.envelope).toMatchObject({ code: 429, message: '今天已提问 30 次，达到上限，明天再来吧' });
    const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM assistant_messages WHERE member_id = ${m.memberId} AND role = 'user'`);
    expect(count!.n).toBe(30);
  });
});
