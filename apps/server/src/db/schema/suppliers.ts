import { bigint, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './accounts.ts';
import { operators } from './operators.ts';

/** Tables of migrations 0090 and 0091 (supplier onboarding); the CHECKs and indexes live in the migrations. */
export const supplierApplications = pgTable('supplier_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: uuid('member_id')
    .notNull()
    .unique()
    .references(() => members.id),
  /** DRAFT, PENDING, APPROVED or REJECTED. */
  status: text('status').notNull().default('DRAFT'),
  /** The furthest step saved: 1 company, 2 bank account, 3 store. */
  step: smallint('step').notNull().default(0),
  companyName: text('company_name'),
  creditCode: text('credit_code'),
  licenceImage: text('licence_image'),
  legalName: text('legal_name'),
  legalIdSealed: text('legal_id_sealed'),
  legalIdMasked: text('legal_id_masked'),
  provinceCode: text('province_code'),
  cityCode: text('city_code'),
  districtCode: text('district_code'),
  addressDetail: text('address_detail'),
  contactName: text('contact_name'),
  contactMobile: text('contact_mobile'),
  bankName: text('bank_name'),
  bankBranch: text('bank_branch'),
  bankAccountSealed: text('bank_account_sealed'),
  bankAccountMasked: text('bank_account_masked'),
  storeName: text('store_name'),
  storeLogo: text('store_logo'),
  storeCategoryIds: integer('store_category_ids').array().notNull().default([]),
  storeDescription: text('store_description'),
  rejectReason: text('reject_reason'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  reviewedBy: text('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const suppliers = pgTable('suppliers', {
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: uuid('member_id')
    .notNull()
    .unique()
    .references(() => members.id),
  applicationId: uuid('application_id')
    .notNull()
    .unique()
    .references(() => supplierApplications.id),
  operatorId: uuid('operator_id')
    .notNull()
    .unique()
    .references(() => operators.id),
  storeName: text('store_name').notNull(),
  storeLogo: text('store_logo').notNull(),
  storeDescription: text('store_description').notNull().default(''),
  categoryIds: integer('category_ids').array().notNull().default([]),
  companyName: text('company_name').notNull(),
  /** ACTIVE or DISABLED. */
  status: text('status').notNull().default('ACTIVE'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const supplierApplicationEvents = pgTable('supplier_application_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  applicationId: uuid('application_id')
    .notNull()
    .references(() => supplierApplications.id),
  /** SUBMIT, APPROVE or REJECT. */
  action: text('action').notNull(),
  byName: text('by_name'),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
