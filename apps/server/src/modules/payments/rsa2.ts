import crypto from 'node:crypto';
import { shanghaiDateTime } from '../../lib/ids.ts';

/**
 * The platform side of Alipay's RSA2 signature, for the sandbox platform and the test fakes (the shop's
 * own client signs and verifies through alipay-sdk): RSA-SHA256 over the parameters sorted by key and joined as `k=v&k=v`,
 * leaving out `sign`, `sign_type` (for notifications) and empty values; base64.
 * Keys may be PEM or the bare base64 body Alipay's console hands out.
 */
export type Params = Record<string, string>;

export function signingContent(params: Params, exclude: readonly string[] = ['sign', 'sign_type']): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function toPrivateKey(key: string): crypto.KeyObject {
  const text = key.trim();
  if (text.includes('-----BEGIN')) return crypto.createPrivateKey(text);
  return crypto.createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
}

export function toPublicKey(key: string): crypto.KeyObject {
  const text = key.trim();
  if (text.includes('-----BEGIN')) return crypto.createPublicKey(text);
  return crypto.createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
}

export function signText(content: string, privateKey: crypto.KeyObject | string): string {
  const key = typeof privateKey === 'string' ? toPrivateKey(privateKey) : privateKey;
  return crypto.sign('sha256', Buffer.from(content, 'utf8'), key).toString('base64');
}

export function verifyText(content: string, sign: string, publicKey: crypto.KeyObject | string): boolean {
  if (!sign || !/^[A-Za-z0-9+/=\r\n]+$/.test(sign)) return false;
  try {
    const key = typeof publicKey === 'string' ? toPublicKey(publicKey) : publicKey;
    return crypto.verify('sha256', Buffer.from(content, 'utf8'), key, Buffer.from(sign, 'base64'));
  } catch {
    return false;
  }
}

/** Request signatures: only `sign` is left out; sign_type is part of the content. */
export function verifyRequest(params: Params, publicKey: crypto.KeyObject | string): boolean {
  return verifyText(signingContent(params, ['sign']), params.sign ?? '', publicKey);
}

/** Notification signing: `sign` and `sign_type` are both left out (Alipay's asynchronous notify rule). */
export function signNotification(params: Params, privateKey: crypto.KeyObject | string): Params {
  return { ...params, sign: signText(signingContent(params), privateKey) };
}

export interface KeyPairPem {
  privateKey: string;
  publicKey: string;
}

export function newRsaKeyPair(): KeyPairPem {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

/** Fen → Alipay's yuan string with two decimals ("12.34"). */
export function fenToYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Alipay's yuan string → fen, exactly (no floating point); undefined when malformed. */
export function yuanToFen(yuan: string | undefined): number | undefined {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(yuan ?? '');
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Alipay's timestamps: "yyyy-MM-dd HH:mm:ss" in Beijing time. */
export const beijingTime = (date: Date): string => shanghaiDateTime(date);
