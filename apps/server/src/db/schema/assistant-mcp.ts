import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './accounts.ts';

/**
 * Migration 0094: the calls of buyers' own AI agents to the assistant's MCP server; the indexes live in
 * the migrations (0095 adds the one by time that the console's figures read).
 */
export const assistantMcpCalls = pgTable('assistant_mcp_calls', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  tool: text('tool').notNull(),
  args: jsonb('args').notNull().default({}),
  resultSize: integer('result_size').notNull().default(0),
  ms: integer('ms').notNull().default(0),
  ok: boolean('ok').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
