import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../../lib/db.ts';
import { chunk, startFakeLlm, type FakeLlm } from '../../../test/fake-llm/index.ts';
import { dbOf, startTestServer, type TestServer } from '../../../test/kit/index.ts';
import { assistantMember, chat, eventTypes, newSession } from '../assistant-test-kit.ts';
import { MODEL_LABEL } from '../provider.ts';

// The chat endpoint with ASSISTANT_PROVIDER=openai, over HTTP, against the fake endpoint.

let llm: FakeLlm;
let s: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm();
  s = await startTestServer({
    ASSISTANT_PROVIDER: 'openai',
    ASSISTANT_BASE_URL: llm.baseURL,
    ASSISTANT_MODEL: 'fake-model',
    ASSISTANT_API_KEY: 'sk-chat-test',
    ASSISTANT_TIMEOUT_MS: '1000',
    ASSISTANT_DAILY_TOKENS: '1000',
  });
});
afterAll(async () => {
  await s?.close();
  await llm?.close();
});

describe('chat with the openai provider', () => {
  it('streams the model’s answer, characters whole, labelled as AI-made, its tokens kept', async () => {
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    const answer = '您好！这款手机很适合您，欢迎选购。';
    llm.script({
      kind: 'stream',
      events: [
        chunk.reasoning('想一想'),
        ...answer.match(/.{1,3}/gu)!.map(chunk.text),
        chunk.finish('stop'),
        chunk.usageOnly(90, 30),
      ],
      writeBytes: 5,
      delayMs: 1,
    });
    const reply = await chat(s, m.token, { sessionId, content: '推荐一款手机' });
    expect(reply.contentType).toMatch(/^text\/event-stream/);
    expect(eventTypes(reply.events)[0]).toBe('start');
    expect(eventTypes(reply.events).at(-1)).toBe('done');
    const done = reply.events.at(-1)!.data;
    expect(done).toMatchObject({ text: answer, status: 'done', label: MODEL_LABEL });
    const [row] = await rows<{ tokens: number; content: string }>(
      dbOf(s),
      sql`SELECT tokens, content FROM assistant_messages WHERE id = ${done.messageId}`,
    );
    expect(row).toEqual({ tokens: 120, content: answer });
    expect(llm.requests.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: '推荐一款手机' });
  });

  it('ends with a Chinese error event when the endpoint keeps answering 429', async () => {
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    llm.script(chunk.tooManyRequests(0), chunk.tooManyRequests(0), chunk.tooManyRequests(0));
    const reply = await chat(s, m.token, { sessionId, content: '我的订单到哪了' });
    expect(reply.events.at(-1)).toEqual({ type: 'error', data: { message: 'AI 助手当前太忙，请稍后再试。' } });
  });

  it('ends with a time-out message when the endpoint never answers', async () => {
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    llm.script({ kind: 'hang' });
    const reply = await chat(s, m.token, { sessionId, content: '有什么优惠券' });
    expect(reply.events.at(-1)).toEqual({ type: 'error', data: { message: 'AI 助手响应超时，请稍后再试。' } });
  });

  it('refuses a member who spent the day’s tokens, before asking the model', async () => {
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    llm.script({ kind: 'stream', events: [...chunk.answer('好的'), chunk.usageOnly(900, 200)] });
    const first = await chat(s, m.token, { sessionId, content: '你好' });
    expect(eventTypes(first.events).at(-1)).toBe('done');
    const asked = llm.requests.length;
    const second = await chat(s, m.token, { sessionId, content: '再问一个' });
    expect(second.envelope).toMatchObject({ code: 429 });
    expect(second.envelope!.message).toContain('用量已达上限');
    expect(llm.requests.length).toBe(asked);
    // Another member still has their own allowance.
    const other = await assistantMember(s);
    llm.script({ kind: 'stream', events: chunk.answer('可以') });
    const third = await chat(s, other.token, { sessionId: await newSession(s, other.token), content: '你好' });
    expect(eventTypes(third.events).at(-1)).toBe('done');
  });
});
