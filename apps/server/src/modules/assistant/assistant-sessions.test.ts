import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../lib/db.ts';
import { startTestServer, type TestServer } from '../../test/kit/index.ts';
import { assistantMember, chat, newSession } from './assistant-test-kit.ts';

const A = '/member/assistant/agent';
const CHINESE = /[\u4e00-\u9fa5]/;

describe('assistant sessions, messages and feedback: the owner only', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());

  const counts = async () =>
    (
      await rows<{ sessions: number; messages: number; named: string }>(
        s.running.app.ctx.db,
        sql`SELECT (SELECT count(*)::int FROM assistant_sessions WHERE deleted_at IS NULL) AS sessions,
          (SELECT count(*)::int FROM assistant_messages) AS messages,
          (SELECT string_agg(title || ':' || coalesce(feedback::text, '-'), ',' ORDER BY s.id) FROM assistant_sessions s
            LEFT JOIN assistant_messages m ON m.session_id = s.id AND m.role = 'assistant') AS named`,
      )
    )[0]!;

  it('needs a signed-in member on every endpoint', async () => {
    for (const [method, path] of [
      ['POST', `${A}/session/create`],
      ['GET', `${A}/session/list`],
      ['POST', `${A}/session/rename`],
      ['POST', `${A}/session/delete`],
      ['GET', `${A}/session/messages`],
      ['POST', `${A}/chat`],
      ['POST', `${A}/chat/stop`],
      ['POST', `${A}/message/feedback`],
    ] as const) {
      expect((await s.api.call(method, path, { json: method === 'POST' ? {} : undefined })).code, path).toBe(106);
    }
  });

  it('creates, names after the first question, lists newest first, renames and deletes', async () => {
    const m = await assistantMember(s);
    const created = await s.api.post(`${A}/session/create`, { token: m.token, json: {} });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ sessionId: expect.any(String), title: '新对话' });
    expect(created.data.suggestions.length).toBeGreaterThan(0);
    const fromGoods = await s.api.post(`${A}/session/create`, { token: m.token, json: { context: { goodsId: 1 } } });
    expect(fromGoods.data.suggestions).toContain('这款有哪些规格？还有货吗？');
    const fromSearch = await s.api.post(`${A}/session/create`, { token: m.token, json: { context: { keyword: '手机' } } });
    expect(fromSearch.data.suggestions[0]).toContain('手机');

    const asked = await chat(s, m.token, { sessionId: created.data.sessionId, content: '你好，我想找一款适合送给爸爸的剃须刀，预算三百元左右' });
    expect(asked.events.at(-1)?.type).toBe('done');
    const list = await s.api.get(`${A}/session/list`, { token: m.token, query: { pageNum: 1, pageSize: 10 } });
    expect(list.data.total).toBe(3);
    expect(list.data.list[0]).toEqual({
      sessionId: created.data.sessionId,
      title: '你好，我想找一款适合送给爸爸的剃须刀，预算三百元左右'.slice(0, 30),
      updatedAt: expect.any(String),
    });

    expect((await s.api.post(`${A}/session/rename`, { token: m.token, json: { sessionId: created.data.sessionId, title: ' 剃须刀 ' } })).code).toBe(0);
    const again = await chat(s, m.token, { sessionId: created.data.sessionId, content: '还有别的吗' });
    expect(again.events.at(-1)?.type).toBe('done');
    const renamed = await s.api.get(`${A}/session/list`, { token: m.token });
    expect(renamed.data.list[0].title).toBe('剃须刀'); // a later question does not rename it

    const messages = await s.api.get(`${A}/session/messages`, { token: m.token, query: { sessionId: created.data.sessionId } });
    expect(messages.data.list.map((x: any) => x.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages.data.list[1]).toMatchObject({ status: 'done', label: '内容由系统根据商品数据生成', feedback: null, parts: [] });
    expect(messages.data.list[1].replyTo).toBe(messages.data.list[0].messageId);

    expect((await s.api.post(`${A}/session/delete`, { token: m.token, json: { sessionId: created.data.sessionId } })).code).toBe(0);
    const kept = await rows<{ content: string; parts: unknown[] }>(
      s.running.app.ctx.db,
      sql`SELECT content, parts FROM assistant_messages WHERE session_id = ${created.data.sessionId}`,
    );
    expect(kept).toHaveLength(4); // counted still, but the words are gone
    expect(kept.every((r) => r.content === '' && r.parts.length === 0)).toBe(true);
    expect((await s.api.get(`${A}/session/list`, { token: m.token })).data.total).toBe(2);
    const gone = await s.api.get(`${A}/session/messages`, { token: m.token, query: { sessionId: created.data.sessionId } });
    expect(gone).toMatchObject({ code: 404, message: '会话不存在' });
    expect((await s.api.post(`${A}/session/delete`, { token: m.token, json: { sessionId: created.data.sessionId } })).code).toBe(404);
    const feedbackOnDeleted = await s.api.post(`${A}/message/feedback`, {
      token: m.token,
      json: { messageId: messages.data.list[1].messageId, value: 1 },
    });
    expect(feedbackOnDeleted.code).toBe(404);
  });

  it('takes feedback on answers only: 1, -1 and 0 to take it back', async () => {
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    await chat(s, m.token, { sessionId, content: '你好' });
    const [question, answer] = (await s.api.get(`${A}/session/messages`, { token: m.token, query: { sessionId } })).data.list;
    for (const value of [1, -1]) {
      expect((await s.api.post(`${A}/message/feedback`, { token: m.token, json: { messageId: answer.messageId, value } })).code).toBe(0);
      const [, rated] = (await s.api.get(`${A}/session/messages`, { token: m.token, query: { sessionId } })).data.list;
      expect(rated.feedback).toBe(value);
    }
    expect((await s.api.post(`${A}/message/feedback`, { token: m.token, json: { messageId: answer.messageId, value: 0 } })).code).toBe(0);
    expect((await s.api.get(`${A}/session/messages`, { token: m.token, query: { sessionId } })).data.list[1].feedback).toBe(null);
    const onQuestion = await s.api.post(`${A}/message/feedback`, { token: m.token, json: { messageId: question.messageId, value: 1 } });
    expect(onQuestion).toMatchObject({ code: 400, message: '只能评价助手的回答' });
  });

  it('answers another member’s session and message ids as not found, on every endpoint, and changes nothing', async () => {
    const owner = await assistantMember(s);
    const other = await assistantMember(s);
    const ownerSession = await newSession(s, owner.token);
    await chat(s, owner.token, { sessionId: ownerSession, content: '我的订单到哪了' });
    const [ownerQuestion, ownerAnswer] = (await s.api.get(`${A}/session/messages`, { token: owner.token, query: { sessionId: ownerSession } })).data.list;
    const otherSession = await newSession(s, other.token);
    const before = await counts();

    const t = other.token;
    const probes: [string, () => Promise<{ code: number; message: string }>][] = [
      ['messages', () => s.api.get(`${A}/session/messages`, { token: t, query: { sessionId: ownerSession } })],
      ['rename', () => s.api.post(`${A}/session/rename`, { token: t, json: { sessionId: ownerSession, title: '偷看' } })],
      ['delete', () => s.api.post(`${A}/session/delete`, { token: t, json: { sessionId: ownerSession } })],
      ['chat in their session', async () => (await chat(s, t, { sessionId: ownerSession, content: '你好' })).envelope!],
      ['regenerate their answer in their session', async () => (await chat(s, t, { sessionId: ownerSession, regenerate: ownerAnswer.messageId })).envelope!],
      ['regenerate their question in my session', async () => (await chat(s, t, { sessionId: otherSession, regenerate: ownerQuestion.messageId })).envelope!],
      ['regenerate their answer in my session', async () => (await chat(s, t, { sessionId: otherSession, regenerate: ownerAnswer.messageId })).envelope!],
      ['regenerate their question with content', async () => (await chat(s, t, { sessionId: otherSession, content: '再来', regenerate: ownerQuestion.messageId })).envelope!],
      ['stop in their session', () => s.api.post(`${A}/chat/stop`, { token: t, json: { sessionId: ownerSession, messageId: ownerAnswer.messageId } })],
      ['stop their answer from my session', () => s.api.post(`${A}/chat/stop`, { token: t, json: { sessionId: otherSession, messageId: ownerAnswer.messageId } })],
      ['stop their question from my session', () => s.api.post(`${A}/chat/stop`, { token: t, json: { sessionId: otherSession, messageId: ownerQuestion.messageId } })],
      ['feedback on their answer 👍', () => s.api.post(`${A}/message/feedback`, { token: t, json: { messageId: ownerAnswer.messageId, value: 1 } })],
      ['feedback on their answer 👎', () => s.api.post(`${A}/message/feedback`, { token: t, json: { messageId: ownerAnswer.messageId, value: -1 } })],
      ['feedback on their question', () => s.api.post(`${A}/message/feedback`, { token: t, json: { messageId: ownerQuestion.messageId, value: 1 } })],
      ['messages by an upper-case id', () => s.api.get(`${A}/session/messages`, { token: t, query: { sessionId: ownerSession.toUpperCase() } })],
      ['rename by an upper-case id', () => s.api.post(`${A}/session/rename`, { token: t, json: { sessionId: ownerSession.toUpperCase(), title: 'x' } })],
      ['delete by a padded id', () => s.api.post(`${A}/session/delete`, { token: t, json: { sessionId: ` ${ownerSession} ` } })],
      ['messages by their message id', () => s.api.get(`${A}/session/messages`, { token: t, query: { sessionId: ownerAnswer.messageId } })],
      ['rename by their message id', () => s.api.post(`${A}/session/rename`, { token: t, json: { sessionId: ownerQuestion.messageId, title: 'x' } })],
      ['feedback by their session id', () => s.api.post(`${A}/message/feedback`, { token: t, json: { messageId: ownerSession, value: 1 } })],
      ['stop by their session id as the message', () => s.api.post(`${A}/chat/stop`, { token: t, json: { sessionId: ownerSession, messageId: ownerSession } })],
      ['chat by their message id as the session', async () => (await chat(s, t, { sessionId: ownerQuestion.messageId, content: '你好' })).envelope!],
    ];
    expect(probes.length).toBeGreaterThanOrEqual(20);
    for (const [name, probe] of probes) {
      const res = await probe();
      expect(res.code, name).toBe(404);
      expect(res.message, name).toMatch(/^(会话|消息)不存在$/);
    }
    // their list shows only their own; the owner's conversation is as it was
    const list = await s.api.get(`${A}/session/list`, { token: t });
    expect(list.data.list.map((x: any) => x.sessionId)).toEqual([otherSession]);
    expect(await counts()).toEqual(before);
    const still = await s.api.get(`${A}/session/messages`, { token: owner.token, query: { sessionId: ownerSession } });
    expect(still.data.list).toHaveLength(2);
    expect(still.data.list[1]).toMatchObject({ messageId: ownerAnswer.messageId, feedback: null, status: 'done' });
  });

  it('refuses bad input on every endpoint with a Chinese message, and stores nothing', async () => {
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    await chat(s, m.token, { sessionId, content: '你好' });
    const [, answer] = (await s.api.get(`${A}/session/messages`, { token: m.token, query: { sessionId } })).data.list;
    const before = await counts();
    const t = m.token;
    const long = '长'.repeat(501);
    const cases: [string, () => Promise<{ code: number; message: string }>, RegExp][] = [
      ['create: context not an object', () => s.api.post(`${A}/session/create`, { token: t, json: { context: 'goods' } }), /上下文/],
      ['create: goodsId negative', () => s.api.post(`${A}/session/create`, { token: t, json: { context: { goodsId: -1 } } }), /商品编号/],
      ['create: goodsId a fraction', () => s.api.post(`${A}/session/create`, { token: t, json: { context: { goodsId: 1.5 } } }), /商品编号/],
      ['create: goodsId huge', () => s.api.post(`${A}/session/create`, { token: t, json: { context: { goodsId: 1e20 } } }), /商品编号/],
      ['create: keyword too long', () => s.api.post(`${A}/session/create`, { token: t, json: { context: { keyword: '词'.repeat(51) } } }), /搜索词/],
      ['list: pageSize 0', () => s.api.get(`${A}/session/list`, { token: t, query: { pageSize: 0 } }), /每页条数/],
      ['list: pageSize 51', () => s.api.get(`${A}/session/list`, { token: t, query: { pageSize: 51 } }), /每页条数/],
      ['list: pageNum text', () => s.api.get(`${A}/session/list`, { token: t, query: { pageNum: 'abc' } }), /页码/],
      ['rename: missing id', () => s.api.post(`${A}/session/rename`, { token: t, json: { title: 'x' } }), /会话编号/],
      ['rename: id not a uuid', () => s.api.post(`${A}/session/rename`, { token: t, json: { sessionId: "1' OR '1'='1", title: 'x' } }), /会话编号/],
      ['rename: id a number', () => s.api.post(`${A}/session/rename`, { token: t, json: { sessionId: 42, title: 'x' } }), /会话编号/],
      ['rename: empty title', () => s.api.post(`${A}/session/rename`, { token: t, json: { sessionId, title: '  ' } }), /会话名称/],
      ['rename: title over 30', () => s.api.post(`${A}/session/rename`, { token: t, json: { sessionId, title: '名'.repeat(31) } }), /会话名称/],
      ['rename: title with NUL', () => s.api.post(`${A}/session/rename`, { token: t, json: { sessionId, title: 'a\u0000b' } }), /会话名称/],
      ['delete: missing id', () => s.api.post(`${A}/session/delete`, { token: t, json: {} }), /会话编号/],
      ['delete: id an array', () => s.api.post(`${A}/session/delete`, { token: t, json: { sessionId: [sessionId] } }), /会话编号/],
      ['messages: missing id', () => s.api.get(`${A}/session/messages`, { token: t }), /会话编号/],
      ['messages: injection-shaped id', () => s.api.get(`${A}/session/messages`, { token: t, query: { sessionId: "'; DROP TABLE assistant_messages; --" } }), /会话编号/],
      ['chat: missing everything', async () => (await chat(s, t, {})).envelope!, /会话编号/],
      ['chat: no question', async () => (await chat(s, t, { sessionId })).envelope!, /请输入问题/],
      ['chat: blank question', async () => (await chat(s, t, { sessionId, content: '   ' })).envelope!, /请输入问题/],
      ['chat: question a number', async () => (await chat(s, t, { sessionId, content: 123 })).envelope!, /问题/],
      ['chat: question over 500', async () => (await chat(s, t, { sessionId, content: long })).envelope!, /不能超过 500 个字/],
      ['chat: 501 emoji', async () => (await chat(s, t, { sessionId, content: '😀'.repeat(501) })).envelope!, /不能超过 500 个字/],
      ['chat: NUL in question', async () => (await chat(s, t, { sessionId, content: '你\u0000好' })).envelope!, /不允许的字符/],
      ['chat: regenerate not a uuid', async () => (await chat(s, t, { sessionId, regenerate: 'abc' })).envelope!, /消息编号/],
      ['chat: unknown session', async () => (await chat(s, t, { sessionId: '00000000-0000-4000-8000-000000000000', content: '你好' })).envelope!, /会话不存在/],
      ['chat: regenerate an unknown message', async () => (await chat(s, t, { sessionId, regenerate: '00000000-0000-4000-8000-000000000000' })).envelope!, /消息不存在/],
      ['stop: missing message', () => s.api.post(`${A}/chat/stop`, { token: t, json: { sessionId } }), /消息编号/],
      ['stop: message a number', () => s.api.post(`${A}/chat/stop`, { token: t, json: { sessionId, messageId: 7 } }), /消息编号/],
      ['feedback: value 2', () => s.api.post(`${A}/message/feedback`, { token: t, json: { messageId: answer.messageId, value: 2 } }), /评价/],
      ['feedback: value -5', () => s.api.post(`${A}/message/feedback`, { token: t, json: { messageId: answer.messageId, value: -5 } }), /评价/],
      ['feedback: value text', () => s.api.post(`${A}/message/feedback`, { token: t, json: { messageId: answer.messageId, value: 'good' } }), /评价/],
      ['feedback: value missing', () => s.api.post(`${A}/message/feedback`, { token: t, json: { messageId: answer.messageId } }), /评价/],
      ['feedback: message missing', () => s.api.post(`${A}/message/feedback`, { token: t, json: { value: 1 } }), /消息编号/],
    ];
    for (const [name, send, message] of cases) {
      const res = await send();
      expect(res.code, name).not.toBe(0);
      expect([400, 404], name).toContain(res.code);
      expect(res.message, name).toMatch(message);
      expect(res.message, name).toMatch(CHINESE);
    }
    expect(await counts()).toEqual(before);
    // a malformed JSON body is a transport fault with the envelope, not a stream
    const malformed = await s.api.post(`${A}/chat`, { token: t, rawBody: '{"sessionId":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
  });

  it('keeps a question of exactly 500 characters, unicode and injection-shaped text as it was asked', async () => {
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    const question = `${"'); DELETE FROM goods; -- <script>alert(1)</script> 𠮷😀"}${'问'.repeat(400)}`;
    expect([...question].length).toBeLessThanOrEqual(500);
    const res = await chat(s, m.token, { sessionId, content: question });
    expect(res.events.at(-1)?.type).toBe('done');
    const [asked] = (await s.api.get(`${A}/session/messages`, { token: m.token, query: { sessionId } })).data.list;
    expect(asked.content).toBe(question);
    const exactly = '问'.repeat(500);
    expect((await chat(s, m.token, { sessionId, content: exactly })).events.at(-1)?.type).toBe('done');
  });
});
