import type { AuditChange } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import * as repo from './operators.repo.ts';

/**
 * The append-only log of operator writes: who, when, from which IP, what (action, object, the
 * changed fields before → after) and the reason where one is required. Personal data is masked
 * before it is written, and secrets never are.
 */
export interface AuditEntry {
  action: string;
  objectType: string;
  objectId?: string | number | null;
  changes?: AuditChange[];
  reason?: string | null;
}

export interface AuditActor {
  operatorId: string | null;
  operatorName: string;
  ip: string | null;
}

const SECRET = /password|token|secret|totp|code$/i;
const MOBILE = /mobile|phone/i;
const PERSON = /receiverName|realName|idNumber/i;
const ADDRESS = /address|detail/i;

const maskPerson = (value: string) =>
  value.length <= 1 ? '*' : `${Array.from(value)[0]}${'*'.repeat(Array.from(value).length - 1)}`;

function maskText(field: string, value: string): string {
  if (SECRET.test(field)) return '[已隐藏]';
  if (MOBILE.test(field)) return value.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
  if (PERSON.test(field)) return maskPerson(value);
  if (ADDRESS.test(field)) return Array.from(value).length > 6 ? `${Array.from(value).slice(0, 6).join('')}…` : value;
  return value.length > 500 ? `${value.slice(0, 500)}…` : value;
}

/** A value as the log may keep it: personal data masked, secrets hidden, objects walked. */
export function maskValue(field: string, value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') {
    return SECRET.test(field) && value !== null && value !== undefined ? '[已隐藏]' : value;
  }
  if (typeof value === 'string') return maskText(field, value);
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskValue(field, v));
  if (typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>);
    // A `name` beside a mobile is a contact's (a receiver, an account holder); elsewhere it names a
    // coupon, a goods or a category and is kept as it is.
    const contact = fields.some(([k]) => MOBILE.test(k));
    return Object.fromEntries(
      fields.map(([k, v]) => [k, contact && k === 'name' && typeof v === 'string' ? maskPerson(v) : maskValue(k, v)]),
    );
  }
  return String(value);
}

/** The fields of `after` that differ from `before` (masked when recorded). */
export function diff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields?: string[],
): AuditChange[] {
  const keys = fields ?? [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

export async function recordAudit(db: DbOrTx, who: AuditActor, e: AuditEntry) {
  await repo.insertAudit(db, {
    operatorId: who.operatorId,
    operatorName: who.operatorName,
    ip: who.ip,
    action: e.action,
    objectType: e.objectType,
    objectId: e.objectId === undefined || e.objectId === null ? null : String(e.objectId),
    changes: (e.changes ?? []).map((c) => ({
      field: c.field,
      before: maskValue(c.field, c.before),
      after: maskValue(c.field, c.after),
    })),
    reason: e.reason ?? null,
  });
}

export async function auditPage(ctx: AppContext, q: repo.AuditFilter & { pageNum: number; pageSize: number }) {
  const { list, total } = await repo.pageAudit(ctx.db, q, q.pageNum, q.pageSize);
  return {
    list: list.map((r) => ({
      id: r.id,
      operatorName: r.operatorName,
      ip: r.ip,
      action: r.action,
      objectType: r.objectType,
      objectId: r.objectId,
      changes: r.changes,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}
