import { Code } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import { shanghaiDay } from '../../lib/ids.ts';
import * as repo from './assistant.repo.ts';

/**
 * The per-member limits of questions, counted from the answers kept (a regenerated answer counts as a
 * question too). Checked under the member's lock, so a burst of parallel questions cannot slip past.
 */
export const QUESTIONS_PER_MINUTE = 20;

/** The start of today in Asia/Shanghai, where the buyer's day begins. */
function startOfShanghaiDay(now: Date) {
  return new Date(`${shanghaiDay(now)}T00:00:00+08:00`);
}

export async function assertWithinLimits(ctx: AppContext, db: DbOrTx, memberId: string, countsTokens: boolean, now = new Date()) {
  const counts = await repo.answerCounts(db, memberId, new Date(now.getTime() - 60_000), startOfShanghaiDay(now));
  if (counts.lastMinute >= QUESTIONS_PER_MINUTE) {
    throw new AppError(Code.TOO_MANY_REQUESTS, '提问太频繁了，请稍后再试');
  }
  const { ASSISTANT_DAILY_QUESTIONS: dailyQuestions, ASSISTANT_DAILY_TOKENS: dailyTokens } = ctx.config;
  if (dailyQuestions && counts.today >= dailyQuestions) {
    throw new AppError(Code.TOO_MANY_REQUESTS, `今天已提问 ${dailyQuestions} 次，达到上限，明天再来吧`);
  }
  if (countsTokens && dailyTokens && counts.tokensToday >= dailyTokens) {
    throw new AppError(Code.TOO_MANY_REQUESTS, '今天的助手用量已达上限，明天再来吧');
  }
}
