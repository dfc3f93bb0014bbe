import type { AppContext } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import * as repo from './assistant.repo.ts';
import { inFlight, presentMessage, presentSession } from './assistant.presenter.ts';
import type { TurnContext } from './provider.ts';
import { suggestionsFor } from './suggestions.ts';

/**
 * A member's conversations with the assistant. Every function takes the signed-in member and finds
 * only that member's rows: another member's session or message id reads as not found.
 */

export const NEW_SESSION_TITLE = '新对话';
export const SESSION_NOT_FOUND = '会话不存在';
export const MESSAGE_NOT_FOUND = '消息不存在';

export async function createSession(ctx: AppContext, memberId: string, context: TurnContext | null) {
  const row = await repo.insertSession(ctx.db, memberId, NEW_SESSION_TITLE, context && Object.keys(context).length ? context : null);
  return { sessionId: row.id, title: row.title, suggestions: suggestionsFor(row.context) };
}

export async function sessionPage(ctx: AppContext, memberId: string, pageNum: number, pageSize: number) {
  const { list, total } = await repo.sessionPage(ctx.db, memberId, (pageNum - 1) * pageSize, pageSize);
  return { list: list.map(presentSession), total, pageNum, pageSize };
}

export async function ownSession(ctx: AppContext, memberId: string, sessionId: string) {
  const session = await repo.findSession(ctx.db, memberId, sessionId);
  if (!session) throw notFound(SESSION_NOT_FOUND);
  return session;
}

export async function renameSession(ctx: AppContext, memberId: string, sessionId: string, title: string) {
  if (!(await repo.renameSession(ctx.db, memberId, sessionId, title))) throw notFound(SESSION_NOT_FOUND);
}

export async function deleteSession(ctx: AppContext, memberId: string, sessionId: string) {
  if (!(await repo.deleteSession(ctx.db, memberId, sessionId))) throw notFound(SESSION_NOT_FOUND);
}

export async function sessionMessages(ctx: AppContext, memberId: string, sessionId: string) {
  await ownSession(ctx, memberId, sessionId);
  const list = await repo.sessionMessages(ctx.db, memberId, sessionId);
  const now = Date.now();
  return { list: list.filter((r) => !inFlight(r, now)).map(presentMessage) };
}

export const messageNotFound = () => notFound(MESSAGE_NOT_FOUND);

export async function ownMessage(ctx: AppContext, memberId: string, messageId: string) {
  const message = await repo.findMessage(ctx.db, memberId, messageId);
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  return message;
}

/** 👍 1, 👎 -1, 0 takes the buyer's feedback back. Only answers are rated. */
export async function giveFeedback(ctx: AppContext, memberId: string, messageId: string, value: number) {
  const message = await ownMessage(ctx, memberId, messageId);
  if (message.role !== 'assistant') throw badRequest('只能评价助手的回答');
  await repo.setFeedback(ctx.db, memberId, messageId, value === 0 ? null : (value as 1 | -1));
}

/** Marks a running answer to be stopped by whichever server process streams it. */
export async function requestStop(ctx: AppContext, memberId: string, messageId: string) {
  await repo.markStopRequested(ctx.db, memberId, messageId);
}

export { runningTurns } from './turn-registry.ts';
