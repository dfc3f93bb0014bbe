/**
 * Whether an error means the database cannot be reached right now (a restart, a failover, a network cut),
 * not that a statement was wrong: the request is answered 503 with a Chinese message and a Retry-After, and
 * the pool makes new connections by itself once the database is back. Errors are followed through their
 * causes (Drizzle wraps the driver's).
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (UNREACHABLE_MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true;
  }
  return false;
}

/**
 * PostgreSQL's 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * shutting down), class 08 (connection exceptions); the socket's own failures.
 */
const UNREACHABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);

/** What node-postgres says when a connection ends or cannot be made in time. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];
