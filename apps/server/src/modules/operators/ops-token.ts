import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

export const OPS_TOKEN_HEADER = 'x-ops-token';
export const OPS_TOKEN_FILE = 'ops-token';

const tokens = new WeakMap<Config, string>();

/**
 * The operator token: OPS_TOKEN, or (demo, or production with ALLOW_INSECURE=default-secrets) one
 * made once and kept in DATA_DIR/ops-token (mode 0600), where `npm run ops` also finds it.
 * Tests without OPS_TOKEN get a random one nobody knows.
 */
export function opsToken(config: Config): string {
  const known = config.OPS_TOKEN ?? tokens.get(config);
  if (known) return known;
  let token = crypto.randomBytes(32).toString('base64url');
  if (config.NODE_ENV !== 'test') {
    const file = path.join(config.dataDir, OPS_TOKEN_FILE);
    try {
      if (fs.existsSync(file)) token = fs.readFileSync(file, 'utf8').trim() || token;
      else {
        fs.mkdirSync(config.dataDir, { recursive: true });
        fs.writeFileSync(file, token, { mode: 0o600 });
      }
    } catch {
      // An unwritable DATA_DIR leaves a token only this process knows: ops calls need OPS_TOKEN then.
    }
  }
  tokens.set(config, token);
  return token;
}
