import { sql } from 'drizzle-orm';
import type { AppContext } from '../lib/context.ts';
import { rows } from '../lib/db.ts';
import { findMemberByMobile, findMemberByUsername, insertMember } from '../modules/accounts/accounts.repo.ts';
import { offlineProvider } from '../modules/assistant/offline-provider.ts';
import { replayAgentSession, type AgentCallRow } from './assistant/replay-agent-calls.ts';
import { seededRandom } from './assistant/timing.ts';
import { AGENT_SESSIONS, CONVERSATIONS, DEMO_BUYERS, type Asker } from './assistant/conversations.ts';
import { replayConversation, type ReplayedConversation } from './assistant/replay-conversation.ts';
import { writeHistory } from './assistant/write-history.ts';

/**
 * 购物助手 demo data, so a newcomer's console 助手 screen and the demo member's /ai/chat are not empty:
 * a month of conversations of the demo member and eight buyers (assistant/conversations.ts), answered
 * by the offline provider itself from the catalogue as of each question's moment (assistant/replay-conversation.ts),
 * with its tool calls, the buyers' 👍/👎, and the calls of some buyers' own AI agents to the MCP server.
 * Deterministic for a given start (a seeded random), written in one transaction. Made once: skipped
 * when the shop has any assistant session.
 */
const RANDOM_SEED = 20_260_105;

export async function seedDemoAssistant(
  ctx: AppContext,
  username: string,
  progress: (message: string) => void,
  now = new Date(),
) {
  const [any] = await rows<{ found: boolean }>(ctx.db, sql`SELECT EXISTS (SELECT 1 FROM assistant_sessions) AS found`);
  const demo = await findMemberByUsername(ctx.db, username);
  if (any?.found || !demo) return;
  const started = Date.now();
  const members = new Map<Asker, string>([['demo', demo.id], ...(await buyers(ctx, now))]);
  const random = seededRandom(RANDOM_SEED);
  const provider = offlineProvider(ctx);

  const conversations: ReplayedConversation[] = [];
  for (const script of CONVERSATIONS) {
    const replayed = await replayConversation(ctx, provider, members.get(script.who)!, script, now, random);
    if (replayed) conversations.push(replayed);
  }
  const agentCalls: AgentCallRow[] = [];
  for (const script of AGENT_SESSIONS)
    agentCalls.push(...(await replayAgentSession(ctx, members.get(script.who)!, script, now, random)));

  const written = await writeHistory(ctx, conversations, agentCalls, {
    provider: provider.name,
    label: provider.label,
  });
  const ratings = conversations.flatMap((c) => c.turns.map((t) => t.feedback));
  progress(
    `演示购物助手 (demo assistant): ${written.sessions} 个对话，${written.questions} 个提问` +
      `（👍 ${ratings.filter((f) => f === 1).length}，👎 ${ratings.filter((f) => f === -1).length}），` +
      `${written.toolCalls} 次工具调用，${written.mcpCalls} 次 MCP 调用，${Date.now() - started} ms`,
  );
}

/** The eight buyers of the conversations, registered some weeks before their first question. */
async function buyers(ctx: AppContext, now: Date): Promise<[Asker, string][]> {
  const made: [Asker, string][] = [];
  for (const [key, b] of Object.entries(DEMO_BUYERS) as [
    keyof typeof DEMO_BUYERS,
    (typeof DEMO_BUYERS)[keyof typeof DEMO_BUYERS],
  ][]) {
    const member =
      (await findMemberByMobile(ctx.db, b.mobile)) ??
      (await insertMember(ctx.db, {
        mobile: b.mobile,
        nickname: b.nickname,
        roles: ['member'],
        createdAt: new Date(now.getTime() - b.joinedDaysAgo * 86_400_000),
        updatedAt: new Date(now.getTime() - b.joinedDaysAgo * 86_400_000),
      }));
    made.push([key, member.id]);
  }
  return made;
}
