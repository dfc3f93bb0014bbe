import { bigint, boolean, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './accounts.ts';

/** Tables of migration 0093 (the shopping assistant); the CHECKs and indexes live in the migration. */
export const assistantSessions = pgTable('assistant_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  title: text('title').notNull(),
  /** {goodsId?, keyword?}: where the buyer opened the assistant from. */
  context: jsonb('context'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const assistantMessages = pgTable('assistant_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => assistantSessions.id),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  /** user or assistant. */
  role: text('role').notNull(),
  content: text('content').notNull().default(''),
  /** The cards shown with the answer, in order. */
  parts: jsonb('parts').notNull().default([]),
  /** streaming (while the answer is written), done, stopped or failed. */
  status: text('status').notNull(),
  provider: text('provider'),
  label: text('label'),
  feedback: smallint('feedback'),
  replyTo: uuid('reply_to'),
  tokens: integer('tokens').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const assistantToolCalls = pgTable('assistant_tool_calls', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => assistantSessions.id),
  messageId: uuid('message_id').notNull(),
  tool: text('tool').notNull(),
  args: jsonb('args').notNull().default({}),
  resultSize: integer('result_size').notNull().default(0),
  ms: integer('ms').notNull().default(0),
  ok: boolean('ok').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
