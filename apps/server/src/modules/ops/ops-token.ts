import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { Code } from '@mall/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

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

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/** preHandler of every /ops route: the X-Ops-Token header must match, compared in constant time. */
export async function requireOperator(req: FastifyRequest) {
  const given = req.headers[OPS_TOKEN_HEADER];
  if (typeof given !== 'string' || !given) throw new AppError(Code.FORBIDDEN, '缺少运营令牌 (X-Ops-Token)');
  if (!crypto.timingSafeEqual(digest(given), digest(opsToken(req.server.ctx.config)))) {
    throw new AppError(Code.FORBIDDEN, '运营令牌不正确');
  }
}
