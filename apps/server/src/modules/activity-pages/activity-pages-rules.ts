import crypto from 'node:crypto';
import type { ActivityPageAction, ActivityPageStatus } from '@mall/shared';

/**
 * The rules of activity pages that need no database: the state table (草稿 → 已上线 ⇄ 已下线) and the
 * console's preview token (an HMAC of the page id and an expiry, valid 10 minutes).
 */

/** Which states each action leaves from, and where it goes; anything else is refused. */
export const PAGE_TRANSITIONS: Record<Exclude<ActivityPageAction, 'update'>, { from: readonly ActivityPageStatus[]; to: ActivityPageStatus }> = {
  publish: { from: ['DRAFT', 'OFFLINE'], to: 'PUBLISHED' },
  offline: { from: ['PUBLISHED'], to: 'OFFLINE' },
};
/** A live page is taken offline before it is edited, so buyers never see a change nobody previewed. */
export const EDITABLE: readonly ActivityPageStatus[] = ['DRAFT', 'OFFLINE'];

export function canDo(status: ActivityPageStatus, action: ActivityPageAction): boolean {
  return action === 'update' ? EDITABLE.includes(status) : PAGE_TRANSITIONS[action].from.includes(status);
}

export function actionsOf(status: ActivityPageStatus): ActivityPageAction[] {
  return (['update', 'publish', 'offline'] as const).filter((a) => canDo(status, a));
}

export const PREVIEW_TTL_MS = 10 * 60_000;

const mac = (key: Buffer, pageId: number, expiresAt: number) =>
  crypto.createHmac('sha256', key).update(`activity-page-preview:${pageId}:${expiresAt}`).digest('base64url');

/** `<expiry ms>.<mac>`: binds the page and the expiry; nothing secret inside. */
export function signPreview(key: Buffer, pageId: number, now: number): { token: string; expiresAt: number } {
  const expiresAt = now + PREVIEW_TTL_MS;
  return { token: `${expiresAt}.${mac(key, pageId, expiresAt)}`, expiresAt };
}

/** True only for a token made for this page, untampered, not expired and not dated beyond the TTL. */
export function previewValid(key: Buffer, pageId: number, token: string, now: number): boolean {
  const m = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return false;
  const expiresAt = Number(m[1]);
  if (!(expiresAt > now) || expiresAt > now + PREVIEW_TTL_MS) return false;
  const want = Buffer.from(mac(key, pageId, expiresAt));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}
