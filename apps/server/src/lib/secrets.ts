import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

export interface Secrets {
  /** HMAC key for access tokens (JWT HS256). */
  jwtKey: Uint8Array;
  /** AES-256-GCM key for personal data at rest, and the base of keyed hashes. */
  dataKey: Buffer;
}

/**
 * Secrets come from settings; in a demo, made once and kept in DATA_DIR/secrets.json
 * (mode 0600) so tokens and encrypted data survive restarts.
 */
export function loadSecrets(config: Config, persist = true): Secrets {
  let stored: { jwtSecret?: string; dataKey?: string } = {};
  const file = path.join(config.dataDir, 'secrets.json');
  if ((!config.JWT_SECRET || !config.DATA_KEY) && persist) {
    if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!stored.jwtSecret || !stored.dataKey) {
      stored = {
        jwtSecret: stored.jwtSecret ?? crypto.randomBytes(48).toString('base64url'),
        dataKey: stored.dataKey ?? crypto.randomBytes(32).toString('hex'),
      };
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
    }
  }
  const jwtSecret = config.JWT_SECRET ?? stored.jwtSecret ?? crypto.randomBytes(48).toString('base64url');
  const dataKey = config.DATA_KEY ?? stored.dataKey ?? crypto.randomBytes(32).toString('hex');
  return { jwtKey: new TextEncoder().encode(jwtSecret), dataKey: Buffer.from(dataKey, 'hex') };
}

/** A keyed hash (HMAC-SHA256) for values looked up but never stored in clear. */
export function keyedHash(secrets: Secrets, purpose: string, value: string): string {
  return crypto.createHmac('sha256', secrets.dataKey).update(`${purpose}:${value}`).digest('hex');
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals a small secret at rest with the data key (AES-256-GCM, random 12-byte IV, stored as
 * base64(iv | tag | ciphertext)); `binding` (purpose and owner) is associated data, so a sealed
 * value copied to another row or purpose does not open.
 */
export function sealText(secrets: Secrets, binding: string, value: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', secrets.dataKey, iv);
  cipher.setAAD(Buffer.from(binding));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openText(secrets: Secrets, binding: string, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', secrets.dataKey, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(binding));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
