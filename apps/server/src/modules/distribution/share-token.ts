import crypto from 'node:crypto';

/**
 * What a shared link carries: `<share code>.<expiry, seconds base 36>.<mac>`. The mac (HMAC-SHA256 of
 * the code and the expiry under the server's data key, 16 characters) keeps a link from being
 * stretched past its expiry or pointed at another distributor; nothing secret is inside.
 */
const mac = (key: Buffer, code: string, expires: string) =>
  crypto.createHmac('sha256', key).update(`share-link:${code}:${expires}`).digest('base64url').slice(0, 16);

export function signShare(key: Buffer, code: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${code}.${expires}.${mac(key, code, expires)}`;
}

export type ShareRead = { code: string; expiresAt: Date } | { refused: string };

export function readShare(key: Buffer, token: string, now: Date): ShareRead {
  const m = /^([A-Z2-9]{8})\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{16})$/.exec(token);
  if (!m) return { refused: '分享链接无效' };
  const [, code, expires, given] = m as unknown as [string, string, string, string];
  const want = Buffer.from(mac(key, code, expires));
  if (!crypto.timingSafeEqual(want, Buffer.from(given))) return { refused: '分享链接无效' };
  const expiresAt = new Date(parseInt(expires, 36) * 1000);
  if (expiresAt <= now) return { refused: '分享链接已过期' };
  return { code, expiresAt };
}
