import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { memberOf, requireMember } from '../accounts/index.ts';
import * as assistant from './assistant.service.ts';
import { chatBody, createSessionBody, feedbackBody, renameBody, sessionIdBody, sessionPageQuery, stopBody } from './assistant.schema.ts';
import { openEventStream } from './event-stream.ts';
import { assistantProvider } from './provider-choice.ts';
import { prepareTurn } from './turn-prepare.ts';
import { runTurn } from './turn-runner.ts';
import { runningTurns } from './turn-registry.ts';

const BASE = '/member/assistant/agent';

export async function assistantRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const guarded = { preHandler: requireMember };

  app.post(`${BASE}/session/create`, guarded, async (req) => {
    const { context } = parse(createSessionBody, req.body);
    return ok(await assistant.createSession(ctx, memberOf(req).memberId, context ?? null));
  });

  app.get(`${BASE}/session/list`, guarded, async (req) => {
    const { pageNum, pageSize } = parse(sessionPageQuery, req.query);
    return ok(await assistant.sessionPage(ctx, memberOf(req).memberId, pageNum, pageSize));
  });

  app.post(`${BASE}/session/rename`, guarded, async (req) => {
    const { sessionId, title } = parse(renameBody, req.body);
    await assistant.renameSession(ctx, memberOf(req).memberId, sessionId, title);
    return ok(null, '已重命名');
  });

  app.post(`${BASE}/session/delete`, guarded, async (req) => {
    const { sessionId } = parse(sessionIdBody, req.body);
    await assistant.deleteSession(ctx, memberOf(req).memberId, sessionId);
    return ok(null, '已删除');
  });

  app.get(`${BASE}/session/messages`, guarded, async (req) => {
    const { sessionId } = parse(sessionIdBody, req.query);
    return ok(await assistant.sessionMessages(ctx, memberOf(req).memberId, sessionId));
  });

  app.post(`${BASE}/message/feedback`, guarded, async (req) => {
    const { messageId, value } = parse(feedbackBody, req.body);
    await assistant.giveFeedback(ctx, memberOf(req).memberId, messageId, value);
    return ok(null, '感谢反馈');
  });

  // Refusals (bad input, limits, another member's session) are ordinary replies; past them, a stream.
  app.post(`${BASE}/chat`, guarded, async (req, reply) => {
    const body = parse(chatBody, req.body);
    const memberId = memberOf(req).memberId;
    const provider = assistantProvider(ctx);
    const prepared = await prepareTurn(ctx, provider, memberId, body);
    const controller = new AbortController();
    runningTurns.add(prepared.answerId, { memberId, sessionId: prepared.sessionId, controller });
    const stream = openEventStream(reply, () => controller.abort('closed'));
    try {
      await runTurn(ctx, provider, prepared, stream.write, controller.signal, () => controller.abort('stopped'));
    } finally {
      runningTurns.remove(prepared.answerId);
      stream.end();
    }
  });

  app.post(`${BASE}/chat/stop`, guarded, async (req) => {
    const { sessionId, messageId } = parse(stopBody, req.body);
    const memberId = memberOf(req).memberId;
    await assistant.ownSession(ctx, memberId, sessionId);
    const message = await assistant.ownMessage(ctx, memberId, messageId);
    if (message.session_id !== sessionId) throw assistant.messageNotFound();
    // here, or on the process that streams it (it watches its row); an answer already finished stays as it is
    if (!runningTurns.stop(memberId, sessionId, messageId)) await assistant.requestStop(ctx, memberId, messageId);
    return ok(null, '已停止');
  });
}
