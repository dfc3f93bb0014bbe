import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chunk, fakeIo, startFakeLlm, type FakeLlm } from '../../../test/fake-llm/index.ts';
import { ProviderError, type AssistantProvider, type Turn } from '../provider.ts';
import { openAIProvider, type OpenAISettings } from './openai.ts';

// What the buyer gets when the endpoint misbehaves: retries where they help, a Chinese sentence where not.

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => {
  llm.requests.length = 0;
});

const turn: Turn = { question: '我的订单到哪了', history: [], context: null, member: { memberId: 'm-1' } };

function provider(policy: Partial<OpenAISettings['policy']> = {}): AssistantProvider {
  return openAIProvider({
    baseURL: llm.baseURL,
    model: 'fake-model',
    maxSteps: 3,
    policy: { timeoutMs: 800, retries: 2, backoffMs: 10, maxWaitMs: 3000, ...policy },
  });
}

async function failure(p: Promise<void>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return (err as ProviderError).buyerMessage;
}

describe('openai provider: failures', () => {
  it('waits as long as Retry-After says on a 429, then answers', async () => {
    llm.script(chunk.tooManyRequests(1), { kind: 'stream', events: chunk.answer('好的') });
    const io = fakeIo();
    const started = Date.now();
    await provider().respond(turn, io);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(io.text()).toBe('好的');
    expect(llm.requests).toHaveLength(2);
  });

  it('gives up on 429 after its retries, or at once when Retry-After asks for too long, with a Chinese message', async () => {
    llm.script(chunk.tooManyRequests(0), chunk.tooManyRequests(0), chunk.tooManyRequests(0));
    expect(await failure(provider().respond(turn, fakeIo()))).toBe('AI 助手当前太忙，请稍后再试。');
    expect(llm.requests).toHaveLength(3);
    llm.requests.length = 0;
    llm.script(chunk.tooManyRequests(600));
    expect(await failure(provider().respond(turn, fakeIo()))).toBe('AI 助手当前太忙，请稍后再试。');
    expect(llm.requests).toHaveLength(1);
  });

  it('retries a 5xx with backoff', async () => {
    llm.script(
      { kind: 'status', status: 502 },
      { kind: 'status', status: 503 },
      { kind: 'stream', events: chunk.answer('恢复了') },
    );
    const io = fakeIo();
    await provider().respond(turn, io);
    expect(io.text()).toBe('恢复了');
    expect(llm.requests).toHaveLength(3);
  });

  it('does not retry another 400, and says the assistant is unavailable', async () => {
    llm.script({ kind: 'status', status: 400, body: { error: { message: 'model not found' } } });
    expect(await failure(provider().respond(turn, fakeIo()))).toBe('AI 助手暂时不可用，请稍后再试。');
    expect(llm.requests).toHaveLength(1);
  });

  it('says the question cannot be answered when the vendor’s content check refuses it', async () => {
    llm.script({
      kind: 'status',
      status: 400,
      body: {
        code: 'DataInspectionFailed',
        error: { code: 'data_inspection_failed', message: 'Input data may contain inappropriate content.' },
      },
    });
    expect(await failure(provider().respond(turn, fakeIo()))).toBe('这个问题 AI 助手暂时无法回答，请换个说法再试。');
    expect(llm.requests).toHaveLength(1);
    llm.script({ kind: 'stream', events: [chunk.finish('sensitive')] });
    expect(await failure(provider().respond(turn, fakeIo()))).toBe('这个问题 AI 助手暂时无法回答，请换个说法再试。');
  });

  it('drops a parameter the vendor refuses, retries once, and leaves it out of later calls', async () => {
    const p = provider();
    llm.script(chunk.refusedParameter('stream_options'), { kind: 'stream', events: chunk.answer('可以') });
    const io = fakeIo();
    await p.respond(turn, io);
    expect(io.text()).toBe('可以');
    expect(llm.requests[0]!.body.stream_options).toBeDefined();
    expect(llm.requests[1]!.body.stream_options).toBeUndefined();
    // No usage came back: the tokens are estimated rather than left uncounted.
    expect(io.tokens).toBeGreaterThan(0);
    llm.script({ kind: 'stream', events: chunk.answer('还是可以') });
    await p.respond(turn, fakeIo());
    expect(llm.requests[2]!.body.stream_options).toBeUndefined();
    expect(llm.requests).toHaveLength(3);
  });

  it('drops a refused parameter only once per call: a second refusal ends the turn', async () => {
    llm.script(chunk.refusedParameter('max_tokens'), chunk.refusedParameter('stream_options'));
    const p = openAIProvider({
      baseURL: llm.baseURL,
      model: 'fake-model',
      maxSteps: 3,
      maxTokens: 100,
      policy: { timeoutMs: 800, retries: 2, backoffMs: 10, maxWaitMs: 3000 },
    });
    expect(await failure(p.respond(turn, fakeIo()))).toBe('AI 助手暂时不可用，请稍后再试。');
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]!.body.max_tokens).toBeUndefined();
  });

  it('times out an endpoint that never answers', async () => {
    llm.script({ kind: 'hang' });
    const started = Date.now();
    expect(await failure(provider().respond(turn, fakeIo()))).toBe('AI 助手响应超时，请稍后再试。');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(llm.requests).toHaveLength(1);
  });

  it('times out a stream that falls silent halfway, keeping what was shown', async () => {
    llm.script({ kind: 'stream', events: chunk.answer('您的订单', '已发货', '，预计明天送达'), stallAfter: 2 });
    const io = fakeIo();
    expect(await failure(provider().respond(turn, io))).toBe('AI 助手响应超时，请稍后再试。');
    expect(io.text()).toBe('您的订单已发货');
  });

  it('ends quietly when the buyer stops the answer', async () => {
    llm.script({ kind: 'stream', events: chunk.answer('第一句。', '第二句。', '第三句。'), delayMs: 300 });
    const io = fakeIo();
    setTimeout(() => io.controller.abort(), 150);
    await provider({ timeoutMs: 5000 }).respond(turn, io);
    expect(io.text()).toBe('第一句。');
  });

  it('says so when the endpoint cannot be reached', async () => {
    const p = openAIProvider({
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'fake-model',
      maxSteps: 3,
      policy: { timeoutMs: 800, retries: 1, backoffMs: 10, maxWaitMs: 3000 },
    });
    expect(await failure(p.respond(turn, fakeIo()))).toBe('AI 助手暂时无法连接，请稍后再试。');
  });
});
