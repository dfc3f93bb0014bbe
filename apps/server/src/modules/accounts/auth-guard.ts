import type { FastifyRequest } from 'fastify';
import { Code } from '@mall/shared';
import { AppError } from '../../lib/errors.ts';
import { authenticate, type AuthedMember } from './accounts.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    member?: AuthedMember;
  }
}

/** The access token of `Authorization`, with or without the `Bearer ` prefix. */
export function accessTokenOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer(?:\s+|$)/i, '');
  return token.trim() || null;
}

/** preHandler: the request must carry a live session (106 without a token). */
export async function requireMember(req: FastifyRequest) {
  const token = accessTokenOf(req);
  if (!token) throw new AppError(Code.NOT_SIGNED_IN);
  req.member = await authenticate(req.server.ctx, token);
}

/** preHandler: reads the session when a token is sent, but lets visitors through. */
export async function optionalMember(req: FastifyRequest) {
  const token = accessTokenOf(req);
  if (token) req.member = await authenticate(req.server.ctx, token);
}

/** The signed-in member of a route guarded by requireMember. */
export function memberOf(req: FastifyRequest): AuthedMember {
  if (!req.member) throw new AppError(Code.NOT_SIGNED_IN);
  return req.member;
}
