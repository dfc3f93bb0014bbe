import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { memberSessions, members } from './accounts.ts';

/**
 * SMS codes of the member area (change password, verify the bound mobile, bind a new one). Kept apart
 * from the sign-in codes of `sms_codes`: the sign-in flow reads the newest code of a number whatever
 * it was sent for, so a shared table would let one purpose's code shadow, burn or stand in for
 * another's. A code here is bound to the member and the purpose that asked for it.
 */
export const memberSecurityCodes = pgTable(
  'member_security_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    visitorId: text('visitor_id'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('member_security_codes_lookup_idx').on(t.memberId, t.purpose, t.mobile, t.createdAt),
    index('member_security_codes_mobile_idx').on(t.mobile, t.createdAt),
  ],
);

/** A short-lived proof that the member re-authenticated in this session (before changing the mobile). */
export const memberReauthTickets = pgTable('member_reauth_tickets', {
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => memberSessions.id),
  ticketHash: text('ticket_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * 实名信息: the ID number only as AES-256-GCM ciphertext (base64 of iv|tag|ciphertext) and a keyed
 * hash for refusing duplicates; never in clear.
 */
export const memberRealNames = pgTable(
  'member_real_names',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    name: text('name').notNull(),
    idCipher: text('id_cipher').notNull(),
    idHash: text('id_hash').notNull(),
    /** The masked form shown everywhere (1****************X), so lists never decrypt. */
    idMasked: text('id_masked').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_real_names_hash_idx').on(t.memberId, t.idHash),
    uniqueIndex('member_real_names_default_idx').on(t.memberId).where(sql`is_default`),
  ],
);

/** Consent changes (migration 0098): one row per change, the newest is in force; none means given at registration. */
export const memberConsents = pgTable(
  'member_consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    purpose: text('purpose').notNull(),
    granted: boolean('granted').notNull(),
    source: text('source').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_consents_member_idx').on(t.memberId, t.purpose, t.id)],
);

/** Each 个人信息副本 a member asked for (migration 0098): its links last until expiresAt, each file downloads once. */
export const memberDataCopies = pgTable(
  'member_data_copies',
  {
    id: uuid('id').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    jsonDownloadedAt: timestamp('json_downloaded_at', { withTimezone: true }),
    csvDownloadedAt: timestamp('csv_downloaded_at', { withTimezone: true }),
  },
  (t) => [index('member_data_copies_member_idx').on(t.memberId, t.createdAt)],
);
