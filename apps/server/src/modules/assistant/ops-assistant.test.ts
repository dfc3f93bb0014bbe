import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOps, bearer, makeOperator, startCatalogServer, type TestServer } from '../../test/kit/index.ts';
import { assistantMember, chat, newSession } from './assistant-test-kit.ts';

const OPS_TOKEN = 'console-assistant-ops-token-0123456789';

describe('the console’s assistant usage', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startCatalogServer(60, { OPS_TOKEN });
  });
  afterAll(async () => s?.close());

  it('counts questions per day and tools called, and lists the 👎 answers with their question', async () => {
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    const first = await chat(s, m.token, { sessionId, content: '我有多少积分' });
    await chat(s, m.token, { sessionId, content: '三千以内的手机' });
    await chat(s, m.token, { sessionId, content: '今天天气怎么样' });
    const thumbsDown = first.events[0]!.data.messageId;
    await s.api.post('/member/assistant/agent/message/feedback', { token: m.token, json: { messageId: thumbsDown, value: -1 } });

    const res = await s.api.get('/ops/assistant/usage', { ...asOps(OPS_TOKEN), query: { days: 7 } });
    expect(res.code).toBe(0);
    expect(res.data.days).toHaveLength(7);
    const today = res.data.days.at(-1);
    expect(today).toMatchObject({ questions: 3, members: 1, thumbsDown: 1, thumbsUp: 0, failed: 0 });
    expect(res.data.days.slice(0, 6).every((d: any) => d.questions === 0)).toBe(true);
    expect(res.data.tools).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tool: 'points_balance', calls: 1, failed: 0 }),
        expect.objectContaining({ tool: 'search_goods', calls: 1, failed: 0 }),
      ]),
    );
    expect(res.data.thumbsDown).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    expect(res.data.thumbsDown.list[0]).toMatchObject({ messageId: thumbsDown, question: '我有多少积分', provider: 'offline' });
    expect(res.data.thumbsDown.list[0].answer).toMatch(/积分/);
    expect(JSON.stringify(res.data)).not.toContain(m.memberId); // no member is named
  });

  it('needs the permission: 运营 and 客服 hold it, 财务 does not; bad input is refused in Chinese', async () => {
    for (const [role, code] of [
      ['operations', 0],
      ['service', 0],
      ['finance', 403],
    ] as const) {
      const op = await makeOperator(s.api, OPS_TOKEN, role);
      expect((await s.api.get('/ops/assistant/usage', bearer(op.token))).code, role).toBe(code);
    }
    expect((await s.api.get('/ops/assistant/usage')).code).not.toBe(0);
    for (const days of [0, 91, 'abc', -1]) {
      const res = await s.api.get('/ops/assistant/usage', { ...asOps(OPS_TOKEN), query: { days } });
      expect(res.code).toBe(400);
      expect(res.message).toMatch(/统计天数/);
    }
    expect((await s.api.get('/ops/assistant/usage', { ...asOps(OPS_TOKEN), query: { pageSize: 51 } })).message).toMatch(/每页条数/);
  });
});
