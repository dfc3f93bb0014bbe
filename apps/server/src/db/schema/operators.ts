import { bigint, boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The operator console's tables (migration 0040_operators.sql). */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const opsRoles = pgTable('ops_roles', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  permissions: text('permissions').array().notNull().default([]),
  builtin: boolean('builtin').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const operators = pgTable('operators', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  roleKey: text('role_key')
    .notNull()
    .references(() => opsRoles.key),
  status: text('status').notNull().default('active'),
  isSystem: boolean('is_system').notNull().default(false),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const opsSessions = pgTable('ops_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  operatorId: uuid('operator_id')
    .notNull()
    .references(() => operators.id),
  tokenHash: text('token_hash').notNull().unique(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const opsLoginFailures = pgTable('ops_login_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  loginKey: text('login_key').notNull(),
  createdAt: createdAt(),
});

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

export const opsAuditLog = pgTable('ops_audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  operatorId: uuid('operator_id').references(() => operators.id),
  operatorName: text('operator_name').notNull(),
  ip: text('ip'),
  action: text('action').notNull(),
  objectType: text('object_type').notNull(),
  objectId: text('object_id'),
  changes: jsonb('changes').$type<AuditChange[]>().notNull().default([]),
  reason: text('reason'),
  createdAt: createdAt(),
});
