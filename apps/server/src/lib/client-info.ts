import type { FastifyRequest } from 'fastify';

/** The visitor id header of spec §7 ("VistorId: PC-<id>"), bounded so it cannot bloat rows. */
export function visitorId(req: FastifyRequest): string | null {
  const raw = req.headers['vistorid'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value ? value.slice(0, 64) : null;
}

export function userAgent(req: FastifyRequest): string | null {
  const ua = req.headers['user-agent'];
  return ua ? ua.slice(0, 300) : null;
}
