import { performance } from 'node:perf_hooks';
import type { AppContext } from '../../lib/context.ts';
import * as repo from './assistant.repo.ts';
import type { Card, StreamEvent } from './cards.ts';
import { ProviderError, type AssistantProvider, type ToolResult, type TurnIO } from './provider.ts';
import { loggableArgs } from './tool-log.ts';
import { failedResult } from './tools/tool.ts';
import { TOOLS, TOOL_DESCRIPTIONS } from './tools/registry.ts';
import type { PreparedTurn } from './turn-prepare.ts';

export const TURN_FAILED_MESSAGE = '助手暂时无法回答，请稍后再试';
const STOP_WATCH_MS = 1000;

/**
 * Runs one answer: start, the provider's tool calls, text and cards, then done (or error). The runner,
 * not the provider, holds the rules every provider keeps:
 * - tools run with the turn's member, are counted against ASSISTANT_MAX_STEPS and logged;
 * - a card is shown only if a tool of this turn returned it, so no figure on a card is invented;
 * - once the signal aborts (stop, or the buyer went away) nothing more is written, the text so far is
 *   kept with status stopped, and the provider is not waited for.
 */
export async function runTurn(
  ctx: AppContext,
  provider: AssistantProvider,
  prepared: PreparedTurn,
  write: (event: StreamEvent) => void,
  signal: AbortSignal,
  onStopElsewhere: () => void = () => {},
) {
  const { answerId, replyTo, turn, sessionId } = prepared;
  const memberId = turn.member.memberId;
  let text = '';
  const cards: Card[] = [];
  const cardsFromTools = new Set<string>();
  let steps = 0;
  let tokens = 0;

  write({ type: 'start', data: { messageId: answerId, replyTo } });

  const io: TurnIO = {
    signal,
    tools: TOOL_DESCRIPTIONS,
    countTokens(n) {
      if (Number.isFinite(n) && n > 0) tokens += Math.round(n);
    },
    emit(event) {
      if (signal.aborted) return;
      if (event.type === 'delta') {
        if (typeof event.data.text !== 'string' || !event.data.text) return;
        text += event.data.text;
        write(event);
      } else if (event.type === 'card') {
        if (!cardsFromTools.has(JSON.stringify(event.data))) return;
        cards.push(event.data);
        write(event);
      }
      // tool events are the runner's own (callTool below)
    },
    async callTool(name, args): Promise<ToolResult> {
      if (signal.aborted) return failedResult('回答已停止');
      const tool = TOOLS.get(name);
      if (!tool) return failedResult(`没有名为 ${String(name).slice(0, 40)} 的工具`);
      steps += 1;
      if (steps > ctx.config.ASSISTANT_MAX_STEPS) return failedResult('本次回答的查询次数已达上限');
      const callId = `${answerId.slice(0, 8)}-${steps}`;
      const parsed = tool.parameters.safeParse(args ?? {});
      const shownArgs = loggableArgs(parsed.success ? parsed.data : args);
      write({ type: 'tool', data: { callId, name, args: shownArgs, status: 'running' } });
      const started = performance.now();
      let result: ToolResult;
      if (!parsed.success) {
        result = failedResult(`查询条件不正确：${parsed.error.issues[0]?.message ?? '参数错误'}`);
      } else {
        try {
          result = await tool.run(ctx, turn.member, parsed.data);
        } catch (err) {
          ctx.log.warn({ err, tool: name }, 'assistant tool failed');
          result = failedResult('查询失败，请稍后再试');
        }
      }
      const ms = Math.round(performance.now() - started);
      for (const card of result.cards) cardsFromTools.add(JSON.stringify(card));
      if (!signal.aborted) {
        write({ type: 'tool', data: { callId, name, args: shownArgs, status: result.ok ? 'done' : 'failed', summary: result.summary } });
      }
      await repo.insertToolCall(ctx.db, {
        memberId,
        sessionId,
        messageId: answerId,
        tool: name,
        args: shownArgs,
        resultSize: JSON.stringify(result.data ?? null).length,
        ms,
        ok: result.ok,
      });
      return result;
    },
  };

  // A stop asked on another server process marks the row; this process looks once a second.
  const watch = setInterval(() => {
    repo
      .answerStatus(ctx.db, answerId)
      .then((now) => {
        if (now === 'stopped' && !signal.aborted) onStopElsewhere();
      })
      .catch(() => {}); // a failed look is tried again a second later
  }, STOP_WATCH_MS);
  watch.unref();

  let status: 'done' | 'stopped' | 'failed' = 'done';
  let failure: string | undefined;
  const aborted = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  try {
    const responding = provider.respond(turn, io);
    // once stopped, the provider is not waited for: whatever it throws later must not go unhandled
    responding.catch((err: unknown) => signal.aborted && ctx.log.debug({ err }, 'assistant provider ended after the stop'));
    await Promise.race([responding, aborted]);
    if (signal.aborted) status = 'stopped';
  } catch (err) {
    if (signal.aborted) status = 'stopped';
    else {
      status = 'failed';
      failure = err instanceof ProviderError ? err.buyerMessage : TURN_FAILED_MESSAGE;
      // the buyer reads one Chinese sentence; the operator's log keeps what the endpoint really did
      if (err instanceof ProviderError) {
        ctx.log.warn({ err: err.cause ?? err, provider: provider.name, answerId, told: failure }, 'assistant provider failed');
      } else ctx.log.error({ err, provider: provider.name, answerId }, 'assistant turn failed');
    }
  }
  clearInterval(watch);
  await repo.finishAnswer(ctx.db, { messageId: answerId, content: text, parts: cards, status, tokens });
  if (status === 'failed') write({ type: 'error', data: { message: failure ?? TURN_FAILED_MESSAGE } });
  else write({ type: 'done', data: { messageId: answerId, text, status, label: provider.label } });
}
