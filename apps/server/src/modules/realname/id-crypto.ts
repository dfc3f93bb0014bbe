import type { Secrets } from '../../lib/secrets.ts';
import { keyedHash, openText, sealText } from '../../lib/secrets.ts';

/**
 * ID numbers at rest: AES-256-GCM with the data key, a random 12-byte IV per record, stored as
 * base64(iv | tag | ciphertext). The owning member's id is bound in as associated data, so a
 * ciphertext copied onto another member's row does not decrypt.
 */
export const encryptIdNumber = (secrets: Secrets, memberId: string, value: string) =>
  sealText(secrets, `realname:${memberId}`, value);

export const decryptIdNumber = (secrets: Secrets, memberId: string, stored: string) =>
  openText(secrets, `realname:${memberId}`, stored);

/** The keyed hash that finds a member's duplicate numbers without storing them. */
export function idNumberHash(secrets: Secrets, value: string): string {
  return keyedHash(secrets, 'idcard', value);
}
