import crypto from 'node:crypto';
import type { Secrets } from '../../lib/secrets.ts';
import { keyedHash } from '../../lib/secrets.ts';

/**
 * ID numbers at rest: AES-256-GCM with the data key, a random 12-byte IV per record, stored as
 * base64(iv | tag | ciphertext). The owning member's id is bound in as associated data, so a
 * ciphertext copied onto another member's row does not decrypt.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function encryptIdNumber(secrets: Secrets, memberId: string, value: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', secrets.dataKey, iv);
  cipher.setAAD(Buffer.from(`realname:${memberId}`));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decryptIdNumber(secrets: Secrets, memberId: string, stored: string): string {
  const raw = Buffer.from(stored, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', secrets.dataKey, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(`realname:${memberId}`));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** The keyed hash that finds a member's duplicate numbers without storing them. */
export function idNumberHash(secrets: Secrets, value: string): string {
  return keyedHash(secrets, 'idcard', value);
}
