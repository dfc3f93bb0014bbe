import type { AssistantGoodsQuery } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { lockKey } from '../../lib/db.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import * as repo from './assistant.repo.ts';
import { MESSAGE_NOT_FOUND, NEW_SESSION_TITLE, SESSION_NOT_FOUND } from './assistant.service.ts';
import type { Card } from './cards.ts';
import type { AssistantProvider, Turn } from './provider.ts';
import { TITLE_MAX_CHARS } from './assistant.schema.ts';
import { assertWithinLimits } from './turn-limits.ts';

/** How many earlier messages a provider sees of the conversation. */
const HISTORY_MESSAGES = 12;

export interface ChatRequest {
  sessionId: string;
  content?: string;
  /** A user message (or an answer to it) whose answer is written again. */
  regenerate?: string;
}

export interface PreparedTurn {
  sessionId: string;
  answerId: string;
  replyTo: string;
  turn: Turn;
}

/**
 * Everything refused before the stream opens (unknown session, limits, a message to regenerate that
 * is not the buyer's) is refused here, as an ordinary reply. What passes gets its question stored and
 * an answer row marked as being written, in one transaction under the member's lock.
 */
export async function prepareTurn(
  ctx: AppContext,
  provider: AssistantProvider,
  memberId: string,
  req: ChatRequest,
): Promise<PreparedTurn> {
  const prepared = await ctx.db.transaction(async (tx) => {
    await lockKey(tx, 'assistant', memberId);
    const session = await repo.findSession(tx, memberId, req.sessionId);
    if (!session) throw notFound(SESSION_NOT_FOUND);
    await assertWithinLimits(ctx, tx, memberId, provider.name === 'openai');

    let question: repo.MessageRow;
    if (req.regenerate) {
      const target = await repo.findMessage(tx, memberId, req.regenerate);
      if (!target || target.session_id !== session.id) throw notFound(MESSAGE_NOT_FOUND);
      const asked = target.role === 'user' ? target : target.reply_to ? await repo.findMessage(tx, memberId, target.reply_to) : undefined;
      if (!asked) throw badRequest('这条消息不能重新生成');
      await repo.deleteAnswersTo(tx, memberId, asked.id);
      await repo.touchSession(tx, session.id);
      question = asked;
    } else {
      const content = req.content!;
      const title = [...content].slice(0, TITLE_MAX_CHARS).join('');
      await repo.touchSession(tx, session.id, { title, placeholder: NEW_SESSION_TITLE });
      question = await repo.insertUserMessage(tx, { sessionId: session.id, memberId, content });
    }
    const answer = await repo.insertAnswer(tx, {
      sessionId: session.id,
      memberId,
      replyTo: question.id,
      provider: provider.name,
      label: provider.label,
    });
    const history = await repo.historyBefore(tx, session.id, question.created_at, HISTORY_MESSAGES);
    const shown = await repo.lastAnswerParts(tx, session.id, question.created_at);
    return { session, question, answer, history, shown };
  });
  const { history, shown } = prepared;
  return {
    sessionId: prepared.session.id,
    answerId: prepared.answer.id,
    replyTo: prepared.question.id,
    turn: {
      question: prepared.question.content,
      history,
      context: prepared.session.context,
      member: { memberId },
      shownGoodsIds: goodsIdsOf(shown as Card[]),
      ...lastSearchOf(shown as Card[]),
    },
  };
}

function goodsIdsOf(parts: Card[]): number[] {
  return parts.flatMap((card) => (card.kind === 'goods' || card.kind === 'compare' ? card.goods.map((g) => g.goodsId) : []));
}

/** The query of the last answer's searched list, if a search made it. */
function lastSearchOf(parts: Card[]): { lastSearch?: AssistantGoodsQuery } {
  const searched = parts.find((card) => card.kind === 'goods' && card.query);
  return searched?.kind === 'goods' && searched.query ? { lastSearch: searched.query } : {};
}
