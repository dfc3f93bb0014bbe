import type { AssistantCard } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { TITLE_MAX_CHARS } from '../../modules/assistant/assistant.schema.ts';
import type { AssistantProvider, TurnIO } from '../../modules/assistant/provider.ts';
import { TOOL_DESCRIPTIONS } from '../../modules/assistant/tools/registry.ts';
import { NotReplayable } from './result-as-of.ts';
import { between, failedToolMs, momentOf, toolMs, type Random, type When } from './timing.ts';
import { callAsOf, type LoggedCall } from './call-as-of.ts';

/**
 * A scripted conversation answered by the assistant's own provider, as of the moments it happened:
 * the provider reads each question and calls its tools (call-as-of.ts, as of that moment), and what it
 * says and shows is kept as the turn runner keeps it. Times follow a buyer: the answer row is written
 * with its question, the tool takes its time, the buyer reads and asks again a minute or two later.
 */
export interface ScriptedTurn {
  question: string;
  feedback?: 1 | -1;
  /** The tool call of this answer failed on the database. */
  failing?: true;
}

export interface ScriptedConversation<Who extends string = string> {
  who: Who;
  when: When;
  turns: ScriptedTurn[];
}

export interface ReplayedTurn {
  question: string;
  askedAt: Date;
  answer: string;
  parts: AssistantCard[];
  answeredAt: Date;
  feedback: 1 | -1 | null;
  calls: (LoggedCall & { ms: number; at: Date })[];
}

export interface ReplayedConversation {
  memberId: string;
  title: string;
  startedAt: Date;
  turns: ReplayedTurn[];
}

export async function replayConversation(
  ctx: AppContext,
  provider: AssistantProvider,
  memberId: string,
  script: ScriptedConversation,
  now: Date,
  random: Random,
): Promise<ReplayedConversation | null> {
  let at = momentOf(script.when, now, random);
  const startedAt = new Date(at.getTime() - between(random, 4, 40) * 1000);
  const turns: ReplayedTurn[] = [];
  for (const scripted of script.turns) {
    if (at >= now) break; // the history ends before the start
    const shown = [...turns].reverse().find((t) => t.parts.some((c) => c.kind === 'goods' || c.kind === 'compare'));
    const turn = await answerAt(ctx, provider, { memberId, scripted, at, turns, shown: shown?.parts ?? [] }, random);
    if (!turn) continue;
    turns.push(turn);
    const lastCall = turn.calls.at(-1)?.at ?? turn.answeredAt;
    at = new Date(lastCall.getTime() + between(random, 25, 160) * 1000);
  }
  if (!turns.length) return null;
  return { memberId, title: [...turns[0]!.question].slice(0, TITLE_MAX_CHARS).join(''), startedAt, turns };
}

async function answerAt(
  ctx: AppContext,
  provider: AssistantProvider,
  p: { memberId: string; scripted: ScriptedTurn; at: Date; turns: ReplayedTurn[]; shown: AssistantCard[] },
  random: Random,
): Promise<ReplayedTurn | null> {
  const { memberId, scripted, at } = p;
  let text = '';
  const parts: AssistantCard[] = [];
  const calls: ReplayedTurn['calls'] = [];
  // the answer's row is written with its question, in the same transaction
  const answeredAt = new Date(at.getTime() + between(random, 1, 4));
  let clock = answeredAt.getTime();
  const io: TurnIO = {
    signal: new AbortController().signal,
    tools: TOOL_DESCRIPTIONS,
    countTokens: () => {},
    emit(event) {
      if (event.type === 'delta') text += event.data.text;
      else if (event.type === 'card') parts.push(event.data);
    },
    async callTool(name, args) {
      const { result, logged } = await callAsOf(ctx, {
        memberId,
        tool: name,
        args: (args ?? {}) as Record<string, unknown>,
        at,
        failing: scripted.failing,
        badArgsPrefix: '查询条件不正确：',
      });
      const ms = scripted.failing ? failedToolMs(random) : toolMs(random, name);
      clock += ms + between(random, 1, 3);
      calls.push({ ...logged, ms, at: new Date(clock) });
      return result;
    },
  };
  const turn = {
    question: scripted.question,
    history: p.turns.flatMap((t) => [
      { role: 'user' as const, content: t.question },
      { role: 'assistant' as const, content: t.answer },
    ]),
    context: null,
    member: { memberId },
    shownGoodsIds: p.shown.flatMap((c) =>
      c.kind === 'goods' || c.kind === 'compare' ? c.goods.map((g) => g.goodsId) : [],
    ),
  };
  try {
    await provider.respond(turn, io);
  } catch (err) {
    if (err instanceof NotReplayable) return null;
    throw err;
  }
  return {
    question: scripted.question,
    askedAt: at,
    answer: text,
    parts,
    answeredAt,
    feedback: scripted.feedback ?? null,
    calls,
  };
}
