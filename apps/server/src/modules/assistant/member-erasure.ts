import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { assistantMcpCalls, assistantMessages, assistantSessions, assistantToolCalls } from '../../db/schema/index.ts';

/** 注销账号: the shopping assistant's conversations, tool calls and MCP calls of the member deleted. */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx.delete(assistantToolCalls).where(eq(assistantToolCalls.memberId, memberId));
  await tx.delete(assistantMessages).where(eq(assistantMessages.memberId, memberId));
  await tx.delete(assistantSessions).where(eq(assistantSessions.memberId, memberId));
  await tx.delete(assistantMcpCalls).where(eq(assistantMcpCalls.memberId, memberId));
}
