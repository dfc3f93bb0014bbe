import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type SmsPurpose = 'login' | 'resetPassword';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const members = pgTable('members', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').unique(),
  mobile: text('mobile').unique(),
  passwordHash: text('password_hash'),
  nickname: text('nickname'),
  avatar: text('avatar'),
  gender: text('gender').notNull().default('unknown'),
  birthday: date('birthday', { mode: 'string' }),
  roles: text('roles').array().notNull().default([]),
  status: text('status').notNull().default('active'),
  invitationCode: text('invitation_code'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const memberSessions = pgTable(
  'member_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    refreshHash: text('refresh_hash').notNull().unique(),
    clientType: text('client_type').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('member_sessions_member_idx').on(t.memberId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    /** 'login' (sign-in and sign-up) or 'resetPassword' (忘记密码); limits count both together. */
    purpose: text('purpose').$type<SmsPurpose>().notNull().default('login'),
    attempts: integer('attempts').notNull().default(0),
    visitorId: text('visitor_id'),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.purpose, t.createdAt)],
);

export const smsOutbox = pgTable('sms_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  mobile: text('mobile').notNull(),
  content: text('content').notNull(),
  createdAt: createdAt(),
});

export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loginKey: text('login_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_key_idx').on(t.loginKey, t.createdAt)],
);

/**
 * 注销账号 requests (migration 0100): COOLING_OFF until `eraseAt`, then ERASED by the sweeper, or REVOKED
 * when the member takes it back at sign-in. At most one COOLING_OFF per member.
 */
export type CancellationStatus = 'COOLING_OFF' | 'REVOKED' | 'ERASED';

export const memberCancellations = pgTable(
  'member_cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    status: text('status').$type<CancellationStatus>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    eraseAt: timestamp('erase_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [index('member_cancellations_due_idx').on(t.eraseAt)],
);
