import crypto from 'node:crypto';
import type { AppContext } from '../../lib/context.ts';
import { assistantMessages, assistantSessions, assistantToolCalls } from '../../db/schema/assistant.ts';
import { assistantMcpCalls } from '../../db/schema/assistant-mcp.ts';
import type { AgentCallRow } from './replay-agent-calls.ts';
import type { ReplayedConversation } from './replay-conversation.ts';

/**
 * The replayed history written as the assistant writes it: a session per conversation (named after
 * its first question, last used at its last question), each question and its answer (offline, with
 * the provider's label and the buyer's 👍/👎), every tool call of an answer, and the agents' MCP calls.
 * One transaction of one multi-row insert per table, so a start that stops half-way leaves none.
 */
export async function writeHistory(
  ctx: AppContext,
  conversations: ReplayedConversation[],
  agentCalls: AgentCallRow[],
  answerer: { provider: string; label: string },
) {
  const sessions: (typeof assistantSessions.$inferInsert)[] = [];
  const questions: (typeof assistantMessages.$inferInsert)[] = [];
  const answers: (typeof assistantMessages.$inferInsert)[] = [];
  const toolCalls: (typeof assistantToolCalls.$inferInsert)[] = [];
  for (const c of conversations) {
    const sessionId = crypto.randomUUID();
    sessions.push({
      id: sessionId,
      memberId: c.memberId,
      title: c.title,
      context: null,
      createdAt: c.startedAt,
      updatedAt: c.turns.at(-1)!.askedAt,
    });
    for (const t of c.turns) {
      const questionId = crypto.randomUUID();
      const answerId = crypto.randomUUID();
      const own = { sessionId, memberId: c.memberId };
      questions.push({
        ...own,
        id: questionId,
        role: 'user',
        content: t.question,
        status: 'done',
        createdAt: t.askedAt,
      });
      answers.push({
        ...own,
        id: answerId,
        role: 'assistant',
        content: t.answer,
        parts: t.parts,
        status: 'done',
        provider: answerer.provider,
        label: answerer.label,
        feedback: t.feedback,
        replyTo: questionId,
        createdAt: t.answeredAt,
      });
      for (const call of t.calls) {
        toolCalls.push({
          ...own,
          messageId: answerId,
          tool: call.tool,
          args: call.args,
          resultSize: call.resultSize,
          ms: call.ms,
          ok: call.ok,
          createdAt: call.at,
        });
      }
    }
  }
  const mcpCalls = agentCalls.map((c) => ({
    memberId: c.memberId,
    tool: c.tool,
    args: c.args,
    resultSize: c.resultSize,
    ms: c.ms,
    ok: c.ok,
    createdAt: c.at,
  }));
  await ctx.db.transaction(async (tx) => {
    if (!sessions.length) return;
    await tx.insert(assistantSessions).values(sessions);
    await tx.insert(assistantMessages).values(questions);
    await tx.insert(assistantMessages).values(answers);
    if (toolCalls.length) await tx.insert(assistantToolCalls).values(toolCalls);
    if (mcpCalls.length) await tx.insert(assistantMcpCalls).values(mcpCalls);
  });
  return {
    sessions: sessions.length,
    questions: questions.length,
    toolCalls: toolCalls.length,
    mcpCalls: mcpCalls.length,
  };
}
